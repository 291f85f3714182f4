package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** Reads with inferred schemas on embedded Flink with parallelism 2. */
class FlinkRunnerInferredReadIT extends AbstractInferredReadITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flinkStreaming();
  }

  /** The windowed job runs in streaming mode, ending once its bounded read has ended. */
  @Override
  protected PipelineOptions windowedOptions() {
    return PipelineRunners.flinkStreamingEndingWithSources();
  }
}
