package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;

/** Reads with inferred schemas on embedded Flink with parallelism 2. */
class FlinkRunnerInferredReadIT extends AbstractInferredReadITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, false);
    options.setStreaming(true);
    options.setCheckpointingInterval(500L);
    options.setMaxBundleTimeMills(100L);
    return options;
  }

  /** The windowed job runs in streaming mode, ending once its bounded read has ended. */
  @Override
  protected PipelineOptions windowedOptions() {
    FlinkPipelineOptions options = (FlinkPipelineOptions) streamingOptions();
    options.setAttachedMode(true);
    options.setShutdownSourcesAfterIdleMs(0L);
    return options;
  }
}
