package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The bad-input corpus on embedded Flink, parallelism 2. */
class FlinkRunnerBadInputIT extends AbstractBadInputITCase {
  @RegisterExtension static final KeptMiniClusterExtension FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flink("[local]", 2, false);
  }
}
