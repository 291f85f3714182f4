package dev.kafkaconnector.runners.options;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The format-option cases on embedded Flink with parallelism 2: batch jobs, and readChanges() as
 * streaming jobs that end with their bounded sources. A job that must fail fails at once.
 */
class FlinkRunnerFormatOptionsIT extends AbstractFormatOptionsITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK =
      KeptMiniClusterExtension.forBatchAndStreamingJobs();

  @Override
  protected PipelineOptions options() {
    FlinkPipelineOptions options = PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
    options.setNumberOfExecutionRetries(0);
    return options;
  }

  @Override
  protected PipelineOptions changeOptions() {
    FlinkPipelineOptions options =
        PipelineRunners.flinkStreamingEndingWithSources(KeptMiniClusterExtension.MASTER);
    options.setNumberOfExecutionRetries(0);
    return options;
  }
}
