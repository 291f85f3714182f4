package dev.kafkaconnector.io.cdc.source;

import dev.kafkaconnector.formats.cdc.canal.CanalTypeStrategy;
import dev.kafkaconnector.formats.json.JsonInferenceOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.io.cdc.InitialSchemas;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The options of {@code readChanges()} beyond those of {@code read()}: the spec's YAML source keys
 * (schema inference strategy, initial DDLs, create-table events in batch, table ids, payload
 * converter, tombstones as deletes, Canal type strategies, distributed tables). Format-scoped keys
 * exist in three spellings, as in the spec: {@code value.<format>.X} (the value side only), {@code
 * key.<format>.X} (the key side only) and {@code <format>.X} (both); the most specific wins.
 */
public final class ChangeSourceOptions {
  private ChangeSourceOptions() {}

  /** The value formats the change source reads. */
  public static final List<String> VALUE_FORMATS =
      List.of("debezium-json", "canal-json", "maxwell-json", "json");

  /** The value format when neither {@code value.format} nor {@code format} is set. */
  public static final String DEFAULT_VALUE_FORMAT = "debezium-json";

  /** {@code schema.inference.strategy}. */
  public enum Strategy {
    CONTINUOUS,
    STATIC;

    @Override
    public String toString() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public static final ConfigOption<Strategy> SCHEMA_INFERENCE_STRATEGY =
      ConfigOption.enumValue(
          "schema.inference.strategy",
          Strategy.class,
          Strategy.CONTINUOUS,
          "readChanges(): 'continuous' infers the schema of every record and, when a table's"
              + " schema widens (a new column, a wider type), emits add-column / alter-column-type"
              + " events before the rows that need them; 'static' fixes each table's schema when"
              + " it is first seen (from the pre-fetched records, the initial DDLs, or the table's"
              + " first record) and emits no schema change: members it lacks are dropped.");

  public static final ConfigOption<String> INITIAL_SCHEMAS_DDLS =
      ConfigOption.string(
          InitialSchemas.KEY,
          "readChanges(): initial schemas of tables as ';'-separated Flink SQL statements, for"
              + " example 'CREATE TABLE db1.t1 (id BIGINT, name VARCHAR(10)); CREATE TABLE db1.t2"
              + " (id BIGINT);'. Their columns keep the declared types (inference adds other"
              + " columns), and a PRIMARY KEY (...) NOT ENFORCED clause gives the table's key.");

  public static final ConfigOption<Boolean> EMIT_CREATE_TABLE_EVENTS_IN_BATCH =
      ConfigOption.bool(
          "scan.emit.create-table-events.in-batch.enabled",
          false,
          "readChanges(): send the create-table events of the tables known at startup (those the"
              + " pre-fetched records of scan.max.pre.fetch.records and the DDLs of"
              + " scan.value.initial-schemas.ddls give) in one batch when the job starts, before"
              + " the rows, instead of each one when its table's first record is read; such a"
              + " table then has its create-table event even when no record of it is read. Tables"
              + " first seen later get theirs with their first record either way.");

  /** A format-scoped option, declared for every value format that has it. */
  private static ConfigOption<Boolean> distributedTables(String format) {
    return ConfigOption.bool(
        format + ".distributed-tables",
        false,
        "readChanges(): whether one table's changes are spread over several partitions. Accepted"
            + " for compatibility: readChanges() always merges the schemas every reader infers"
            + " for a table (in the keyed schema-evolution step), so tables may span partitions"
            + " either way.");
  }

  static ConfigOption<String> parserTableIdFields(String format) {
    return ConfigOption.string(
        format + ".decode.parser-table-id.fields",
        "readChanges() with the json format: the ','-separated members whose values make the"
            + " table id ('db,tbl' gives 'a.b' for {\"db\": \"a\", \"tbl\": \"b\"}); without it"
            + " the table id is the topic name.");
  }

  static ConfigOption<String> converterClass(String format) {
    return ConfigOption.string(
        format + ".decode.converter-class",
        "readChanges() with the json format: the class name of a KafkaPayloadConverter that"
            + " rewrites each message's bytes before they are parsed (key.json.* for the key,"
            + " value.json.* for the value), loaded from the job's class path.");
  }

