package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;

/** The source-hardening cases on embedded Flink with parallelism 2. */
class FlinkRunnerSourceHardeningIT extends AbstractSourceHardeningITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, false);
    options.setStreaming(true);
    options.setCheckpointingInterval(500L);
    // Below half the checkpointing interval, or the runner never sends the source's watermark
    // downstream and event-time windows do not fire (see FlinkWatermarkCheck).
    options.setMaxBundleTimeMills(100L);
    return options;
  }

  /** A streaming Flink job whose sources finished only ends with shutdownSourcesAfterIdleMs. */
  @Override
  protected PipelineOptions streamingOptionsEndingWithTheSources() {
    FlinkPipelineOptions options = (FlinkPipelineOptions) streamingOptions();
    options.setAttachedMode(true);
    options.setShutdownSourcesAfterIdleMs(0L);
    return options;
  }
}
