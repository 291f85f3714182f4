package dev.kafkaconnector.examples;

import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;

/** Options of the demo jobs; Flink's options (--flinkMaster, --parallelism, ...) come along. */
public interface DemoOptions extends FlinkPipelineOptions {
  @Description(
      "Kafka bootstrap servers. When empty, an embedded Apache Kafka broker is started for the"
          + " demo and sample records are written to it.")
  @Default.String("")
  String getBootstrapServers();

  void setBootstrapServers(String value);

  @Description("Topic to read.")
  @Default.String("demo-orders")
  String getTopic();

  void setTopic(String value);

  @Description("Write sample records (with headers) to the topic before reading.")
  @Default.Boolean(true)
  boolean isWriteSampleData();

  void setWriteSampleData(boolean value);

  @Description("scan.header-filter of the source.")
  @Default.String("depart:toy|depart:book&!env:test")
  String getHeaderFilter();

  void setHeaderFilter(String value);
}
