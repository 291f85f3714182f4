package dev.kafkaconnector.io.pipeline;

import java.util.List;
import java.util.Set;

/**
 * A parsed and validated YAML job definition (Flink CDC's pipeline format): where changes come
 * from, where they go, how their rows are transformed and their table ids routed, and the job's
 * settings. {@link #toString} masks secret values.
 *
 * @param secretValues the values filled into {@code ${secret_values.*}} placeholders, which no
 *     message may show
 */
public record PipelineDefinition(
    ConnectorDefinition source,
    ConnectorDefinition sink,
    List<RouteDefinition> routes,
    List<TransformDefinition> transforms,
    PipelineSettings pipeline,
    Set<String> secretValues) {
  public PipelineDefinition {
    routes = List.copyOf(routes);
    transforms = List.copyOf(transforms);
    secretValues = Set.copyOf(secretValues);
  }

  /** {@code text} with every secret value replaced by a mask. */
  public String mask(String text) {
    String masked = text;
    for (String secret : secretValues) {
      if (!secret.isEmpty()) {
        masked = masked.replace(secret, dev.kafkaconnector.io.common.Secrets.MASK);
      }
    }
    return masked;
  }

  @Override
  public String toString() {
    return mask(
        "PipelineDefinition{"
            + source
            + ", "
            + sink
            + ", routes="
            + routes
            + ", transforms="
            + transforms
            + ", pipeline="
            + pipeline
            + "}");
  }
}
