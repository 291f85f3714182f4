package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.schema.change.ChangeEvent;
import java.util.List;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.POutput;

/**
 * A connector that a YAML job's {@code sink} block can name by its {@code type}. Found with {@link
 * java.util.ServiceLoader}: a jar adds one by listing its class in {@code
 * META-INF/services/dev.kafkaconnector.io.pipeline.PipelineSinkFactory}.
 */
public interface PipelineSinkFactory {
  /** The {@code type} this connector answers to, in lower case. */
  String type();

  /** Other names of {@link #type}. */
  default List<String> aliases() {
    return List.of();
  }

  /**
   * The sink of change events for the block; validates every option, failing with {@link
   * ConnectorContext#invalid} or an {@link IllegalArgumentException} naming the option key.
   */
  PTransform<PCollection<ChangeEvent>, ? extends POutput> createSink(ConnectorContext context);
}
