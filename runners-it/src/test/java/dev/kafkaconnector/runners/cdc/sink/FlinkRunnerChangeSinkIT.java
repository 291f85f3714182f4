package dev.kafkaconnector.runners.cdc.sink;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * The CDC sink on embedded Flink with parallelism 2; the exactly-once case as a streaming job
 * with checkpoints that ends with its bounded source.
 */
class FlinkRunnerChangeSinkIT extends AbstractChangeSinkITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink("[local]", 2, true);
  }

  @Override
  protected PipelineOptions exactlyOnceOptions() {
    return PipelineRunners.flinkStreamingEndingWithSources();
  }
}
