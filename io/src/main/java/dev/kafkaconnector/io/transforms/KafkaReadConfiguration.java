package dev.kafkaconnector.io.transforms;

import com.google.auto.value.AutoValue;
import java.util.Map;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The configuration of {@code kafka_read} ({@link KafkaReadSchemaTransformProvider}), as a Beam
 * schema: its rows are what Beam YAML's {@code config:} and an expansion request carry, with field
 * names in snake_case. Each typed field sets one of the connector's option keys; {@code options}
 * reaches every other key verbatim, so a Flink table definition moves over unchanged.
 */
@DefaultSchema(AutoValueSchema.class)
@AutoValue
public abstract class KafkaReadConfiguration implements SourceFields {

  /** A builder with nothing set. */
  public static Builder builder() {
    return new AutoValue_KafkaReadConfiguration.Builder();
  }

  @SchemaFieldDescription("Topic(s) to read, ';'-separated: the option 'topic'.")
  public abstract @Nullable String getTopic();

  @SchemaFieldDescription("A regular expression of topics to read: the option 'topic-pattern'.")
  public abstract @Nullable String getTopicPattern();

  @SchemaFieldDescription(
      "The brokers, host:port[,host:port...]: the option 'properties.bootstrap.servers'.")
  public abstract @Nullable String getBootstrapServers();

  @SchemaFieldDescription("The consumer group: the option 'properties.group.id'.")
  public abstract @Nullable String getGroupId();

  @SchemaFieldDescription(
      "The value format (json, csv, avro, raw, debezium-json, ...): the option 'format'.")
  public abstract @Nullable String getFormat();

  @SchemaFieldDescription(
      "The rows' columns as in a table definition: 'id BIGINT NOT NULL, name STRING'. Without"
          + " it the schema comes from the format (avro, protobuf) or is inferred by sampling the"
          + " topic when the transform is expanded.")
  public abstract @Nullable String getSchema();

  @SchemaFieldDescription(
      "Where to start: earliest-offset, latest-offset, group-offsets, timestamp,"
          + " specific-offsets: the option 'scan.startup.mode'.")
  public abstract @Nullable String getScanStartupMode();

  @SchemaFieldDescription(
      "Where to stop, for a bounded read: unbounded, latest-offset, group-offsets, timestamp,"
          + " specific-offsets: the option 'scan.bounded.mode' (with 'scan.bounded.timestamp-millis'"
          + " or 'scan.bounded.specific-offsets' in 'options').")
  public abstract @Nullable String getScanBoundedMode();

  @SchemaFieldDescription(
      "Metadata columns appended to the rows: column name -> metadata key (topic, partition,"
          + " offset, timestamp, timestamp-type, headers, leader-epoch, ...).")
  public abstract @Nullable Map<String, String> getMetadata();

  @SchemaFieldDescription(
      "Any option of the connector by its key, verbatim: 'properties.*', 'value.format',"
          + " 'json.ignore-parse-errors', 'scan.bounded.specific-offsets', ...")
  public abstract @Nullable Map<String, String> getOptions();

  @SchemaFieldDescription(
      "Where records that cannot be decoded go: {output: <name>} adds that output (rows with"
          + " error_message, topic, partition, offset, timestamp, key, headers and failed_row, the"
          + " raw value). Without it a bad record fails the job, or follows"
          + " 'ingestion.ignore-errors'.")
  public abstract @Nullable ErrorHandling getErrorHandling();

  /** Builds a {@link KafkaReadConfiguration}. */
  @AutoValue.Builder
  public abstract static class Builder {
    public abstract Builder setTopic(@Nullable String topic);

    public abstract Builder setTopicPattern(@Nullable String pattern);

    public abstract Builder setBootstrapServers(@Nullable String servers);

    public abstract Builder setGroupId(@Nullable String groupId);

    public abstract Builder setFormat(@Nullable String format);

    public abstract Builder setSchema(@Nullable String columns);

    public abstract Builder setScanStartupMode(@Nullable String mode);

    public abstract Builder setScanBoundedMode(@Nullable String mode);

    public abstract Builder setMetadata(@Nullable Map<String, String> columnToKey);

    public abstract Builder setOptions(@Nullable Map<String, String> options);

    public abstract Builder setErrorHandling(@Nullable ErrorHandling errorHandling);

    public abstract KafkaReadConfiguration build();
  }
}
