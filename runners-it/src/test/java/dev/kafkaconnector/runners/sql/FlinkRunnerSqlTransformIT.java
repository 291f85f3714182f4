package dev.kafkaconnector.runners.sql;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The SqlTransform cases on embedded Flink with parallelism 2 (batch: the tables are bounded). */
class FlinkRunnerSqlTransformIT extends AbstractSqlTransformITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink("[local]", 2, true);
  }
}
