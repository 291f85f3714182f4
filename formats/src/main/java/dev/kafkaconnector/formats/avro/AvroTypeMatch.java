package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.schema.ColumnType;
import dev.kafkaconnector.schema.SqlTypeRoot;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;

/**
 * Which Avro types a column of each kind can be read from and written to, shared by the readers and
 * the writers so that both accept the same schemas. Unions with null are unwrapped by the callers.
 */
final class AvroTypeMatch {
  private AvroTypeMatch() {}

  /** How a long or int holds a time value. */
  enum TimeUnit {
    MILLIS,
    MICROS
  }

  /**
   * The SQL type of a column, as the Avro readers, writers and schema derivation take it.
   *
   * @throws IllegalArgumentException naming {@code path} for a type without SQL type, and for the
   *     TIMESTAMP_LTZ logical types of precision 6 and 9 (the Avro format holds TIMESTAMP_LTZ as
   *     Beam's DATETIME)
   */
  static ColumnType column(FieldType type, String path) {
    ColumnType column;
    try {
      column = ColumnType.of(type);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("column '" + path + "': " + e.getMessage(), e);
    }
    if (column.root() == SqlTypeRoot.TIMESTAMP_LTZ && type.getTypeName() != TypeName.DATETIME) {
      throw new IllegalArgumentException(
          "column '"
              + path
              + "': the Avro format holds TIMESTAMP_LTZ(3) as Beam's DATETIME, not "
              + column
              + " as the logical type "
              + type.getLogicalType().getIdentifier());
    }
    return column;
  }

  /**
   * Checks that {@code avro} (not a union) can hold a column of {@code type}.
   *
   * @throws IllegalArgumentException naming {@code path} and both types
   */
  static SqlTypeRoot check(Schema avro, FieldType type, String path) {
    SqlTypeRoot kind = column(type, path).root();
    boolean ok = fits(avro, kind, type);
    if (!ok) {
      throw new IllegalArgumentException(
          "field '"
              + path
              + "': the Avro type "
              + describe(avro)
              + " does not fit the column type "
              + kind
              + (kind == SqlTypeRoot.MAP ? " (Avro map keys are strings)" : ""));
    }
    return kind;
  }

  /** Whether {@code avro} (not a union) can hold a column of {@code kind} ({@code type}). */
  private static boolean fits(Schema avro, SqlTypeRoot kind, FieldType type) {
    Schema.Type t = avro.getType();
    LogicalType logical = avro.getLogicalType();
    return switch (kind) {
      case BOOLEAN -> t == Schema.Type.BOOLEAN;
      case TINYINT, SMALLINT, INT -> t == Schema.Type.INT && logical == null;
      case BIGINT -> t == Schema.Type.LONG && logical == null;
      case FLOAT -> t == Schema.Type.FLOAT;
      case DOUBLE -> t == Schema.Type.DOUBLE;
      case DECIMAL ->
          (t == Schema.Type.BYTES || t == Schema.Type.FIXED)
              && logical instanceof LogicalTypes.Decimal;
      case STRING -> t == Schema.Type.STRING || t == Schema.Type.ENUM;
      case BYTES -> (t == Schema.Type.BYTES || t == Schema.Type.FIXED) && logical == null;
      case DATE -> t == Schema.Type.INT && logical instanceof LogicalTypes.Date;
      case TIME -> timeUnit(avro) != null;
      case TIMESTAMP, TIMESTAMP_LTZ -> timestampUnit(avro) != null;
      case ARRAY -> t == Schema.Type.ARRAY;
      case MAP ->
          t == Schema.Type.MAP && SqlTypeRoot.of(type.getMapKeyType()) == SqlTypeRoot.STRING;
      case ROW -> t == Schema.Type.RECORD;
      default -> false;
    };
  }

  /** The unit of a time-millis int or time-micros long, or null. */
  static TimeUnit timeUnit(Schema avro) {
    LogicalType logical = avro.getLogicalType();
    if (avro.getType() == Schema.Type.INT && logical instanceof LogicalTypes.TimeMillis) {
      return TimeUnit.MILLIS;
    }
    if (avro.getType() == Schema.Type.LONG && logical instanceof LogicalTypes.TimeMicros) {
      return TimeUnit.MICROS;
    }
    return null;
  }

  /** The unit of a (local-)timestamp-millis/micros long, or null. */
  static TimeUnit timestampUnit(Schema avro) {
    if (avro.getType() != Schema.Type.LONG) {
      return null;
    }
    LogicalType logical = avro.getLogicalType();
    if (logical instanceof LogicalTypes.TimestampMillis
        || logical instanceof LogicalTypes.LocalTimestampMillis) {
      return TimeUnit.MILLIS;
    }
    if (logical instanceof LogicalTypes.TimestampMicros
        || logical instanceof LogicalTypes.LocalTimestampMicros) {
      return TimeUnit.MICROS;
    }
    return null;
  }

  /**
   * The position of the null branch of a union and of its single other branch.
   *
   * @return {nullIndex, valueIndex}
   * @throws IllegalArgumentException for unions with more than one non-null branch
   */
  static int[] nullableUnion(Schema union, String path) {
    int nullIndex = -1;
    int valueIndex = -1;
    for (int i = 0; i < union.getTypes().size(); i++) {
      if (union.getTypes().get(i).getType() == Schema.Type.NULL) {
        nullIndex = i;
      } else if (valueIndex < 0) {
        valueIndex = i;
      } else {
        throw new IllegalArgumentException(
            "field '"
                + path
                + "': the union "
                + union
                + " has several non-null branches; only unions of null and one type map to a"
                + " column");
      }
    }
    if (valueIndex < 0) {
      throw new IllegalArgumentException(
          "field '" + path + "': the Avro type " + union + " holds only null");
    }
    return new int[] {nullIndex, valueIndex};
  }

  static String describe(Schema avro) {
    LogicalType logical = avro.getLogicalType();
    String name = avro.getType().getName();
    return logical == null ? name : name + " (" + logical.getName() + ")";
  }
}
