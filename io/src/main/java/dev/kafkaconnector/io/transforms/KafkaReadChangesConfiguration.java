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
 * The configuration of {@code kafka_read_changes} ({@link
 * KafkaReadChangesSchemaTransformProvider}), as a Beam schema with snake_case field names. Each
 * typed field sets one option key of {@code readChanges()}; {@code options} reaches every other key
 * verbatim. {@code tables} says which tables become outputs, {@code schemas} fixes their columns.
 */
@DefaultSchema(AutoValueSchema.class)
@AutoValue
public abstract class KafkaReadChangesConfiguration implements SourceFields {

  /** A builder with nothing set. */
  public static Builder builder() {
    return new AutoValue_KafkaReadChangesConfiguration.Builder();
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
      "The change format: debezium-json (default), canal-json, maxwell-json or json: the option"
          + " 'value.format'.")
  public abstract @Nullable String getValueFormat();

  @SchemaFieldDescription(
      "Where to start: earliest-offset, latest-offset, group-offsets, timestamp,"
          + " specific-offsets: the option 'scan.startup.mode'.")
  public abstract @Nullable String getScanStartupMode();

  @SchemaFieldDescription(
      "Where to stop, for a bounded read: latest-offset, group-offsets, timestamp,"
          + " specific-offsets: the option 'scan.bounded.mode'.")
  public abstract @Nullable String getScanBoundedMode();

  @SchemaFieldDescription(
      "LENIENT (default), EVOLVE, TRY_EVOLVE, IGNORE or EXCEPTION: the pipeline's"
          + " 'schema.change.behavior' for the tables' schema changes.")
  public abstract @Nullable String getSchemaChangeBehavior();

  @SchemaFieldDescription(
      "The table ids to emit ('inventory.products'), each as one output named by its id with"
          + " every character other than a letter, digit or '_' replaced by '_'"
          + " ('inventory_products'). Changes of other tables are dropped and counted.")
  public abstract @Nullable List<String> getTables();

  @SchemaFieldDescription(
      "Columns by table id, as in a table definition: 'id BIGINT NOT NULL, name STRING'. They are"
          + " the table's output schema and its initial schema (option"
          + " 'scan.value.initial-schemas.ddls'). A table without them takes the schema inferred"
          + " from the pre-fetched records (scan.max.pre.fetch.records) when the transform is"
          + " expanded.")
  public abstract @Nullable Map<String, String> getSchemas();

  @SchemaFieldDescription(
      "The name of the change-kind column appended to every table's rows: +I, -U, +U or -D."
          + " Default 'row_kind'.")
  public abstract @Nullable String getRowKindColumn();

  @SchemaFieldDescription(
      "Any option of readChanges() by its key, verbatim: 'properties.*', 'key.format',"
          + " 'canal-json.infer-schema.strategy', 'scan.max.pre.fetch.records', ...")
  public abstract @Nullable Map<String, String> getOptions();

  @SchemaFieldDescription(
      "Where records that cannot be read go: {output: <name>} adds that output (rows with"
          + " error_message, topic, partition, offset, timestamp, key, headers and failed_row, the"
          + " raw value; for a change that does not fit its table's output schema, failed_row is"
          + " the change's row as JSON). Without it such a record fails the job.")
  public abstract @Nullable ErrorHandling getErrorHandling();

  /** Builds a {@link KafkaReadChangesConfiguration}. */
  @AutoValue.Builder
  public abstract static class Builder {
    public abstract Builder setTopic(@Nullable String topic);

    public abstract Builder setTopicPattern(@Nullable String pattern);

    public abstract Builder setBootstrapServers(@Nullable String servers);

    public abstract Builder setGroupId(@Nullable String groupId);

    public abstract Builder setValueFormat(@Nullable String format);

    public abstract Builder setScanStartupMode(@Nullable String mode);

    public abstract Builder setScanBoundedMode(@Nullable String mode);

    public abstract Builder setSchemaChangeBehavior(@Nullable String behavior);

    public abstract Builder setTables(@Nullable List<String> tables);

    public abstract Builder setSchemas(@Nullable Map<String, String> columnsByTable);

    public abstract Builder setRowKindColumn(@Nullable String column);

    public abstract Builder setOptions(@Nullable Map<String, String> options);

    public abstract Builder setErrorHandling(@Nullable ErrorHandling errorHandling);

    public abstract KafkaReadChangesConfiguration build();
  }
}
