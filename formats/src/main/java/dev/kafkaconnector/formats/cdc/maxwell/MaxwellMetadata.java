package dev.kafkaconnector.formats.cdc.maxwell;

import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.cdc.MetadataReader;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The metadata {@code maxwell-json} can read (Flink 1.19's, plus {@code row-kind}); all nullable.
 */
final class MaxwellMetadata {
  private MaxwellMetadata() {}

  static final FieldType STRING = FieldType.STRING.withNullable(true);
  static final FieldType STRINGS =
      FieldType.array(FieldType.STRING.withNullable(true)).withNullable(true);

  static List<FormatMetadata> readable() {
    return List.of(
        new FormatMetadata("database", STRING, "The originating database (\"database\")."),
        new FormatMetadata("table", STRING, "The originating table (\"table\")."),
        new FormatMetadata(
            "primary-key-columns", STRINGS, "The primary key columns (\"primary_key_columns\")."),
        new FormatMetadata(
            "ingestion-timestamp",
            FieldType.DATETIME.withNullable(true),
            "When Maxwell processed the change (\"ts\", seconds)."),
        FormatMetadata.rowKind());
  }

  /** The reader of {@code key} (not {@code row-kind}). */
  static MetadataReader reader(String key, JsonReadSettings settings) {
    switch (key) {
      case "database":
        return MetadataReader.value(STRING, settings, "database");
      case "table":
        return MetadataReader.value(STRING, settings, "table");
      case "primary-key-columns":
        return MetadataReader.value(STRINGS, settings, "primary_key_columns");
      case "ingestion-timestamp":
        return MetadataReader.epochSeconds(settings, "ts");
      default:
        throw new IllegalArgumentException(
            "Format '" + settings.format() + "' has no metadata '" + key + "'");
    }
  }
}
