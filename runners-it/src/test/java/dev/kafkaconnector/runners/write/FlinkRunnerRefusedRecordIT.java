package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * A record the broker refuses, on embedded Flink with parallelism 2 and three restarts allowed
 * ({@code --numberOfExecutionRetries=3}): a refusal must fail the job at its first attempt.
 * Exactly-once runs as a streaming job with checkpoints, as it must on Flink.
 */
class FlinkRunnerRefusedRecordIT extends AbstractRefusedRecordITCase {
  @Override
  protected PipelineOptions atLeastOnceOptions() {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, true);
    options.setNumberOfExecutionRetries(3);
    options.setExecutionRetryDelay(100L);
    return options;
  }

  @Override
  protected PipelineOptions exactlyOnceOptions() {
    FlinkPipelineOptions options = PipelineRunners.flinkStreamingEndingWithSources();
    options.setNumberOfExecutionRetries(3);
    options.setExecutionRetryDelay(100L);
    return options;
  }
}
