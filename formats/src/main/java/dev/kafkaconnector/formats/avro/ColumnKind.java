package dev.kafkaconnector.formats.avro;

import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedBytes;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.FixedString;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.schemas.logicaltypes.VariableBytes;
import org.apache.beam.sdk.schemas.logicaltypes.VariableString;
import org.apache.beam.sdk.values.Row;

/**
 * The SQL kind of a Beam column type, as the connector maps SQL types to Beam (for example {@code
 * TIMESTAMP} is {@link SqlTypes#DATETIME}, {@code TIMESTAMP_LTZ} is {@link FieldType#DATETIME}).
 */
enum ColumnKind {
  BOOLEAN,
  TINYINT,
  SMALLINT,
  INT,
  BIGINT,
  FLOAT,
  DOUBLE,
  DECIMAL,
  STRING,
  BYTES,
  DATE,
  TIME,
  TIMESTAMP,
  TIMESTAMP_LTZ,
  ARRAY,
  MAP,
  ROW;

  /** Precision and scale of a DECIMAL column without them (Beam's DECIMAL carries neither). */
  static final int DEFAULT_DECIMAL_PRECISION = 38;

  static final int DEFAULT_DECIMAL_SCALE = 18;

  /**
   * The kind of {@code type}.
   *
   * @throws IllegalArgumentException for a type the formats do not map (the message names the type)
   */
  static ColumnKind of(FieldType type) {
    switch (type.getTypeName()) {
      case BOOLEAN:
        return BOOLEAN;
      case BYTE:
        return TINYINT;
      case INT16:
        return SMALLINT;
      case INT32:
        return INT;
      case INT64:
        return BIGINT;
      case FLOAT:
        return FLOAT;
      case DOUBLE:
        return DOUBLE;
      case DECIMAL:
        return DECIMAL;
      case STRING:
        return STRING;
      case BYTES:
        return BYTES;
      case DATETIME:
        return TIMESTAMP_LTZ;
      case ARRAY:
      case ITERABLE:
        return ARRAY;
      case MAP:
        return MAP;
      case ROW:
        return ROW;
      case LOGICAL_TYPE:
        return ofLogical(type.getLogicalType());
      default:
        throw new IllegalArgumentException("unsupported type " + type);
    }
  }

  private static ColumnKind ofLogical(LogicalType<?, ?> logical) {
    String id = logical.getIdentifier();
    if (id.equals(SqlTypes.DATE.getIdentifier())) {
      return DATE;
    }
    if (id.equals(SqlTypes.TIME.getIdentifier())) {
      return TIME;
    }
    if (id.equals(SqlTypes.DATETIME.getIdentifier())) {
      return TIMESTAMP;
    }
    if (id.equals(FixedPrecisionNumeric.IDENTIFIER)) {
      return DECIMAL;
    }
    if (id.equals(VariableString.IDENTIFIER) || id.equals(FixedString.IDENTIFIER)) {
      return STRING;
    }
    if (id.equals(VariableBytes.IDENTIFIER) || id.equals(FixedBytes.IDENTIFIER)) {
      return BYTES;
    }
    throw new IllegalArgumentException("unsupported logical type " + id);
  }

  /** The precision of a DECIMAL column: its {@link FixedPrecisionNumeric} argument or 38. */
  static int decimalPrecision(FieldType type) {
    Row argument = decimalArgument(type);
    if (argument == null) {
      return DEFAULT_DECIMAL_PRECISION;
    }
    Integer precision = argument.getInt32("precision");
    return precision == null || precision <= 0 ? DEFAULT_DECIMAL_PRECISION : precision;
  }

  /** The scale of a DECIMAL column: its {@link FixedPrecisionNumeric} argument or 18. */
  static int decimalScale(FieldType type) {
    Row argument = decimalArgument(type);
    if (argument == null) {
      return DEFAULT_DECIMAL_SCALE;
    }
    Integer scale = argument.getInt32("scale");
    return scale == null ? DEFAULT_DECIMAL_SCALE : scale;
  }

  private static Row decimalArgument(FieldType type) {
    if (type.getTypeName() != org.apache.beam.sdk.schemas.Schema.TypeName.LOGICAL_TYPE) {
      return null;
    }
    Object argument = type.getLogicalType().getArgument();
    return argument instanceof Row ? (Row) argument : null;
  }
}
