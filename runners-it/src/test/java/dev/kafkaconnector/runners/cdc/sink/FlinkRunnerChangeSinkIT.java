package dev.kafkaconnector.runners.cdc.sink;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * The CDC sink on embedded Flink with parallelism 2; the exactly-once and schema-evolution cases as
 * streaming jobs with checkpoints that end with their bounded source.
 */
class FlinkRunnerChangeSinkIT extends AbstractChangeSinkITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.flinkStreamingEndingWithSources();
  }
}
