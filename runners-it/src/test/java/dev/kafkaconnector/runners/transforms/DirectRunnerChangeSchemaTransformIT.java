package dev.kafkaconnector.runners.transforms;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The change-stream schema transforms through the expansion service, on the DirectRunner. */
class DirectRunnerChangeSchemaTransformIT extends AbstractChangeSchemaTransformITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
