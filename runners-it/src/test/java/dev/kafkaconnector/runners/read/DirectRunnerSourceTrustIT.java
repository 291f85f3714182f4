package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The source-trust cases on the DirectRunner, with its immutability and encodability checks. */
class DirectRunnerSourceTrustIT extends AbstractSourceTrustITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.direct(false, true);
  }
}
