package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** readChanges() options on the DirectRunner, with its immutability and encodability checks on. */
class DirectRunnerReadChangesOptionsIT extends AbstractReadChangesOptionsITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
