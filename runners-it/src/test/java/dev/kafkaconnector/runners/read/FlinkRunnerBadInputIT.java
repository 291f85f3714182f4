package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The bad-input corpus on embedded Flink, parallelism 2. */
class FlinkRunnerBadInputIT extends AbstractBadInputITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flink("[local]", 2, false);
  }
}
