package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.json.JsonInferenceOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.time.Duration;
import java.util.List;

/**
 * Every connector option, declared once: key (the spec's, verbatim), type, default and description.
 * Validation reads these declarations and the option reference in the README is generated from them
 * ({@code dev.kafkaconnector.io.OptionReference}). The source-only and sink-only options and the
 * Beam SQL table keys are declared in the holders {@link SourceOptionDeclarations}, {@link
 * SinkOptionDeclarations} and {@link SqlTableOptionDeclarations} and re-exported here: use every
 * option as {@code KafkaConnectorOptions.X}.
 */
public final class KafkaConnectorOptions {
  private KafkaConnectorOptions() {}

  /** Prefix of options passed to the Kafka clients with the prefix removed. */
  public static final String PROPERTIES_PREFIX = "properties.";

  // ---- general ----

  public static final ConfigOption<String> BOOTSTRAP_SERVERS =
      ConfigOption.string(
          "properties.bootstrap.servers",
          "Required. Kafka brokers to connect to, as 'host1:port1,host2:port2'.");

  public static final ConfigOption<String> GROUP_ID =
      ConfigOption.string(
          "properties.group.id",
          "Consumer group of the source. Used by scan.startup.mode 'group-offsets' and, when set,"
              + " read offsets are committed to it after each checkpoint (as progress only:"
              + " recovery uses checkpointed state).");

  public static final ConfigOption<String> FORMAT =
      ConfigOption.string(
          "format",
          "Format of the record value, for example 'raw'. Same as value.format, which wins when"
              + " both are set.");

  public static final ConfigOption<String> VALUE_FORMAT =
      ConfigOption.string("value.format", "Format of the record value; same as 'format'.");

  public static final ConfigOption<String> KEY_FORMAT =
      ConfigOption.string(
          "key.format",
          "Format of the record key, for example 'json'. Requires key.fields. Its options are"
              + " written key.<format>.<option> (or <format>.<option>, shared with the value).");

  public static final ConfigOption<String> KEY_FIELDS =
      ConfigOption.string(
          "key.fields",
          "Columns read from (and written to) the record key, separated by ';', for example"
              + " 'field1;field2'. Requires key.format.");

  public static final ConfigOption<String> KEY_FIELDS_PREFIX =
      ConfigOption.string(
          "key.fields-prefix",
          "Prefix of the key columns' names, removed before the key is decoded, so that key and"
              + " value columns can have the same name in the record. Requires value.fields-include"
              + " EXCEPT_KEY.");

  public static final ConfigOption<String> VALUE_FIELDS_PREFIX =
      ConfigOption.string(
          "value.fields-prefix",
          "Prefix of the value columns' names, removed before the value is decoded.");

  public static final ConfigOption<ValueFieldsInclude> VALUE_FIELDS_INCLUDE =
      ConfigOption.enumValue(
          "value.fields-include",
          ValueFieldsInclude.class,
          ValueFieldsInclude.ALL,
          "ALL: the value holds every column, key columns included. EXCEPT_KEY: the value holds"
              + " every column except those of key.fields.");

  public static final ConfigOption<DuplicateFieldStrategy> SCAN_DUPLICATE_FIELD_STRATEGY =
      ConfigOption.enumValue(
          "scan.duplicate-field.strategy",
          DuplicateFieldStrategy.class,
          DuplicateFieldStrategy.EXCEPTION,
          "A column decoded from both key and value (key.fields with value.fields-include ALL):"
              + " EXCEPTION treats a record whose key and value disagree on it as a bad record;"
              + " PREFER_KEY / PREFER_VALUE take that side's value.");

  public static final ConfigOption<Boolean> INGESTION_IGNORE_ERRORS =
      ConfigOption.bool(
          "ingestion.ignore-errors",
          false,
          "When true, a record that cannot be decoded is skipped, logged and counted in the Beam"
              + " counter kafka-connector:numRecordsInErrors, instead of failing the job (see"
              + " ingestion.error-tolerance.max-count). A dead-letter handler, when set, takes"
              + " precedence.");

