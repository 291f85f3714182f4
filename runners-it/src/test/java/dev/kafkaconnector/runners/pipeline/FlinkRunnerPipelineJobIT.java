package dev.kafkaconnector.runners.pipeline;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** YAML jobs on embedded Flink in streaming mode, parallelism 2, {@code --fasterCopy}. */
class FlinkRunnerPipelineJobIT extends AbstractPipelineJobITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK =
      KeptMiniClusterExtension.forBatchAndStreamingJobs();

  @Override
  protected PipelineOptions options() {
    FlinkPipelineOptions options =
        PipelineRunners.flinkStreamingEndingWithSources(KeptMiniClusterExtension.MASTER);
    options.setNumberOfExecutionRetries(0); // a job that must fail fails, instead of restarting
    options.setFasterCopy(true); // what PipelineJob.options() sets on Flink
    return options;
  }

  /** Streaming, detached on the kept cluster: run() returns, and the test cancels the job. */
  @Override
  protected PipelineOptions unboundedOptions() {
    FlinkPipelineOptions options = PipelineRunners.flinkStreaming();
    options.setFlinkMaster(KeptMiniClusterExtension.MASTER);
    options.setNumberOfExecutionRetries(0);
    options.setFasterCopy(true);
    return options;
  }
}
