package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.options.ConfigOption;

/**
 * The declarations of the keys a Beam SQL table takes in TBLPROPERTIES besides the source and sink
 * options (key, type, description), re-exported as {@code KafkaConnectorOptions.SQL_*}: kept in a
 * holder of their own so that {@link KafkaConnectorOptions} stays readable. Use them through {@link
 * KafkaConnectorOptions}.
 */
final class SqlTableOptionDeclarations {
  private SqlTableOptionDeclarations() {}

  static final ConfigOption<String> METADATA =
      ConfigOption.string(
          "metadata",
          "Beam SQL tables: a JSON object mapping column names to metadata keys, for example"
              + " {\"ts\": \"timestamp\", \"record_offset\": \"offset\", \"origin_table\":"
              + " \"value.table\", \"kind\": \"row-kind\"}: Flink's METADATA FROM. Reading fills"
              + " the columns from any metadata key (see metadata.list; row-kind is value.row-kind"
              + " of a changelog format or the change kind of an upsert-kafka table); INSERT writes"
              + " the columns of writable keys (timestamp, headers, topic, partition, row-kind) as"
              + " record metadata and the value format's writable metadata (canal-json's"
              + " value.database, value.table, ...) into the message, and ignores the read-only"
              + " ones.");

  static final ConfigOption<String> PRIMARY_KEY =
      ConfigOption.string(
          "primary-key",
          "Beam SQL tables of type upsert-kafka (required there): the primary key, a ';'-separated"
              + " string ('id' or 'a;b') or a JSON array of column names; it is the record key,"
              + " encoded with key.format. Beam SQL's DDL has no PRIMARY KEY clause.");

  static final ConfigOption<String> VIRTUAL =
      ConfigOption.string(
          "virtual",
          "Beam SQL tables: metadata columns that INSERT does not write (Flink's METADATA ..."
              + " VIRTUAL), a ';'-separated string or a JSON array of column names of key"
              + " 'metadata'. Beam SQL's INSERT still gives every column; their values are"
              + " dropped.");

  static final ConfigOption<String> COMPUTED =
      ConfigOption.string(
          "computed",
          "Beam SQL tables: computed columns (Flink's name AS expression), a JSON object of column"
              + " name to SQL expression over the table's physical and metadata columns, for"
              + " example {\"total\": \"price * qty\"}. Evaluated per row after decoding, with"
              + " Calcite as Beam SQL ships it; the column's declared type must be the"
              + " expression's. Beam SQL's INSERT still gives every column; the values of computed"
              + " columns are dropped.");
}
