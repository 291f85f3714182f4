package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** readChanges() on the DirectRunner, with its immutability and encodability checks on. */
class DirectRunnerReadChangesIT extends AbstractReadChangesITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
