package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** readChanges() to writeChanges() and back on embedded Flink, streaming, parallelism 2. */
class FlinkRunnerChangeRoundTripIT extends AbstractChangeRoundTripITCase {
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
