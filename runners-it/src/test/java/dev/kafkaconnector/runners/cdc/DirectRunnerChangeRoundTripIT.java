package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** readChanges() to writeChanges() and back on the DirectRunner, checks on. */
class DirectRunnerChangeRoundTripIT extends AbstractChangeRoundTripITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
