package dev.kafkaconnector.runners.transforms;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The schema transforms through the expansion service, on the DirectRunner with its checks on. */
class DirectRunnerSchemaTransformIT extends AbstractSchemaTransformITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