  public static final ConfigOption<Long> INGESTION_ERROR_TOLERANCE_MAX_COUNT =
      ConfigOption.longValue(
          "ingestion.error-tolerance.max-count",
          -1L,
          "With ingestion.ignore-errors: the job fails once more than this many records failed"
              + " to decode, counted per worker JVM and source since that JVM started reading for"
              + " it: not checkpointed, so a restart, failover or restore counts from 0 again, and"
              + " a job on N workers may skip up to N times this before one fails it (the counter"
              + " kafka-connector:numRecordsInErrors has the job's total). -1 means no limit.");

  public static final ConfigOption<String> METADATA_LIST =
      ConfigOption.string(
          "metadata.list",
          "Comma-separated metadata keys, each appended as a column of that name after the"
              + " physical columns, in list order: topic (STRING), partition (INT32), offset"
              + " (INT64), timestamp (DATETIME), timestamp-type (STRING), headers (MAP<STRING,"
              + " BYTES>), leader-epoch (INT32, nullable), __raw_key__ (BYTES), __raw_value__"
              + " (BYTES), and value.<key> for metadata of the value format (for example"
              + " value.table of canal-json, value.row-kind of changelog formats).");

  // ---- source (declared in SourceOptionDeclarations) ----

  public static final ConfigOption<String> TOPIC = SourceOptionDeclarations.TOPIC;

  public static final ConfigOption<String> TOPIC_PATTERN = SourceOptionDeclarations.TOPIC_PATTERN;

  public static final ConfigOption<StartupMode> SCAN_STARTUP_MODE =
      SourceOptionDeclarations.SCAN_STARTUP_MODE;

  public static final ConfigOption<String> SCAN_STARTUP_SPECIFIC_OFFSETS =
      SourceOptionDeclarations.SCAN_STARTUP_SPECIFIC_OFFSETS;

  public static final ConfigOption<Long> SCAN_STARTUP_TIMESTAMP_MILLIS =
      SourceOptionDeclarations.SCAN_STARTUP_TIMESTAMP_MILLIS;

  public static final ConfigOption<Duration> SCAN_PARTITION_DISCOVERY_INTERVAL =
      SourceOptionDeclarations.SCAN_PARTITION_DISCOVERY_INTERVAL;

  public static final ConfigOption<String> SCAN_HEADER_FILTER =
      SourceOptionDeclarations.SCAN_HEADER_FILTER;

  public static final ConfigOption<Boolean> SCAN_CHECK_DUPLICATED_GROUP_ID =
      SourceOptionDeclarations.SCAN_CHECK_DUPLICATED_GROUP_ID;

  public static final ConfigOption<BoundedMode> SCAN_BOUNDED_MODE =
      SourceOptionDeclarations.SCAN_BOUNDED_MODE;

  public static final ConfigOption<Long> SCAN_BOUNDED_TIMESTAMP_MILLIS =
      SourceOptionDeclarations.SCAN_BOUNDED_TIMESTAMP_MILLIS;

  public static final ConfigOption<String> SCAN_BOUNDED_SPECIFIC_OFFSETS =
      SourceOptionDeclarations.SCAN_BOUNDED_SPECIFIC_OFFSETS;

  public static final ConfigOption<WatermarkStrategy> SCAN_WATERMARK_STRATEGY =
      SourceOptionDeclarations.SCAN_WATERMARK_STRATEGY;

  public static final ConfigOption<Duration> SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS =
      SourceOptionDeclarations.SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS;

  public static final ConfigOption<String> SCAN_WATERMARK_COLUMN =
      SourceOptionDeclarations.SCAN_WATERMARK_COLUMN;

  public static final ConfigOption<Duration> SCAN_WATERMARK_IDLE_TIMEOUT =
      SourceOptionDeclarations.SCAN_WATERMARK_IDLE_TIMEOUT;

  // ---- schema inference (read() without withSchema; see JsonInferenceOptions) ----

  public static final ConfigOption<Long> SCAN_MAX_PRE_FETCH_RECORDS =
      ConfigOption.longValue(
          "scan.max.pre.fetch.records",
          50L,
          "Schema inference (read() without withSchema, inferSchema): how many of the latest"
              + " records of each partition are sampled when the transform is applied, with the"
              + " source's properties.* and within properties.default.api.timeout.ms (60 s"
              + " unless set). 0 samples nothing (then infer-schema.fixed-types is the schema).");

