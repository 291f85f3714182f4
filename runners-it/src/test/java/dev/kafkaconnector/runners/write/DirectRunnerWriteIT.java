package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The write cases on the DirectRunner, with its immutability and encodability checks on. */
class DirectRunnerWriteIT extends AbstractKafkaWriteITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
