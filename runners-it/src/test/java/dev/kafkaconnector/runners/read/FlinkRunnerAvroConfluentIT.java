package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The avro-confluent cases on embedded Flink, parallelism 2. */
class FlinkRunnerAvroConfluentIT extends AbstractAvroConfluentITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, false);
    options.setStreaming(true);
    options.setCheckpointingInterval(500L);
    return options;
  }
}
