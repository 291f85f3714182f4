package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The schema-evolution step on embedded Flink with parallelism 2 (events cross subtasks). */
class FlinkRunnerSchemaEvolutionIT extends AbstractSchemaEvolutionITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink("[local]", 2, true);
  }
}
