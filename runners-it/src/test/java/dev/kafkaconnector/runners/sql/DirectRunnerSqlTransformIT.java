package dev.kafkaconnector.runners.sql;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The SqlTransform cases on the DirectRunner, with its immutability and encodability checks on. */
class DirectRunnerSqlTransformIT extends AbstractSqlTransformITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
