package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Reads with inferred schemas on the DirectRunner, with its immutability and encodability checks.
 */
class DirectRunnerInferredReadIT extends AbstractInferredReadITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.direct(false, true);
  }

  @Override
  protected PipelineOptions windowedOptions() {
    return PipelineRunners.direct(true, true);
  }
}
