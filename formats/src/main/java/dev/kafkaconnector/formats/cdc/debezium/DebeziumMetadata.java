package dev.kafkaconnector.formats.cdc.debezium;

import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.cdc.MetadataReader;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The metadata {@code debezium-json} can read (Flink 1.19's, plus {@code row-kind}). All of it is
 * nullable: a message without the member gives null.
 */
final class DebeziumMetadata {
  private DebeziumMetadata() {}

  static final FieldType STRING = FieldType.STRING.withNullable(true);
  static final FieldType TIMESTAMP_LTZ = FieldType.DATETIME.withNullable(true);
  static final FieldType PROPERTIES =
      FieldType.map(FieldType.STRING, FieldType.STRING.withNullable(true)).withNullable(true);

  static List<FormatMetadata> readable() {
    return List.of(
        new FormatMetadata(
            "schema",
            STRING,
            "The Kafka Connect schema of the message as JSON text (only present with"
                + " debezium-json.schema-include)."),
        new FormatMetadata(
            "ingestion-timestamp",
            TIMESTAMP_LTZ,
            "When the connector processed the change (the payload's ts_ms)."),
        new FormatMetadata(
            "source.timestamp",
            TIMESTAMP_LTZ,
            "When the change was made in the database (source.ts_ms)."),
        new FormatMetadata("source.database", STRING, "The originating database (source.db)."),
        new FormatMetadata(
            "source.schema", STRING, "The originating database schema (source.schema)."),
        new FormatMetadata("source.table", STRING, "The originating table (source.table)."),
        new FormatMetadata(
            "source.properties",
            PROPERTIES,
            "All members of the source block, values as text (numbers and booleans as their"
                + " JSON text)."),
        FormatMetadata.rowKind());
  }

  /** The reader of {@code key} (not {@code row-kind}). */
  static MetadataReader reader(String key, JsonReadSettings settings, boolean schemaInclude) {
    String[] payload = schemaInclude ? new String[] {"payload"} : new String[0];
    switch (key) {
      case "schema":
        return MetadataReader.value(STRING, settings, "schema");
      case "ingestion-timestamp":
        return MetadataReader.epochMillis(settings, path(payload, "ts_ms"));
      case "source.timestamp":
        return MetadataReader.epochMillis(settings, path(payload, "source", "ts_ms"));
      case "source.database":
        return MetadataReader.value(STRING, settings, path(payload, "source", "db"));
      case "source.schema":
        return MetadataReader.value(STRING, settings, path(payload, "source", "schema"));
      case "source.table":
        return MetadataReader.value(STRING, settings, path(payload, "source", "table"));
      case "source.properties":
        return MetadataReader.value(PROPERTIES, settings, path(payload, "source"));
      default:
        throw new IllegalArgumentException(
            "Format '" + settings.format() + "' has no metadata '" + key + "'");
    }
  }

  private static String[] path(String[] prefix, String... members) {
    String[] out = new String[prefix.length + members.length];
    System.arraycopy(prefix, 0, out, 0, prefix.length);
    System.arraycopy(members, 0, out, prefix.length, members.length);
    return out;
  }
}
