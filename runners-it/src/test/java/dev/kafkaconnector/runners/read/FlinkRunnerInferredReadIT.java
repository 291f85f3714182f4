package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Reads with inferred schemas on embedded Flink with parallelism 2. */
class FlinkRunnerInferredReadIT extends AbstractInferredReadITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flinkStreaming();
  }

  /** The windowed job runs in streaming mode, ending once its bounded read has ended. */
  @Override
  protected PipelineOptions windowedOptions() {
    return PipelineRunners.flinkStreamingEndingWithSources();
  }
}
