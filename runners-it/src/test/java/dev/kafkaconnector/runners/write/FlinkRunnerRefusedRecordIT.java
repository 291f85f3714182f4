package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A record the broker refuses, on embedded Flink with parallelism 2 and three restarts allowed
 * ({@code --numberOfExecutionRetries=3}): a refusal must fail the job at its first attempt.
 * Exactly-once runs as a streaming job with checkpoints, as it must on Flink.
 */
class FlinkRunnerRefusedRecordIT extends AbstractRefusedRecordITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions atLeastOnceOptions() {
    return batchWithRetries();
  }

  @Override
  protected PipelineOptions exactlyOnceOptions() {
    return streamingWithRetries();
  }

  /** A batch job, parallelism 2, that Flink would restart three times. */
  static FlinkPipelineOptions batchWithRetries() {
    return withRetries(PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true));
  }

  /**
   * A streaming job with checkpoints, ending with its sources, that Flink would restart three
   * times.
   */
  static FlinkPipelineOptions streamingWithRetries() {
    return withRetries(PipelineRunners.flinkStreamingEndingWithSources());
  }

  private static FlinkPipelineOptions withRetries(FlinkPipelineOptions options) {
    options.setNumberOfExecutionRetries(3);
    options.setExecutionRetryDelay(100L);
    return options;
  }
}
