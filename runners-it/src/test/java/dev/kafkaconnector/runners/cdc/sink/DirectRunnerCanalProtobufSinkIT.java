package dev.kafkaconnector.runners.cdc.sink;

import dev.kafkaconnector.runners.PipelineRunners;
import org.apache.beam.sdk.options.PipelineOptions;

/** canal-protobuf written by the CDC sink on the DirectRunner. */
class DirectRunnerCanalProtobufSinkIT extends AbstractCanalProtobufSinkITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }
}
