package dev.kafkaconnector.runners.pipeline;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** YAML jobs on the DirectRunner, with its immutability and encodability checks on. */
class DirectRunnerPipelineJobIT extends AbstractPipelineJobITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions unboundedOptions() {
    return PipelineRunners.direct(false, true);
  }
}
