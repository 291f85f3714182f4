package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The source-trust cases on embedded Flink with parallelism 2. */
class FlinkRunnerSourceTrustIT extends AbstractSourceTrustITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flinkStreaming();
  }
}
