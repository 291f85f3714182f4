package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.common.Secrets;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The {@code source} or {@code sink} block of a job: its {@code type} (the connector), optional
 * {@code name}, and every other key as the connector's option (with the options of its {@code
 * using.built-in-catalog} under them).
 *
 * @param path the block's YAML path, {@code source} or {@code sink}
 */
public record ConnectorDefinition(
    String path, String type, @Nullable String name, Map<String, String> options) {
  public ConnectorDefinition {
    options = Map.copyOf(options);
  }

  /** The options with secret values masked. */
  @Override
  public String toString() {
    return path
        + "{type="
        + type
        + (name != null ? ", name=" + name : "")
        + ", options="
        + Secrets.redactOptions(options)
        + "}";
  }
}
