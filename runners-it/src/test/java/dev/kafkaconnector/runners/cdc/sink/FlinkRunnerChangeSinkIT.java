package dev.kafkaconnector.runners.cdc.sink;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The CDC sink on embedded Flink with parallelism 2; the exactly-once and schema-evolution cases as
 * streaming jobs with checkpoints that end with their bounded source.
 */
class FlinkRunnerChangeSinkIT extends AbstractChangeSinkITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK =
      KeptMiniClusterExtension.forBatchAndStreamingJobs();

  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flinkStreamingEndingWithSources(KeptMiniClusterExtension.MASTER);
  }
}
