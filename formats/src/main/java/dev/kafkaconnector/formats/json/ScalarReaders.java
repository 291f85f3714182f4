package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonParser.NumberType;
import com.fasterxml.jackson.core.JsonToken;
import dev.kafkaconnector.formats.text.Decimals;
import dev.kafkaconnector.schema.ColumnType;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.UUID;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.logicaltypes.UuidLogicalType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Readers of scalar values, with Flink's leniency: numbers may also be given as numeric strings
 * (trimmed), and a STRING column takes any JSON value (numbers and booleans as their text, objects
 * and arrays as compact JSON). Deliberately stricter than Flink where Flink loses data silently: a
 * BOOLEAN column takes only {@code true}/{@code false} (Flink turns any other text into false), and
 * a DECIMAL that does not fit its precision is an error (Flink gives null).
 */
final class ScalarReaders {
  private ScalarReaders() {}

  /**
   * The reader of a scalar type, or null when {@code type} is not a scalar type or is a logical
   * type to read as its base type (CHAR, VARCHAR, BINARY and VARBINARY, whose logical types check
   * the length, and logical types without SQL type).
   */
  static @Nullable ValueReader forType(FieldType type, TimestampFormat timestamps) {
    ColumnType column = ColumnType.ofOrNull(type);
    if (column == null) {
      return isUuid(type) ? p -> UUID.fromString(text(p, "a UUID string")) : null;
    }
    boolean logical = type.getTypeName() == TypeName.LOGICAL_TYPE;
    switch (column.root()) {
      case BOOLEAN:
        return ScalarReaders::readBoolean;
      case TINYINT:
        return p -> (byte) integral(p, Byte.MIN_VALUE, Byte.MAX_VALUE, "TINYINT");
      case SMALLINT:
        return p -> (short) integral(p, Short.MIN_VALUE, Short.MAX_VALUE, "SMALLINT");
      case INT:
        return ScalarReaders::readInt;
      case BIGINT:
        return p -> integral(p, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT");
      case FLOAT:
        return ScalarReaders::readFloat;
      case DOUBLE:
        return ScalarReaders::readDouble;
      case DECIMAL:
        if (column.isFixedPrecision()) {
          int precision = column.precision();
          int scale = column.scale();
          return p -> fixedPrecision(readDecimal(p), precision, scale);
        }
        return ScalarReaders::readDecimal;
      case STRING:
        return logical ? null : ScalarReaders::readString;
      case BYTES:
        return logical ? null : ScalarReaders::readBytes;
      case DATE:
        return p -> TimestampFormat.parseDate(text(p, "a DATE string"));
      case TIME:
        return p -> TimestampFormat.parseTime(text(p, "a TIME string"));
      case TIMESTAMP:
        return p -> timestamps.parseTimestamp(text(p, "a TIMESTAMP string"));
      case TIMESTAMP_LTZ:
        if (logical) {
          // MicrosInstant, NanosInstant: java.time.Instant
          return p -> timestamps.parseTimestampLtz(text(p, "a TIMESTAMP_LTZ string"));
        }
        // Beam's DATETIME (Beam SQL's TIMESTAMP): zone-less text is read as UTC
        return p ->
            new org.joda.time.Instant(
                timestamps.parseInstant(text(p, "a TIMESTAMP_LTZ string")).toEpochMilli());
      default:
        return null;
    }
  }

  /** Beam's UUID, which has no SQL type; JSON holds it as its text. */
  static boolean isUuid(FieldType type) {
    return type.getTypeName() == TypeName.LOGICAL_TYPE
        && type.getLogicalType().getIdentifier().equals(UuidLogicalType.IDENTIFIER);
  }

  private static Boolean readBoolean(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_TRUE) {
      return Boolean.TRUE;
    }
    if (t == JsonToken.VALUE_FALSE) {
      return Boolean.FALSE;
    }
    if (t == JsonToken.VALUE_STRING) {
      String s = p.getText().trim();
      if (s.equalsIgnoreCase("true")) {
        return Boolean.TRUE;
      }
      if (s.equalsIgnoreCase("false")) {
        return Boolean.FALSE;
      }
      throw ConversionError.value("expected a BOOLEAN but found the string '" + s + "'");
    }
    throw ConversionError.wrongType("a BOOLEAN", p);
  }

