package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The avro-confluent cases on the DirectRunner. */
class DirectRunnerAvroConfluentIT extends AbstractAvroConfluentITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.direct(false, true);
  }
}
