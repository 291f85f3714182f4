package dev.kafkaconnector.runners.options;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The format-option cases on the DirectRunner, with its immutability and encoding checks. */
class DirectRunnerFormatOptionsIT extends AbstractFormatOptionsITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions changeOptions() {
    return PipelineRunners.direct(true, true);
  }
}
