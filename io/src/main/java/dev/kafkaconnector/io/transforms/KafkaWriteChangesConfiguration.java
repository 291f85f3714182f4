package dev.kafkaconnector.io.transforms;

import com.google.auto.value.AutoValue;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.AutoValueSchema;
import org.apache.beam.sdk.schemas.annotations.DefaultSchema;
import org.apache.beam.sdk.schemas.annotations.SchemaFieldDescription;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The configuration of {@code kafka_write_changes} ({@link
 * KafkaWriteChangesSchemaTransformProvider}), as a Beam schema with snake_case field names. Each
 * typed field sets one option key of {@code writeChanges()}; {@code options} reaches every other
 * key verbatim. {@code database} and {@code table} name the input rows' table in the messages.
 */
@DefaultSchema(AutoValueSchema.class)
@AutoValue
public abstract class KafkaWriteChangesConfiguration implements SinkFields {

  /** A builder with nothing set. */
  public static Builder builder() {
    return new AutoValue_KafkaWriteChangesConfiguration.Builder();
  }

  @SchemaFieldDescription(
      "The topic to write: the option 'topic'. Without it, the topic named by the table id"
          + " (database.table), or by 'sink.tableId-to-topic.mapping' in 'options'.")
  public abstract @Nullable String getTopic();

  @SchemaFieldDescription(
      "The brokers, host:port[,host:port...]: the option 'properties.bootstrap.servers'.")
  public abstract @Nullable String getBootstrapServers();

  @SchemaFieldDescription(
      "The message format, debezium-json (default), canal-json or canal-protobuf: the option"
          + " 'value.format'.")
  public abstract @Nullable String getValueFormat();

  @SchemaFieldDescription(
      "The key format, json (default) or csv: the option 'key.format'. The key is the table id"
          + " and the primary key columns.")
  public abstract @Nullable String getKeyFormat();

  @SchemaFieldDescription("all-to-zero (default) or hash-by-key: the option 'partition.strategy'.")
  public abstract @Nullable String getPartitionStrategy();

  @SchemaFieldDescription(
      "at-least-once (default), exactly-once or none: the option 'sink.delivery-guarantee'.")
  public abstract @Nullable String getDeliveryGuarantee();

  @SchemaFieldDescription(
      "The prefix of transactional ids (exactly-once): the option 'sink.transactional-id-prefix'.")
  public abstract @Nullable String getTransactionalIdPrefix();

  @SchemaFieldDescription(
      "The database of the rows' table: Debezium's source.db, Canal's database. Optional.")
  public abstract @Nullable String getDatabase();

  @SchemaFieldDescription("The rows' table: Debezium's source.table, Canal's table. Required.")
  public abstract @Nullable String getTable();

  @SchemaFieldDescription(
      "The table's primary key columns, written in the record key (and Canal's pkNames).")
  public abstract @Nullable List<String> getPrimaryKey();

  @SchemaFieldDescription(
      "The input column holding each row's change kind, +I, -U, +U or -D (a STRING column, not"
          + " written as data). Default 'row_kind'.")
  public abstract @Nullable String getRowKindColumn();

  @SchemaFieldDescription(
      "Any option of writeChanges() by its key, verbatim: 'properties.*',"
          + " 'debezium-json.include-schema.enabled', 'sink.tableId-to-topic.mapping', ...")
  public abstract @Nullable Map<String, String> getOptions();

  @SchemaFieldDescription(
      "Where rows that cannot be written go: {output: <name>} adds that output (rows with"
          + " failed_row, the input row, and error_message). Without it such a row fails the job.")
  public abstract @Nullable ErrorHandling getErrorHandling();

  /** Builds a {@link KafkaWriteChangesConfiguration}. */
  @AutoValue.Builder
  public abstract static class Builder {
    public abstract Builder setTopic(@Nullable String topic);

    public abstract Builder setBootstrapServers(@Nullable String servers);

    public abstract Builder setValueFormat(@Nullable String format);

    public abstract Builder setKeyFormat(@Nullable String format);

    public abstract Builder setPartitionStrategy(@Nullable String strategy);

    public abstract Builder setDeliveryGuarantee(@Nullable String guarantee);

    public abstract Builder setTransactionalIdPrefix(@Nullable String prefix);

    public abstract Builder setDatabase(@Nullable String database);

    public abstract Builder setTable(@Nullable String table);

    public abstract Builder setPrimaryKey(@Nullable List<String> columns);

    public abstract Builder setRowKindColumn(@Nullable String column);

    public abstract Builder setOptions(@Nullable Map<String, String> options);

    public abstract Builder setErrorHandling(@Nullable ErrorHandling errorHandling);

    public abstract KafkaWriteChangesConfiguration build();
  }
}
