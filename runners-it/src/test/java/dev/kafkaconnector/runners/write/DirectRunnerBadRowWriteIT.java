package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * The write-side bad-row corpus on the DirectRunner, with its immutability and encodability checks
 * on.
 */
class DirectRunnerBadRowWriteIT extends AbstractBadRowWriteITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
