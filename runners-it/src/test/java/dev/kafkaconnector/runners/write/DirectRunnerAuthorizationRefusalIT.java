package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** A write the broker's authorizer refuses, on the DirectRunner with its checks. */
class DirectRunnerAuthorizationRefusalIT extends AbstractAuthorizationRefusalITCase {
  @Override
  protected PipelineOptions atLeastOnceOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions exactlyOnceOptions() {
    return PipelineRunners.direct(true, true);
  }
}
