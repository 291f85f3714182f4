package dev.kafkaconnector.runners.sql;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SqlTransform cases on embedded Flink with parallelism 2 (batch: the tables are bounded). */
class FlinkRunnerSqlTransformIT extends AbstractSqlTransformITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }
}
