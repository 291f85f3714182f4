package dev.kafkaconnector.runners.pipeline;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;

/** YAML jobs on embedded Flink in streaming mode, parallelism 2, {@code --fasterCopy}. */
class FlinkRunnerPipelineJobIT extends AbstractPipelineJobITCase {
  @Override
  protected PipelineOptions options() {
    FlinkPipelineOptions options = PipelineRunners.flinkStreamingEndingWithSources();
    options.setNumberOfExecutionRetries(0); // a job that must fail fails, instead of restarting
    options.setFasterCopy(true); // what PipelineJob.options() sets on Flink
    return options;
  }
}
