package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** Key/value layout and bad-record cases on the DirectRunner. */
class DirectRunnerKeyValueAndErrorsIT extends AbstractKeyValueAndErrorsITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.direct(false, true);
  }
}
