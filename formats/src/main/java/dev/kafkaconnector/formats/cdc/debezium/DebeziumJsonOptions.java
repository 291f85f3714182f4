package dev.kafkaconnector.formats.cdc.debezium;

import dev.kafkaconnector.formats.cdc.ChangelogOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code debezium-json}: Flink 1.19's {@code DebeziumJsonFormatOptions}, the append
 * mode, and the sink's {@code debezium-json.include-schema.enabled} of the data-ingestion
 * specification.
 */
public final class DebeziumJsonOptions {
  private DebeziumJsonOptions() {}

  static final String FORMAT = DebeziumJsonFormatFactory.IDENTIFIER;

  public static final ConfigOption<Boolean> SCHEMA_INCLUDE =
      ConfigOption.bool(
          FORMAT + ".schema-include",
          false,
          "Whether the Debezium messages carry their Kafka Connect schema: Kafka Connect with"
              + " 'value.converter.schemas.enable' = 'true' wraps each change as {\"schema\": ...,"
              + " \"payload\": ...}. Set it to true to read such messages. On the sink side it"
              + " writes that envelope too (as debezium-json.include-schema.enabled does).");

  public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS =
      ChangelogOptions.ignoreParseErrors(FORMAT);

  public static final ConfigOption<Boolean> APPEND_MODE = ChangelogOptions.appendMode(FORMAT);

  public static final ConfigOption<Boolean> INCLUDE_SCHEMA_ENABLED =
      ConfigOption.bool(
          FORMAT + ".include-schema.enabled",
          false,
          "Sink: write each change in the Kafka Connect envelope {\"schema\": ..., \"payload\":"
              + " ...}, with a schema describing the before/after images, so that consumers"
              + " configured with 'value.converter.schemas.enable' = 'true' can read it.");

  public static final ConfigOption<Boolean> EMIT_FULL_TABLE_ID_ENABLED =
      ConfigOption.bool(
          FORMAT + ".emit.full-table-id.enabled",
          false,
          "CDC sink (writeChanges): write the three-part table id into the message's source"
              + " block: namespace as source.db, schema as source.schema, table as source.table."
              + " When false, the id's schema part (the 'db' of a two-part id db.tbl) is"
              + " source.db, its table source.table, and a namespace is not written.");

  /** All options, in documentation order. */
  public static List<ConfigOption<?>> all() {
    List<ConfigOption<?>> all = new ArrayList<>();
    all.add(SCHEMA_INCLUDE);
    all.addAll(ChangelogOptions.json(FORMAT));
    all.add(APPEND_MODE);
    all.add(INCLUDE_SCHEMA_ENABLED);
    all.add(EMIT_FULL_TABLE_ID_ENABLED);
    return List.copyOf(all);
  }
}
