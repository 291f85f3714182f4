package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The source-hardening cases on embedded Flink with parallelism 2. */
class FlinkRunnerSourceHardeningIT extends AbstractSourceHardeningITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flinkStreaming();
  }

  /** A streaming Flink job whose sources finished only ends with shutdownSourcesAfterIdleMs. */
  @Override
  protected PipelineOptions streamingOptionsEndingWithTheSources() {
    return PipelineRunners.flinkStreamingEndingWithSources();
  }
}
