package dev.kafkaconnector.io.sql;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;

/**
 * How a Beam field type is written in Beam SQL's {@code CREATE EXTERNAL TABLE} column list: {@code
 * VARCHAR} for STRING, {@code VARBINARY} for BYTES, {@code TIMESTAMP} for an instant (Beam SQL's
 * TIMESTAMP is a Beam DATETIME, so Flink's {@code TIMESTAMP(p)} and {@code TIMESTAMP_LTZ(p)} both
 * become it), {@code ARRAY<…>}, {@code MAP<…, …>} and {@code ROW<`f` …>} nested. Beam SQL's types
 * carry no length or precision, and nested types no nullability.
 */
final class BeamSqlTypeNames {
  private BeamSqlTypeNames() {}

  /**
   * The Beam SQL spelling of {@code type}, without {@code NOT NULL}.
   *
   * @throws IllegalArgumentException for a type Beam SQL's DDL cannot declare, naming it
   */
  static String of(FieldType type) {
    switch (type.getTypeName()) {
      case BYTE:
        return "TINYINT";
      case INT16:
        return "SMALLINT";
      case INT32:
        return "INTEGER";
      case INT64:
        return "BIGINT";
      case FLOAT:
        return "FLOAT";
      case DOUBLE:
        return "DOUBLE";
      case DECIMAL:
        return "DECIMAL";
      case BOOLEAN:
        return "BOOLEAN";
      case STRING:
        return "VARCHAR";
      case BYTES:
        return "VARBINARY";
      case DATETIME:
        return "TIMESTAMP";
      case ARRAY:
      case ITERABLE:
        return "ARRAY<" + of(type.getCollectionElementType()) + ">";
      case MAP:
        return "MAP<" + of(type.getMapKeyType()) + ", " + of(type.getMapValueType()) + ">";
      case ROW:
        return row(type.getRowSchema());
      case LOGICAL_TYPE:
        return logical(type);
      default:
        throw new IllegalArgumentException("type " + type + " has no Beam SQL spelling");
    }
  }

  /** A name in backquotes, a backquote doubled. */
  static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  private static String row(Schema schema) {
    StringBuilder out = new StringBuilder("ROW<");
    for (Schema.Field field : schema.getFields()) {
      if (out.length() > 4) {
        out.append(", ");
      }
      out.append(quote(field.getName())).append(' ').append(of(field.getType()));
    }
    return out.append('>').toString();
  }

  private static String logical(FieldType type) {
    String id = type.getLogicalType().getIdentifier();
    if (id.equals(SqlTypes.DATE.getIdentifier())) {
      return "DATE";
    }
    if (id.equals(SqlTypes.TIME.getIdentifier())) {
      return "TIME";
    }
    if (id.equals(SqlTypes.DATETIME.getIdentifier())) {
      return "TIMESTAMP";
    }
    throw new IllegalArgumentException("type " + id + " has no Beam SQL spelling");
  }
}
