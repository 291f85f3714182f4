package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.json.JsonInferenceOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.time.Duration;
import java.util.List;

/**
 * Every connector option, declared once: key (the spec's, verbatim), type, default and description.
 * Validation reads these declarations and the option reference in the README is generated from them
 * ({@code dev.kafkaconnector.io.OptionReference}).
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
              + " counter kafka-connector:records-skipped-bad, instead of failing the job (see"
              + " ingestion.error-tolerance.max-count). A dead-letter handler, when set, takes"
              + " precedence.");

  public static final ConfigOption<Long> INGESTION_ERROR_TOLERANCE_MAX_COUNT =
      ConfigOption.longValue(
          "ingestion.error-tolerance.max-count",
          -1L,
          "With ingestion.ignore-errors: the job fails once more than this many records failed"
              + " to decode (counted per worker JVM and source). -1 means no limit.");

  public static final ConfigOption<String> METADATA_LIST =
      ConfigOption.string(
          "metadata.list",
          "Comma-separated metadata keys, each appended as a column of that name after the"
              + " physical columns, in list order: topic (STRING), partition (INT32), offset"
              + " (INT64), timestamp (DATETIME), timestamp-type (STRING), headers (MAP<STRING,"
              + " BYTES>), leader-epoch (INT32, nullable), __raw_key__ (BYTES), __raw_value__"
              + " (BYTES), and value.<key> for metadata of the value format (for example"
              + " value.table of canal-json, value.row-kind of changelog formats).");

  // ---- source ----

  public static final ConfigOption<String> TOPIC =
      ConfigOption.string(
          "topic",
          "Topic to read, or several separated by ';' ('topic-1;topic-2'). Set this or"
              + " topic-pattern, not both.");

  public static final ConfigOption<String> TOPIC_PATTERN =
      ConfigOption.string(
          "topic-pattern",
          "Java regular expression; every topic whose whole name matches is read, including"
              + " topics created later (see scan.topic-partition-discovery.interval).");

  public static final ConfigOption<StartupMode> SCAN_STARTUP_MODE =
      ConfigOption.enumValue(
          "scan.startup.mode",
          StartupMode.class,
          StartupMode.GROUP_OFFSETS,
          "Where a fresh job starts: earliest-offset, latest-offset, group-offsets (committed"
              + " offsets of properties.group.id, else properties.auto.offset.reset), timestamp,"
              + " specific-offsets. A job restored from a checkpoint continues from its"
              + " checkpointed offsets instead.");

  public static final ConfigOption<String> SCAN_STARTUP_SPECIFIC_OFFSETS =
      ConfigOption.string(
          "scan.startup.specific-offsets",
          "Start offsets for 'specific-offsets', as 'partition:0,offset:42;partition:1,offset:300'."
              + " Partitions not listed start as group-offsets would.");

  public static final ConfigOption<Long> SCAN_STARTUP_TIMESTAMP_MILLIS =
      ConfigOption.longValue(
          "scan.startup.timestamp-millis",
          "Start time in epoch milliseconds for 'timestamp'. A partition with no record at or"
              + " after it starts at its end.");

  public static final ConfigOption<Duration> SCAN_PARTITION_DISCOVERY_INTERVAL =
      ConfigOption.duration(
          "scan.topic-partition-discovery.interval",
          "5 min",
          "How often new partitions of the subscribed topics, and new topics matching"
              + " topic-pattern, are looked for; they are read from their earliest offset. Zero or"
              + " negative disables discovery.");

  public static final ConfigOption<String> SCAN_HEADER_FILTER =
      ConfigOption.string(
          "scan.header-filter",
          "Keeps only records whose headers match, for example 'depart:toy|depart:book&!env:test':"
              + " 'key:value' conditions, '!' negates, '|' and '&' evaluated strictly left to"
              + " right without precedence or parentheses, values compared as UTF-8.");

  public static final ConfigOption<Boolean> SCAN_CHECK_DUPLICATED_GROUP_ID =
      ConfigOption.bool(
          "scan.check.duplicated.group.id",
          false,
          "When true the job fails at start if properties.group.id already has active members.");

  public static final ConfigOption<BoundedMode> SCAN_BOUNDED_MODE =
      ConfigOption.enumValue(
          "scan.bounded.mode",
          BoundedMode.class,
          BoundedMode.UNBOUNDED,
          "Where a finite read stops: unbounded (never), latest-offset (the end offsets seen at"
              + " start), group-offsets (committed offsets), timestamp, specific-offsets. A"
              + " bounded read gives a bounded PCollection.");

  public static final ConfigOption<Long> SCAN_BOUNDED_TIMESTAMP_MILLIS =
      ConfigOption.longValue(
          "scan.bounded.timestamp-millis",
          "Stop time in epoch milliseconds for scan.bounded.mode 'timestamp' (records before it"
              + " are read).");

  public static final ConfigOption<String> SCAN_BOUNDED_SPECIFIC_OFFSETS =
      ConfigOption.string(
          "scan.bounded.specific-offsets",
          "Stop offsets (exclusive) for scan.bounded.mode 'specific-offsets', as"
              + " 'partition:0,offset:42;partition:1,offset:300'. Partitions not listed stop at"
              + " the end offsets seen at start.");

  public static final ConfigOption<WatermarkStrategy> SCAN_WATERMARK_STRATEGY =
      ConfigOption.enumValue(
          "scan.watermark.strategy",
          WatermarkStrategy.class,
          WatermarkStrategy.EVENT_TIME,
          "Output timestamps and watermark: event-time (record timestamps; the watermark trails"
              + " the highest one seen by scan.watermark.max-out-of-orderness), log-append-time"
              + " (record timestamps that the broker set, message.timestamp.type LogAppendTime; a"
              + " CreateTime record fails the job), processing-time (the time each record is"
              + " read).");

  public static final ConfigOption<Duration> SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS =
      ConfigOption.duration(
          "scan.watermark.max-out-of-orderness",
          "5 s",
          "How far record timestamps of a partition may go back behind the highest one seen"
              + " without being late (like Flink's WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)."
              + " Later records are counted in kafka-connector:records-late.");

  public static final ConfigOption<Duration> SCAN_WATERMARK_IDLE_TIMEOUT =
      ConfigOption.duration(
          "scan.watermark.idle-timeout",
          "0",
          "A partition that has been caught up and without new records for this long stops"
              + " holding the watermark back: its watermark moves to the wall clock less"
              + " scan.watermark.max-out-of-orderness (records it gets later with older"
              + " timestamps may be late). 0 (the default, as in Flink) disables it, so an empty"
              + " partition holds event-time windows back.");

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

  // ---- sink ----

  public static final ConfigOption<String> SINK_TOPIC =
      ConfigOption.string(
          "topic",
          "Topic to write to. When not set, each row's writable 'topic' metadata column names its"
              + " topic.");

  public static final ConfigOption<String> SINK_METADATA_LIST =
      ConfigOption.string(
          "metadata.list",
          "Comma-separated writable metadata keys whose input columns (of the same name) are"
              + " written as record metadata instead of into the key or value: timestamp"
              + " (DATETIME), headers (MAP<STRING, BYTES>), topic (STRING), partition (INT32,"
              + " overrides the partitioner), row-kind (STRING +I/-U/+U/-D, for changelog value"
              + " formats).");

  public static final ConfigOption<String> SINK_PARTITIONER =
      ConfigOption.string(
          "sink.partitioner",
          "default",
          "How records are mapped to partitions: default (Kafka's partitioner: by key hash,"
              + " sticky without key), fixed (each writer instance writes to one partition, its"
              + " index modulo the partition count), round-robin, or the class name of a"
              + " dev.kafkaconnector.io.sink.KafkaPartitioner.");

  public static final ConfigOption<DeliveryGuarantee> SINK_DELIVERY_GUARANTEE =
      ConfigOption.enumValue(
          "sink.delivery-guarantee",
          DeliveryGuarantee.class,
          DeliveryGuarantee.AT_LEAST_ONCE,
          "none (records are sent without waiting for acknowledgements), at-least-once (every"
              + " record is acknowledged before its bundle, and so the checkpoint, completes; a"
              + " failed send fails the bundle) or exactly-once (Kafka transactions; requires"
              + " sink.transactional-id-prefix).");

  public static final ConfigOption<String> SINK_TRANSACTIONAL_ID_PREFIX =
      ConfigOption.string(
          "sink.transactional-id-prefix",
          "Prefix of the transactional ids of an exactly-once sink; required with"
              + " sink.delivery-guarantee exactly-once.");

  public static final ConfigOption<Long> SINK_PARALLELISM =
      ConfigOption.longValue(
          "sink.parallelism",
          "Number of writer instances. When set, rows are spread over that many writers (their"
              + " instance indexes are what 'fixed' and 'round-robin' use); by default the writers"
              + " run where the rows are.");

  public static final ConfigOption<Long> SINK_BUFFER_FLUSH_MAX_ROWS =
      ConfigOption.longValue(
          "sink.buffer-flush.max-rows",
          0L,
          "upsert-kafka only: buffer up to this many rows per writer and write only the latest row"
              + " of each key; requires sink.buffer-flush.interval too. 0 disables buffering.");

  public static final ConfigOption<Duration> SINK_BUFFER_FLUSH_INTERVAL =
      ConfigOption.duration(
          "sink.buffer-flush.interval",
          "0",
          "upsert-kafka only: the longest a row stays in the buffer of sink.buffer-flush.max-rows"
              + " (the buffer is also written when a bundle completes). 0 disables buffering.");

  // ---- Beam SQL tables (TBLPROPERTIES keys besides the source and sink options) ----

  public static final ConfigOption<String> SQL_METADATA =
      ConfigOption.string(
          "metadata",
          "Beam SQL tables: a JSON object mapping column names to metadata keys, for example"
              + " {\"ts\": \"timestamp\", \"record_offset\": \"offset\", \"origin_table\":"
              + " \"value.table\", \"kind\": \"row-kind\"}: Flink's METADATA FROM. Reading fills"
              + " the columns from any metadata key (see metadata.list; row-kind is value.row-kind"
              + " of a changelog format or the change kind of an upsert-kafka table); INSERT writes"
              + " the columns of writable keys (timestamp, headers, topic, partition, row-kind) as"
              + " record metadata and ignores the read-only ones.");

  public static final ConfigOption<String> SQL_PRIMARY_KEY =
      ConfigOption.string(
          "primary-key",
          "Beam SQL tables of type upsert-kafka (required there): the primary key, a ';'-separated"
              + " string ('id' or 'a;b') or a JSON array of column names; it is the record key,"
              + " encoded with key.format. Beam SQL's DDL has no PRIMARY KEY clause.");

  public static final ConfigOption<String> SQL_VIRTUAL =
      ConfigOption.string(
          "virtual",
          "Beam SQL tables: metadata columns that INSERT does not write (Flink's METADATA ..."
              + " VIRTUAL), a ';'-separated string or a JSON array of column names of key"
              + " 'metadata'. Beam SQL's INSERT still gives every column; their values are"
              + " dropped.");

  /** The keys a Beam SQL table takes in TBLPROPERTIES besides the source and sink options. */
  public static List<ConfigOption<?>> sqlTableOptions() {
    return List.of(SQL_METADATA, SQL_PRIMARY_KEY, SQL_VIRTUAL);
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
