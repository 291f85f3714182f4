package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** The write-side bad-row corpus on embedded Flink, parallelism 2. */
class FlinkRunnerBadRowWriteIT extends AbstractBadRowWriteITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink("[local]", 2, true);
  }
}