  static ConfigOption<Boolean> emptyValueAsDelete(String format) {
    return ConfigOption.bool(
        format + ".decode.empty-value-as-delete.enabled",
        false,
        "readChanges() with the json format: a record with a null or empty value (a tombstone of"
            + " a compacted topic) is a delete of the row its key gives (needs key.format json);"
            + " when false, tombstones are skipped and counted.");
  }

  static final ConfigOption<CanalTypeStrategy> CANAL_TYPE_STRATEGY =
      ConfigOption.enumValue(
          "canal-json.infer-schema.strategy",
          CanalTypeStrategy.class,
          CanalTypeStrategy.AUTO,
          "readChanges() with canal-json: AUTO infers types from the JSON values; SQL_TYPE takes"
              + " them from the message's 'sqlType' (java.sql.Types codes); MYSQL_TYPE from its"
              + " 'mysqlType' (MySQL column types, with precision). A column the map lacks is"
              + " inferred.");

  static final ConfigOption<Boolean> CANAL_TINYINT1_AS_BOOLEAN =
      ConfigOption.bool(
          "canal-json.mysql.treat-tinyint1-as-boolean.enabled",
          true,
          "readChanges() with canal-json and MYSQL_TYPE: tinyint(1) is BOOLEAN (else TINYINT).");

  static final ConfigOption<Boolean> CANAL_TIMESTAMP_AS_DATETIME =
      ConfigOption.bool(
          "canal-json.mysql.treat-mysql-timestamp-as-datetime-enabled",
          true,
          "readChanges() with canal-json and MYSQL_TYPE: MySQL's timestamp is TIMESTAMP (else"
              + " TIMESTAMP_LTZ).");

  /** The inference options of the spec's YAML source, per format. */
  private static List<ConfigOption<?>> inference(String format) {
    String prefix = format + ".";
    List<ConfigOption<?>> out = new ArrayList<>();
    out.add(JsonInferenceOptions.primitiveAsString(prefix));
    out.add(JsonInferenceOptions.stringTypeInference(prefix));
    out.add(JsonInferenceOptions.flattenNestedColumns(prefix));
    out.add(JsonInferenceOptions.fixedTypes(prefix));
    return out;
  }

  /** The format-scoped options of {@code format} this source reads, unscoped spelling. */
  static List<ConfigOption<?>> formatOptions(String format) {
    List<ConfigOption<?>> out = new ArrayList<>();
    out.add(distributedTables(format));
    out.addAll(inference(format));
    if (format.equals("json")) {
      out.add(parserTableIdFields(format));
      out.add(converterClass(format));
      out.add(emptyValueAsDelete(format));
    }
    if (format.equals("canal-json")) {
      out.add(CANAL_TYPE_STRATEGY);
      out.add(CANAL_TINYINT1_AS_BOOLEAN);
      out.add(CANAL_TIMESTAMP_AS_DATETIME);
    }
    return out;
  }

  /** The options of {@code readChanges()} beyond the reader's, for the reference. */
  public static List<ConfigOption<?>> all() {
    List<ConfigOption<?>> out = new ArrayList<>();
    out.add(SCHEMA_INFERENCE_STRATEGY);
    out.add(INITIAL_SCHEMAS_DDLS);
    out.add(EMIT_CREATE_TABLE_EVENTS_IN_BATCH);
    Set<String> seen = new LinkedHashSet<>();
    for (String format : VALUE_FORMATS) {
      for (ConfigOption<?> option : formatOptions(format)) {
        if (seen.add(option.key())) {
          out.add(option);
        }
      }
    }
    return out;
  }

  /**
   * Every key spelling this source reads on top of the reader's options: the connector-level keys,
   * and each format option as {@code <format>.X}, {@code value.<format>.X} and {@code
   * key.<format>.X}.
   */
  static Set<String> keys() {
    Set<String> out = new LinkedHashSet<>();
    out.add(SCHEMA_INFERENCE_STRATEGY.key());
    out.add(INITIAL_SCHEMAS_DDLS.key());
    out.add(EMIT_CREATE_TABLE_EVENTS_IN_BATCH.key());
    for (String format : VALUE_FORMATS) {
      for (ConfigOption<?> option : formatOptions(format)) {
        out.add(option.key());
        out.add("value." + option.key());
        out.add("key." + option.key());
      }
    }
    return out;
  }
}
