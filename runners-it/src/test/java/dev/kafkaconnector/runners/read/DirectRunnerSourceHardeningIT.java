package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * The source-hardening cases on the DirectRunner, with its immutability and encodability checks.
 */
class DirectRunnerSourceHardeningIT extends AbstractSourceHardeningITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.direct(false, true);
  }

  /** The DirectRunner ends an unbounded job once every watermark reached the end of time. */
  @Override
  protected PipelineOptions streamingOptionsEndingWithTheSources() {
    return PipelineRunners.direct(true, true);
  }
}
