package dev.kafkaconnector.runners.cdc.sink;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The CDC sink on the DirectRunner, with its immutability and encoding checks. */
class DirectRunnerChangeSinkIT extends AbstractChangeSinkITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.direct(true, true);
  }
}
