package dev.kafkaconnector.formats.csv;

import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import dev.kafkaconnector.formats.text.Decimals;
import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * How one scalar Beam type is read from and written to the text of a field: a {@link CsvScalar},
 * through a logical type's base type when the Beam type is a logical type other than the SQL
 * DATE, TIME and TIMESTAMP types (for example a fixed-precision DECIMAL or a CHAR).
 */
final class CsvValue implements Serializable {
  private static final long serialVersionUID = 1L;

  private final CsvScalar scalar;
  private final @Nullable LogicalType<Object, Object> logicalType;

  /** For a fixed-precision DECIMAL: its precision (0 otherwise) and scale. */
  private final int decimalPrecision;
  private final int decimalScale;

  private CsvValue(CsvScalar scalar, @Nullable LogicalType<Object, Object> logicalType) {
    this.scalar = scalar;
    this.logicalType = logicalType;
    if (logicalType != null && FixedPrecisionNumeric.IDENTIFIER.equals(logicalType.getIdentifier())) {
      Row argument = (Row) logicalType.getArgument();
      this.decimalPrecision = argument.getInt32("precision");
      this.decimalScale = argument.getInt32("scale");
    } else {
      this.decimalPrecision = 0;
      this.decimalScale = 0;
    }
  }

  /** The reader/writer of {@code type}, or null when it is not a scalar CSV can hold. */
  @SuppressWarnings("unchecked")
  static @Nullable CsvValue of(FieldType type) {
    if (type.getTypeName() == TypeName.LOGICAL_TYPE) {
      LogicalType<?, ?> logical = type.getLogicalType();
      String id = logical.getIdentifier();
      if (id.equals(SqlTypes.DATE.getIdentifier())) {
        return new CsvValue(CsvScalar.DATE, null);
      }
      if (id.equals(SqlTypes.TIME.getIdentifier())) {
        return new CsvValue(CsvScalar.TIME, null);
      }
      if (id.equals(SqlTypes.DATETIME.getIdentifier())) {
        return new CsvValue(CsvScalar.TIMESTAMP, null);
      }
      CsvScalar base = baseScalar(logical.getBaseType().getTypeName());
      return base == null ? null : new CsvValue(base, (LogicalType<Object, Object>) logical);
    }
    CsvScalar scalar = baseScalar(type.getTypeName());
    return scalar == null ? null : new CsvValue(scalar, null);
  }

  private static @Nullable CsvScalar baseScalar(TypeName name) {
    return switch (name) {
      case BOOLEAN -> CsvScalar.BOOLEAN;
      case BYTE -> CsvScalar.TINYINT;
      case INT16 -> CsvScalar.SMALLINT;
      case INT32 -> CsvScalar.INT;
      case INT64 -> CsvScalar.BIGINT;
      case FLOAT -> CsvScalar.FLOAT;
      case DOUBLE -> CsvScalar.DOUBLE;
      case DECIMAL -> CsvScalar.DECIMAL;
      case STRING -> CsvScalar.STRING;
      case BYTES -> CsvScalar.BYTES;
      case DATETIME -> CsvScalar.TIMESTAMP_LTZ;
      default -> null;
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
            "number " + base + " does not fit DECIMAL(" + decimalPrecision + ", " + decimalScale + ")");
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
