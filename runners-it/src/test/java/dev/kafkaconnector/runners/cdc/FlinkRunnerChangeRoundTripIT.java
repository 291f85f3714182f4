package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;

/** readChanges() to writeChanges() and back on embedded Flink, streaming, parallelism 2. */
class FlinkRunnerChangeRoundTripIT extends AbstractChangeRoundTripITCase {
  @Override
  protected PipelineOptions options() {
    FlinkPipelineOptions options = PipelineRunners.flinkStreamingEndingWithSources();
    options.setNumberOfExecutionRetries(0);
    return options;
  }
}
