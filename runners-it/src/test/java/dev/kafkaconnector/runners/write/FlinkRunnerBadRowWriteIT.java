package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The write-side bad-row corpus on embedded Flink, parallelism 2. */
class FlinkRunnerBadRowWriteIT extends AbstractBadRowWriteITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }
}
