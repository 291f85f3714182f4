package dev.kafkaconnector.runners.transforms;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The change-stream schema transforms through the expansion service, on embedded Flink in streaming
 * mode.
 */
class FlinkRunnerChangeSchemaTransformIT extends AbstractChangeSchemaTransformITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK =
      KeptMiniClusterExtension.forBatchAndStreamingJobs();

  @Override
  protected PipelineOptions options() {
    FlinkPipelineOptions options =
        PipelineRunners.flinkStreamingEndingWithSources(KeptMiniClusterExtension.MASTER);
    options.setNumberOfExecutionRetries(0);
    return options;
  }
}
