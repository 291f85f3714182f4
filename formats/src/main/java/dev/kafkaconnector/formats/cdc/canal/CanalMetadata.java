package dev.kafkaconnector.formats.cdc.canal;

import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.cdc.MetadataReader;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The metadata {@code canal-json} can read: Flink 1.19's ({@code database}, {@code table}, {@code
 * sql-type}, {@code pk-names}, {@code ingestion-timestamp}, {@code event-timestamp}), the
 * specification's additions ({@code operation-type}, {@code batch-id}, {@code is-ddl}, {@code
 * mysql-type}, {@code update-before}, {@code sql}) and {@code row-kind}. All of it is nullable and
 * the same for every row of a message.
 */
final class CanalMetadata {
  private CanalMetadata() {}

  static final FieldType STRING = FieldType.STRING.withNullable(true);
  static final FieldType TIMESTAMP_LTZ = FieldType.DATETIME.withNullable(true);
  static final FieldType STRING_MAP =
      FieldType.map(FieldType.STRING, FieldType.STRING.withNullable(true)).withNullable(true);
  static final FieldType SQL_TYPES =
      FieldType.map(FieldType.STRING, FieldType.INT32.withNullable(true)).withNullable(true);
  static final FieldType STRINGS =
      FieldType.array(FieldType.STRING.withNullable(true)).withNullable(true);
  static final FieldType OLD_VALUES = FieldType.array(STRING_MAP).withNullable(true);

  /**
   * The metadata {@code canal-json} writes when a sink column carries it: where the change came
   * from. The other members ({@code type}, {@code old}, {@code isDdl}, {@code sqlType}, {@code
   * mysqlType}) follow from the change kind and the row type and are always written.
   */
  static List<FormatMetadata> writable() {
    List<String> keys =
        List.of(
            "database", "table", "pk-names", "event-timestamp", "ingestion-timestamp", "batch-id");
    return readable().stream().filter(m -> keys.contains(m.key())).toList();
  }

  static List<FormatMetadata> readable() {
    return List.of(
        new FormatMetadata("database", STRING, "The originating database (\"database\")."),
        new FormatMetadata("table", STRING, "The originating table (\"table\")."),
        new FormatMetadata(
            "sql-type", SQL_TYPES, "The java.sql.Types code of each column (\"sqlType\")."),
        new FormatMetadata("pk-names", STRINGS, "The primary key columns (\"pkNames\")."),
        new FormatMetadata(
            "ingestion-timestamp",
            TIMESTAMP_LTZ,
            "When Canal processed the change (\"ts\", milliseconds)."),
        new FormatMetadata(
            "event-timestamp",
            TIMESTAMP_LTZ,
            "When the change was made in the database (\"es\", milliseconds)."),
        new FormatMetadata(
            "operation-type",
            STRING,
            "The change type as Canal writes it: INSERT, UPDATE, DELETE (\"type\")."),
        new FormatMetadata(
            "batch-id", FieldType.INT64.withNullable(true), "The binlog batch id (\"id\")."),
        new FormatMetadata(
            "is-ddl",
            FieldType.BOOLEAN.withNullable(true),
            "Whether the message is a DDL statement (\"isDdl\"); DDL messages give no rows."),
        new FormatMetadata(
            "mysql-type", STRING_MAP, "The MySQL type of each column (\"mysqlType\")."),
        new FormatMetadata(
            "update-before",
            OLD_VALUES,
            "The previous values of the changed columns of each updated row, as text (\"old\")."),
        new FormatMetadata("sql", STRING, "The SQL statement (\"sql\"), usually empty."),
        FormatMetadata.rowKind());
  }

  /** The reader of {@code key} (not {@code row-kind}). */
  static MetadataReader reader(String key, JsonReadSettings settings) {
    switch (key) {
      case "database":
        return MetadataReader.value(STRING, settings, "database");
      case "table":
        return MetadataReader.value(STRING, settings, "table");
      case "sql-type":
        return MetadataReader.value(SQL_TYPES, settings, "sqlType");
      case "pk-names":
        return MetadataReader.value(STRINGS, settings, "pkNames");
      case "ingestion-timestamp":
        return MetadataReader.epochMillis(settings, "ts");
      case "event-timestamp":
        return MetadataReader.epochMillis(settings, "es");
      case "operation-type":
        return MetadataReader.value(STRING, settings, "type");
      case "batch-id":
        return MetadataReader.value(FieldType.INT64.withNullable(true), settings, "id");
      case "is-ddl":
        return MetadataReader.value(FieldType.BOOLEAN.withNullable(true), settings, "isDdl");
      case "mysql-type":
        return MetadataReader.value(STRING_MAP, settings, "mysqlType");
      case "update-before":
        return MetadataReader.value(OLD_VALUES, settings, "old");
      case "sql":
        return MetadataReader.value(STRING, settings, "sql");
      default:
        throw new IllegalArgumentException(
            "Format '" + settings.format() + "' has no metadata '" + key + "'");
    }
  }
}
