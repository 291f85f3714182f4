package dev.kafkaconnector.formats.csv;

import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import dev.kafkaconnector.formats.text.Decimals;
import dev.kafkaconnector.schema.ColumnType;
import dev.kafkaconnector.schema.SqlTypeRoot;
import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * How one scalar Beam type is read from and written to the text of a field: a {@link CsvScalar},
 * through a logical type's base type when the Beam type is a logical type other than the SQL DATE,
 * TIME and TIMESTAMP types (for example a fixed-precision DECIMAL or a CHAR).
 */
final class CsvValue implements Serializable {
  private static final long serialVersionUID = 1L;

  private final CsvScalar scalar;
  private final @Nullable LogicalType<Object, Object> logicalType;

  /** For a fixed-precision DECIMAL: its precision (0 otherwise) and scale. */
  private final int decimalPrecision;

  private final int decimalScale;

  private CsvValue(
      CsvScalar scalar,
      @Nullable LogicalType<Object, Object> logicalType,
      @Nullable ColumnType fixedDecimal) {
    this.scalar = scalar;
    this.logicalType = logicalType;
    this.decimalPrecision = fixedDecimal == null ? 0 : fixedDecimal.precision();
    this.decimalScale = fixedDecimal == null ? 0 : fixedDecimal.scale();
  }

  /** The reader/writer of {@code type}, or null when it is not a scalar CSV can hold. */
  @SuppressWarnings("unchecked")
  static @Nullable CsvValue of(FieldType type) {
    if (type.getTypeName() != TypeName.LOGICAL_TYPE) {
      CsvScalar scalar = scalar(SqlTypeRoot.of(type));
      return scalar == null ? null : new CsvValue(scalar, null, null);
    }
    ColumnType column = ColumnType.ofOrNull(type);
    SqlTypeRoot root = column == null ? null : column.root();
    if (root == SqlTypeRoot.DATE || root == SqlTypeRoot.TIME || root == SqlTypeRoot.TIMESTAMP) {
      return new CsvValue(scalar(root), null, null);
    }
    // Any other logical type: its base type, converted by the logical type
    LogicalType<?, ?> logical = type.getLogicalType();
    FieldType base = logical.getBaseType();
    CsvScalar scalar =
        base.getTypeName() == TypeName.LOGICAL_TYPE ? null : scalar(SqlTypeRoot.of(base));
    if (scalar == null) {
      return null;
    }
    boolean fixedDecimal = column != null && column.isFixedPrecision();
    return new CsvValue(
        scalar, (LogicalType<Object, Object>) logical, fixedDecimal ? column : null);
  }

  private static @Nullable CsvScalar scalar(SqlTypeRoot root) {
    return switch (root) {
      case BOOLEAN -> CsvScalar.BOOLEAN;
      case TINYINT -> CsvScalar.TINYINT;
      case SMALLINT -> CsvScalar.SMALLINT;
      case INT -> CsvScalar.INT;
      case BIGINT -> CsvScalar.BIGINT;
      case FLOAT -> CsvScalar.FLOAT;
      case DOUBLE -> CsvScalar.DOUBLE;
      case DECIMAL -> CsvScalar.DECIMAL;
      case STRING -> CsvScalar.STRING;
      case BYTES -> CsvScalar.BYTES;
      case DATE -> CsvScalar.DATE;
      case TIME -> CsvScalar.TIME;
      case TIMESTAMP -> CsvScalar.TIMESTAMP;
      case TIMESTAMP_LTZ -> CsvScalar.TIMESTAMP_LTZ;
      case ARRAY, MAP, ROW -> null;
    };
  }

  /** Reads the text of a field; null when the field is blank and the type has no blank value. */
  @Nullable Object parse(String text) {
    if (scalar.blankIsNull() && text.isBlank()) {
      return null;
    }
    Object base = scalar.parse(text);
    if (decimalPrecision > 0) {
      // Flink's DECIMAL(p, s): rounded half-up to the scale; a number that does not fit fails.
      BigDecimal fitted = Decimals.fit((BigDecimal) base, decimalPrecision, decimalScale);
      if (fitted == null) {
        throw new IllegalArgumentException(
            "number "
                + base
                + " does not fit DECIMAL("
                + decimalPrecision
                + ", "
                + decimalScale
                + ")");
      }
      return fitted;
    }
    return logicalType == null ? base : logicalType.toInputType(base);
  }

  /** The text of a non-null value. */
  String format(Object value) {
    Object base = logicalType == null ? value : logicalType.toBaseType(value);
    return scalar.format(base);
  }

  /** Writes a non-null value. */
  void write(CsvGenerator generator, Object value) throws IOException {
    scalar.write(generator, logicalType == null ? value : logicalType.toBaseType(value));
  }

  /** The type's name for messages. */
  String typeName() {
    return logicalType == null ? scalar.name() : logicalType.getIdentifier();
  }
}
