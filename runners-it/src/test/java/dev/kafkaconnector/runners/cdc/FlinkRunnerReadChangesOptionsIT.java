package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * readChanges() options on embedded Flink in streaming mode, parallelism 2: events cross subtasks
 * to the keyed schema-evolution step, whose per-key order the checks rely on.
 */
class FlinkRunnerReadChangesOptionsIT extends AbstractReadChangesOptionsITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK =
      KeptMiniClusterExtension.forBatchAndStreamingJobs();

  @Override
  protected PipelineOptions options() {
    FlinkPipelineOptions options =
        PipelineRunners.flinkStreamingEndingWithSources(KeptMiniClusterExtension.MASTER);
    options.setNumberOfExecutionRetries(0); // a job that must fail fails, instead of restarting
    return options;
  }
}