  private static Integer readInt(JsonParser p) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == NumberType.INT) {
      return p.getIntValue();
    }
    return (int) integral(p, Integer.MIN_VALUE, Integer.MAX_VALUE, "INT");
  }

  /**
   * An integral number within {@code [min, max]}: an integer, a float (truncated, as Jackson and
   * Flink do) or a numeric string.
   */
  private static long integral(JsonParser p, long min, long max, String type) throws IOException {
    long value;
    switch (p.currentToken()) {
      case VALUE_NUMBER_INT:
        NumberType nt = p.getNumberType();
        if (nt != NumberType.INT && nt != NumberType.LONG) {
          throw outOfRange(p.getText(), type);
        }
        value = p.getLongValue();
        break;
      case VALUE_NUMBER_FLOAT:
        double d = p.getDoubleValue();
        if (!(d >= min && d <= max)) {
          throw outOfRange(p.getText(), type);
        }
        value = (long) d;
        break;
      case VALUE_STRING:
        String s = p.getText().trim();
        try {
          value = Long.parseLong(s);
        } catch (NumberFormatException e) {
          throw ConversionError.value("expected " + type + " but found the string '" + s + "'");
        }
        break;
      default:
        throw ConversionError.wrongType("a number (" + type + ")", p);
    }
    if (value < min || value > max) {
      throw outOfRange(p.getText(), type);
    }
    return value;
  }

  private static ConversionError outOfRange(String text, String type) {
    return ConversionError.value("number " + text + " is out of the range of " + type);
  }

  private static Float readFloat(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
      return p.getFloatValue();
    }
    if (t == JsonToken.VALUE_STRING) {
      return Float.parseFloat(p.getText().trim());
    }
    throw ConversionError.wrongType("a number (FLOAT)", p);
  }

  private static Double readDouble(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
      return p.getDoubleValue();
    }
    if (t == JsonToken.VALUE_STRING) {
      return Double.parseDouble(p.getText().trim());
    }
    throw ConversionError.wrongType("a number (DOUBLE)", p);
  }

  private static BigDecimal readDecimal(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
      return p.getDecimalValue();
    }
    if (t == JsonToken.VALUE_STRING) {
      return new BigDecimal(p.getText().trim());
    }
    throw ConversionError.wrongType("a number (DECIMAL)", p);
  }

  /** Flink's DECIMAL(p, s) conversion: rounded half-up to the scale; too many digits fail. */
  static BigDecimal fixedPrecision(BigDecimal value, int precision, int scale) {
    BigDecimal scaled = Decimals.fit(value, precision, scale);
    if (scaled == null) {
      throw ConversionError.value(
          "number " + value + " does not fit DECIMAL(" + precision + ", " + scale + ")");
    }
    return scaled;
  }

  private static String readString(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
      StringWriter out = new StringWriter();
      try (JsonGenerator g = Jackson.FACTORY.createGenerator(out)) {
        g.copyCurrentStructure(p);
      }
      return out.toString();
    }
    return p.getText();
  }

  private static byte[] readBytes(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_STRING) {
      String s = p.getText();
      try {
        return Base64Variants.getDefaultVariant().decode(s);
      } catch (IllegalArgumentException e) {
        throw ConversionError.value("expected a base64 string (BYTES): " + e.getMessage());
      }
    }
    if (t == JsonToken.VALUE_EMBEDDED_OBJECT) {
      return p.getBinaryValue();
    }
    throw ConversionError.wrongType("a base64 string (BYTES)", p);
  }

  /** The text of a string token, for the temporal and UUID types. */
  private static String text(JsonParser p, String expected) throws IOException {
    if (p.currentToken() != JsonToken.VALUE_STRING) {
      throw ConversionError.wrongType(expected, p);
    }
    return p.getText();
  }
}
