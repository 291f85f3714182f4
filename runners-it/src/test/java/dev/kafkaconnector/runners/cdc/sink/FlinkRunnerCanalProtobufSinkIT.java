package dev.kafkaconnector.runners.cdc.sink;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.extension.RegisterExtension;

/** canal-protobuf written by the CDC sink on embedded Flink with parallelism 2. */
class FlinkRunnerCanalProtobufSinkIT extends AbstractCanalProtobufSinkITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK =
      KeptMiniClusterExtension.forBatchAndStreamingJobs();

  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }
}
