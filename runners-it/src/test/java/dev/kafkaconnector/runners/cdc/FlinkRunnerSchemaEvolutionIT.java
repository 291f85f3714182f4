package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The schema-evolution step on embedded Flink with parallelism 2 (events cross subtasks). */
class FlinkRunnerSchemaEvolutionIT extends AbstractSchemaEvolutionITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }
}