  public static final ConfigOption<Boolean> INFER_SCHEMA_PRIMITIVE_AS_STRING =
      JsonInferenceOptions.primitiveAsString("");

  public static final ConfigOption<Boolean> INFER_SCHEMA_FLATTEN_NESTED_COLUMNS =
      JsonInferenceOptions.flattenNestedColumns("");

  public static final ConfigOption<Boolean> INFER_SCHEMA_STRING_TYPE_INFERENCE =
      JsonInferenceOptions.stringTypeInference("");

  public static final ConfigOption<String> INFER_SCHEMA_FIXED_TYPES =
      JsonInferenceOptions.fixedTypes("");

  public static final ConfigOption<String> INFER_SCHEMA_PARSE_KEY_ERROR_FIELD_NAME =
      JsonInferenceOptions.parseKeyErrorFieldName("");

  public static final ConfigOption<String> CONNECTOR =
      ConfigOption.string(
          "connector",
          "kafka",
          "kafka (every record is a row) or upsert-kafka (a changelog keyed by the primary key,"
              + " withPrimaryKey: reading gives +U rows and -D rows for tombstones, with the"
              + " metadata key row-kind; writing writes +I/+U rows as values, -D rows as"
              + " tombstones and drops -U rows). upsert-kafka requires key.format.");

  // ---- sink (declared in SinkOptionDeclarations) ----

  public static final ConfigOption<String> SINK_TOPIC = SinkOptionDeclarations.TOPIC;

  public static final ConfigOption<String> SINK_METADATA_LIST =
      SinkOptionDeclarations.METADATA_LIST;

  public static final ConfigOption<String> SINK_PARTITIONER = SinkOptionDeclarations.PARTITIONER;

  public static final ConfigOption<DeliveryGuarantee> SINK_DELIVERY_GUARANTEE =
      SinkOptionDeclarations.DELIVERY_GUARANTEE;

  public static final ConfigOption<String> SINK_TRANSACTIONAL_ID_PREFIX =
      SinkOptionDeclarations.TRANSACTIONAL_ID_PREFIX;

  public static final ConfigOption<Long> SINK_PARALLELISM = SinkOptionDeclarations.PARALLELISM;

  public static final ConfigOption<Long> SINK_BUFFER_FLUSH_MAX_ROWS =
      SinkOptionDeclarations.BUFFER_FLUSH_MAX_ROWS;

  public static final ConfigOption<Duration> SINK_BUFFER_FLUSH_INTERVAL =
      SinkOptionDeclarations.BUFFER_FLUSH_INTERVAL;

  // ---- Beam SQL tables (TBLPROPERTIES keys besides the source and sink options; declared in
  // SqlTableOptionDeclarations) ----

  public static final ConfigOption<String> SQL_METADATA = SqlTableOptionDeclarations.METADATA;

  public static final ConfigOption<String> SQL_PRIMARY_KEY = SqlTableOptionDeclarations.PRIMARY_KEY;

  public static final ConfigOption<String> SQL_VIRTUAL = SqlTableOptionDeclarations.VIRTUAL;

  public static final ConfigOption<String> SQL_COMPUTED = SqlTableOptionDeclarations.COMPUTED;

  /** The keys a Beam SQL table takes in TBLPROPERTIES besides the source and sink options. */
  public static List<ConfigOption<?>> sqlTableOptions() {
    return List.of(SQL_METADATA, SQL_PRIMARY_KEY, SQL_VIRTUAL, SQL_COMPUTED);
  }

