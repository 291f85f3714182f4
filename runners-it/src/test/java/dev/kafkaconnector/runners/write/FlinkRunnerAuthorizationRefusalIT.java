package dev.kafkaconnector.runners.write;

import org.apache.beam.sdk.options.PipelineOptions;

/**
 * A write the broker's authorizer refuses, on embedded Flink with parallelism 2 and three restarts
 * allowed ({@code --numberOfExecutionRetries=3}): the refusal must fail the job at its first
 * attempt. Exactly-once runs as a streaming job with checkpoints.
 */
class FlinkRunnerAuthorizationRefusalIT extends AbstractAuthorizationRefusalITCase {
  @Override
  protected PipelineOptions atLeastOnceOptions() {
    return FlinkRunnerRefusedRecordIT.batchWithRetries();
  }

  @Override
  protected PipelineOptions exactlyOnceOptions() {
    return FlinkRunnerRefusedRecordIT.streamingWithRetries();
  }
}
