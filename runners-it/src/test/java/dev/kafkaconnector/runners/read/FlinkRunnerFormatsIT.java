package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;

/** The format cases on embedded Flink, parallelism 2. */
class FlinkRunnerFormatsIT extends AbstractFormatsITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, false);
    options.setStreaming(true);
    options.setCheckpointingInterval(500L);
    return options;
  }
}