  /** Options a source accepts, besides the properties.* and format families. */
  public static List<ConfigOption<?>> sourceOptions() {
    return List.of(
        CONNECTOR,
        BOOTSTRAP_SERVERS,
        GROUP_ID,
        TOPIC,
        TOPIC_PATTERN,
        FORMAT,
        VALUE_FORMAT,
        KEY_FORMAT,
        KEY_FIELDS,
        KEY_FIELDS_PREFIX,
        VALUE_FIELDS_PREFIX,
        VALUE_FIELDS_INCLUDE,
        SCAN_DUPLICATE_FIELD_STRATEGY,
        INGESTION_IGNORE_ERRORS,
        INGESTION_ERROR_TOLERANCE_MAX_COUNT,
        METADATA_LIST,
        SCAN_STARTUP_MODE,
        SCAN_STARTUP_SPECIFIC_OFFSETS,
        SCAN_STARTUP_TIMESTAMP_MILLIS,
        SCAN_PARTITION_DISCOVERY_INTERVAL,
        SCAN_HEADER_FILTER,
        SCAN_CHECK_DUPLICATED_GROUP_ID,
        SCAN_BOUNDED_MODE,
        SCAN_BOUNDED_TIMESTAMP_MILLIS,
        SCAN_BOUNDED_SPECIFIC_OFFSETS,
        SCAN_WATERMARK_STRATEGY,
        SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS,
        SCAN_WATERMARK_IDLE_TIMEOUT,
        SCAN_WATERMARK_COLUMN,
        SCAN_MAX_PRE_FETCH_RECORDS,
        INFER_SCHEMA_PRIMITIVE_AS_STRING,
        INFER_SCHEMA_FLATTEN_NESTED_COLUMNS,
        INFER_SCHEMA_STRING_TYPE_INFERENCE,
        INFER_SCHEMA_FIXED_TYPES,
        INFER_SCHEMA_PARSE_KEY_ERROR_FIELD_NAME);
  }

  /** Kafka client properties the connector sets itself; setting them is an error. */
  public static final List<String> RESERVED_CONSUMER_PROPERTIES =
      List.of("key.deserializer", "value.deserializer");

  /** Options a sink accepts, besides the properties.* and format families. */
  public static List<ConfigOption<?>> sinkOptions() {
    return List.of(
        CONNECTOR,
        BOOTSTRAP_SERVERS,
        SINK_TOPIC,
        FORMAT,
        VALUE_FORMAT,
        KEY_FORMAT,
        KEY_FIELDS,
        KEY_FIELDS_PREFIX,
        VALUE_FIELDS_PREFIX,
        VALUE_FIELDS_INCLUDE,
        SINK_METADATA_LIST,
        SINK_PARTITIONER,
        SINK_DELIVERY_GUARANTEE,
        SINK_TRANSACTIONAL_ID_PREFIX,
        SINK_PARALLELISM,
        SINK_BUFFER_FLUSH_MAX_ROWS,
        SINK_BUFFER_FLUSH_INTERVAL);
  }

  /** The {@code connector} value of upsert tables. */
  public static final String UPSERT_KAFKA = "upsert-kafka";

  /**
   * The schema option (Beam {@code Schema.Options}) on the rows of an upsert-kafka read that names
   * their primary key, ';'-separated, so that {@code latestPerKey()} needs no arguments.
   */
  public static final String PRIMARY_KEY_SCHEMA_OPTION = "kafka-connector.primary-key";

  /** The metadata key of the change kind of upsert tables (read and write). */
  public static final String ROW_KIND_KEY = "row-kind";

  /**
   * Whether {@code connector} selects upsert semantics.
   *
   * @throws IllegalArgumentException for a value other than kafka / upsert-kafka
   */
  public static boolean isUpsert(dev.kafkaconnector.formats.options.Configuration conf) {
    String connector = conf.get(CONNECTOR).trim();
    if (connector.equals(UPSERT_KAFKA)) {
      return true;
    }
    if (!connector.equals("kafka")) {
      throw new IllegalArgumentException(
          "Option 'connector' must be 'kafka' or 'upsert-kafka', but is '" + connector + "'");
    }
    return false;
  }

  /** Kafka producer properties the connector sets itself; setting them is an error. */
  public static final List<String> RESERVED_PRODUCER_PROPERTIES =
      List.of("key.serializer", "value.serializer");

  /** Every option the connector declares. */
  public static List<ConfigOption<?>> allOptions() {
    List<ConfigOption<?>> all = new java.util.ArrayList<>(sourceOptions());
    all.addAll(sinkOptions());
    return all;
  }
}
