package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The schema-evolution step on the DirectRunner, with its immutability and encoding checks. */
class DirectRunnerSchemaEvolutionIT extends AbstractSchemaEvolutionITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
