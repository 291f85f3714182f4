package dev.kafkaconnector.schema;

import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.logicaltypes.Date;
import org.apache.beam.sdk.schemas.logicaltypes.DateTime;
import org.apache.beam.sdk.schemas.logicaltypes.FixedBytes;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.FixedString;
import org.apache.beam.sdk.schemas.logicaltypes.MicrosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.NanosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.Time;
import org.apache.beam.sdk.schemas.logicaltypes.VariableBytes;
import org.apache.beam.sdk.schemas.logicaltypes.VariableString;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What SQL type a Beam field type holds: its {@link SqlTypeRoot} and, for DECIMAL and
 * TIMESTAMP_LTZ, its precision. This is the one place that knows how the connector's SQL types are
 * spelled in Beam, logical types included, so that every format (and {@link SqlType#toSql}) reads a
 * Beam schema the same way:
 *
 * <pre>
 * Beam type                                     SQL type
 * BOOLEAN, BYTE, INT16, INT32, INT64            BOOLEAN, TINYINT, SMALLINT, INT, BIGINT
 * FLOAT, DOUBLE                                 FLOAT, DOUBLE
 * DECIMAL                                       DECIMAL (precision 38, scale 18 by default)
 * FixedPrecisionNumeric                         DECIMAL(p, s)
 * STRING, FixedString, VariableString           STRING (CHAR(n), VARCHAR(n))
 * BYTES, FixedBytes, VariableBytes              BYTES (BINARY(n), VARBINARY(n))
 * SqlTypes.DATE, SqlTypes.TIME                  DATE, TIME
 * SqlTypes.DATETIME                             TIMESTAMP (a local date-time)
 * DATETIME                                      TIMESTAMP_LTZ(3) (an instant)
 * MicrosInstant, NanosInstant                   TIMESTAMP_LTZ(6), TIMESTAMP_LTZ(9)
 * ARRAY, ITERABLE, MAP, ROW                     ARRAY, MAP, ROW
 * </pre>
 *
 * <p>Other logical types (UUID, enumerations, user types) have no SQL type here: {@link #of}
 * rejects them naming the type, and {@link #ofOrNull} lets a format fall back to their base type.
 * Which Java class holds the values stays Beam's: a format that reads TIMESTAMP_LTZ still looks at
 * the Beam type (DATETIME holds Joda instants, the logical types {@code java.time.Instant}).
 */
public final class ColumnType {
  /** The precision of a DECIMAL whose Beam type does not state it (Flink's maximum). */
  public static final int DEFAULT_DECIMAL_PRECISION = 38;

  /** The scale of a DECIMAL whose Beam type does not state it. */
  public static final int DEFAULT_DECIMAL_SCALE = 18;

  private final FieldType type;
  private final SqlTypeRoot root;
  private final boolean fixedPrecision;
  private final int precision;
  private final int scale;

  private ColumnType(
      FieldType type, SqlTypeRoot root, boolean fixedPrecision, int precision, int scale) {
    this.type = type;
    this.root = root;
    this.fixedPrecision = fixedPrecision;
    this.precision = precision;
    this.scale = scale;
  }

  /**
   * The SQL type of {@code type}.
   *
   * @throws IllegalArgumentException for a logical type outside the table above; the message names
   *     its identifier
   */
  public static ColumnType of(FieldType type) {
    ColumnType column = ofOrNull(type);
    if (column == null) {
      LogicalType<?, ?> logical = type.getLogicalType();
      throw new IllegalArgumentException(
          "no SQL type for the Beam logical type "
              + logical.getIdentifier()
              + " (base type "
              + logical.getBaseType().getTypeName()
              + "); the SQL types are Beam's primitive, ARRAY, MAP and ROW types and the logical"
              + " types DATE, TIME, DATETIME, MicrosInstant, NanosInstant, FixedPrecisionNumeric,"
              + " FixedString, VariableString, FixedBytes and VariableBytes");
    }
    return column;
  }

  /**
   * The SQL type of {@code type}, or null when it is a logical type outside the model (which a
   * format may then read and write as its base type).
   */
  public static @Nullable ColumnType ofOrNull(FieldType type) {
    Objects.requireNonNull(type, "type");
    switch (type.getTypeName()) {
      case BOOLEAN:
        return simple(type, SqlTypeRoot.BOOLEAN);
      case BYTE:
        return simple(type, SqlTypeRoot.TINYINT);
      case INT16:
        return simple(type, SqlTypeRoot.SMALLINT);
      case INT32:
        return simple(type, SqlTypeRoot.INT);
      case INT64:
        return simple(type, SqlTypeRoot.BIGINT);
      case FLOAT:
        return simple(type, SqlTypeRoot.FLOAT);
      case DOUBLE:
        return simple(type, SqlTypeRoot.DOUBLE);
      case DECIMAL:
        return new ColumnType(
            type, SqlTypeRoot.DECIMAL, false, DEFAULT_DECIMAL_PRECISION, DEFAULT_DECIMAL_SCALE);
      case STRING:
        return simple(type, SqlTypeRoot.STRING);
      case BYTES:
        return simple(type, SqlTypeRoot.BYTES);
      case DATETIME:
        return instant(type, 3);
      case ARRAY:
      case ITERABLE:
        return simple(type, SqlTypeRoot.ARRAY);
      case MAP:
        return simple(type, SqlTypeRoot.MAP);
      case ROW:
        return simple(type, SqlTypeRoot.ROW);
      case LOGICAL_TYPE:
        return logical(type);
      default:
        throw new IllegalStateException("unknown Beam type " + type.getTypeName());
    }
  }

  private static @Nullable ColumnType logical(FieldType type) {
    LogicalType<?, ?> logical = type.getLogicalType();
    String id = logical.getIdentifier();
    if (id.equals(Date.IDENTIFIER)) {
      return simple(type, SqlTypeRoot.DATE);
    }
    if (id.equals(Time.IDENTIFIER)) {
      return simple(type, SqlTypeRoot.TIME);
    }
    if (id.equals(DateTime.IDENTIFIER)) {
      return simple(type, SqlTypeRoot.TIMESTAMP);
    }
    if (id.equals(MicrosInstant.IDENTIFIER)) {
      return instant(type, 6);
    }
    if (id.equals(NanosInstant.IDENTIFIER)) {
      return instant(type, 9);
    }
    if (id.equals(FixedPrecisionNumeric.IDENTIFIER)) {
      return fixedDecimal(type, logical.getArgument());
    }
    if (id.equals(FixedString.IDENTIFIER) || id.equals(VariableString.IDENTIFIER)) {
      return simple(type, SqlTypeRoot.STRING);
    }
    if (id.equals(FixedBytes.IDENTIFIER) || id.equals(VariableBytes.IDENTIFIER)) {
      return simple(type, SqlTypeRoot.BYTES);
    }
    return null;
  }

  private static ColumnType simple(FieldType type, SqlTypeRoot root) {
    return new ColumnType(type, root, false, 0, 0);
  }

  private static ColumnType instant(FieldType type, int precision) {
    return new ColumnType(type, SqlTypeRoot.TIMESTAMP_LTZ, false, precision, 0);
  }

  /** FixedPrecisionNumeric's argument is a row (precision, scale); precision -1 is unbounded. */
  private static ColumnType fixedDecimal(FieldType type, @Nullable Object argument) {
    if (!(argument instanceof Row)) {
      return new ColumnType(
          type, SqlTypeRoot.DECIMAL, false, DEFAULT_DECIMAL_PRECISION, DEFAULT_DECIMAL_SCALE);
    }
    Row row = (Row) argument;
    Integer precision = row.getInt32("precision");
    Integer scale = row.getInt32("scale");
    return new ColumnType(
        type,
        SqlTypeRoot.DECIMAL,
        true,
        precision == null || precision <= 0 ? DEFAULT_DECIMAL_PRECISION : precision,
        scale == null ? DEFAULT_DECIMAL_SCALE : scale);
  }

  /** The Beam type classified. */
  public FieldType fieldType() {
    return type;
  }

  /** The SQL root. */
  public SqlTypeRoot root() {
    return root;
  }

  /** Whether the Beam type is nullable (SQL types are nullable unless NOT NULL). */
  public boolean nullable() {
    return Boolean.TRUE.equals(type.getNullable());
  }

  /** The Beam type classified. */
  public FieldType type() {
    return type;
  }

  /**
   * Whether this is a DECIMAL whose Beam type states its precision and scale (the
   * FixedPrecisionNumeric logical type), which values must fit; false for Beam's plain DECIMAL and
   * for the other roots.
   */
  public boolean isFixedPrecision() {
    return fixedPrecision;
  }

  /**
   * The precision: for DECIMAL the number of digits (the stated one, or {@value
   * #DEFAULT_DECIMAL_PRECISION} when the Beam type states none or an unbounded one); for
   * TIMESTAMP_LTZ the digits of the fraction of a second (3, 6 or 9).
   *
   * @throws IllegalStateException for the other roots
   */
  public int precision() {
    if (root != SqlTypeRoot.DECIMAL && root != SqlTypeRoot.TIMESTAMP_LTZ) {
      throw new IllegalStateException(root + " has no precision");
    }
    return precision;
  }

  /**
   * The scale of a DECIMAL: the stated one, or {@value #DEFAULT_DECIMAL_SCALE}.
   *
   * @throws IllegalStateException for the other roots
   */
  public int scale() {
    if (root != SqlTypeRoot.DECIMAL) {
      throw new IllegalStateException(root + " has no scale");
    }
    return scale;
  }

  /**
   * The SQL type without nullability and, for containers, without element types: the root, with the
   * precision where the Beam type states it ({@code DECIMAL(10, 2)}, {@code TIMESTAMP_LTZ(3)}), as
   * {@link SqlType#toSql} writes it.
   */
  @Override
  public String toString() {
    if (fixedPrecision) {
      return root + "(" + precision + ", " + scale + ")";
    }
    return root == SqlTypeRoot.TIMESTAMP_LTZ ? root + "(" + precision + ")" : root.name();
  }
}
