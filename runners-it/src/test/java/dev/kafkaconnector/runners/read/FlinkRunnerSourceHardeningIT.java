package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The source-hardening cases on embedded Flink with parallelism 2. */
class FlinkRunnerSourceHardeningIT extends AbstractSourceHardeningITCase {
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

  /** A streaming Flink job whose sources finished only ends with shutdownSourcesAfterIdleMs. */
  @Override
  protected PipelineOptions streamingOptionsEndingWithTheSources() {
    return PipelineRunners.flinkStreamingEndingWithSources();
  }
}
