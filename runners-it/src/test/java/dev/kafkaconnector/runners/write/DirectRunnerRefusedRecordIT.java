package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * A record the broker refuses, on the DirectRunner with its immutability and encodability checks.
 */
class DirectRunnerRefusedRecordIT extends AbstractRefusedRecordITCase {
  @Override
  protected PipelineOptions atLeastOnceOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions exactlyOnceOptions() {
    return PipelineRunners.direct(true, true);
  }
}
