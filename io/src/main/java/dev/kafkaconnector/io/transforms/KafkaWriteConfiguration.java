package dev.kafkaconnector.io.transforms;

import com.google.auto.value.AutoValue;
import java.util.Map;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The configuration of {@code kafka_write} ({@link KafkaWriteSchemaTransformProvider}), as a Beam
 * schema with snake_case field names. Each typed field sets one of the connector's option keys;
 * {@code options} reaches every other key verbatim.
 */
@DefaultSchema(AutoValueSchema.class)
@AutoValue
public abstract class KafkaWriteConfiguration implements SinkFields {

  /** A builder with nothing set. */
  public static Builder builder() {
    return new AutoValue_KafkaWriteConfiguration.Builder();
  }

  @SchemaFieldDescription("The topic to write: the option 'topic'.")
  public abstract @Nullable String getTopic();

  @SchemaFieldDescription(
      "The brokers, host:port[,host:port...]: the option 'properties.bootstrap.servers'.")
  public abstract @Nullable String getBootstrapServers();

  @SchemaFieldDescription("The value format (json, csv, avro, raw, ...): the option 'format'.")
  public abstract @Nullable String getFormat();

  @SchemaFieldDescription(
      "at-least-once, exactly-once or none: the option 'sink.delivery-guarantee'.")
  public abstract @Nullable String getDeliveryGuarantee();

  @SchemaFieldDescription(
      "The prefix of transactional ids (exactly-once): the option 'sink.transactional-id-prefix'.")
  public abstract @Nullable String getTransactionalIdPrefix();

  @SchemaFieldDescription(
      "Input columns written as record metadata instead of in the value: column name -> metadata"
          + " key (timestamp, headers, topic, partition).")
  public abstract @Nullable Map<String, String> getMetadata();

  @SchemaFieldDescription(
      "Any option of the connector by its key, verbatim: 'properties.*', 'key.format',"
          + " 'key.fields', 'sink.partitioner', ...")
  public abstract @Nullable Map<String, String> getOptions();

  @SchemaFieldDescription(
      "Where rows that cannot be written go: {output: <name>} adds that output (rows with"
          + " failed_row, the input row, and error_message). Without it such a row fails the job.")
  public abstract @Nullable ErrorHandling getErrorHandling();

  /** Builds a {@link KafkaWriteConfiguration}. */
  @AutoValue.Builder
  public abstract static class Builder {
    public abstract Builder setTopic(@Nullable String topic);

    public abstract Builder setBootstrapServers(@Nullable String servers);

    public abstract Builder setFormat(@Nullable String format);

    public abstract Builder setDeliveryGuarantee(@Nullable String guarantee);

    public abstract Builder setTransactionalIdPrefix(@Nullable String prefix);

    public abstract Builder setMetadata(@Nullable Map<String, String> columnToKey);

    public abstract Builder setOptions(@Nullable Map<String, String> options);

    public abstract Builder setErrorHandling(@Nullable ErrorHandling errorHandling);

    public abstract KafkaWriteConfiguration build();
  }
}
