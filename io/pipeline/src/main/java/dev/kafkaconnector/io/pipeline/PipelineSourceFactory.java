package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.schema.change.ChangeEvent;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * A connector that a YAML job's {@code source} block can name by its {@code type}. Found with
 * {@link java.util.ServiceLoader}: a jar adds one by listing its class in {@code
 * META-INF/services/dev.kafkaconnector.io.pipeline.PipelineSourceFactory}.
 */
public interface PipelineSourceFactory {
  /** The {@code type} this connector answers to, in lower case. */
  String type();

  /**
   * The source of change events for the block; validates every option, failing with {@link
   * ConnectorContext#invalid} or an {@link IllegalArgumentException} naming the option key.
   */
  PTransform<PBegin, PCollection<ChangeEvent>> createSource(ConnectorContext context);
}
