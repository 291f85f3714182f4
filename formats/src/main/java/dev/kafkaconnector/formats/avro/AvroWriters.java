package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.text.Utf16;
import dev.kafkaconnector.schema.SqlTypeRoot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.joda.time.ReadableInstant;

/**
 * Writers that encode the Java values of Beam rows straight into Avro binary, built once per
 * schema. A value the Avro type cannot hold exactly (a null for a non-null type, a decimal with
 * more digits than the schema allows, an unknown enum symbol) is a {@link FormatException} naming
 * the field, never a silent change.
 */
final class AvroWriters {
  private AvroWriters() {}

  /** Writes one value. */
  interface ValueWriter {
    void write(Object value, Encoder out) throws IOException, FormatException;
  }

  /** The writer of rows of {@code beam} as records of {@code avro} (fields matched by name). */
  static RecordWriter record(Schema avro, org.apache.beam.sdk.schemas.Schema beam, String path) {
    if (avro.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException(
          "the schema must be a record but is " + AvroTypeMatch.describe(avro));
    }
    for (org.apache.beam.sdk.schemas.Schema.Field column : beam.getFields()) {
      if (avro.getField(column.getName()) == null) {
        throw new IllegalArgumentException(
            "column '"
                + join(path, column.getName())
                + "' has no field in the Avro record "
                + avro.getFullName());
      }
    }
    List<Schema.Field> fields = avro.getFields();
    int[] columns = new int[fields.size()];
    ValueWriter[] writers = new ValueWriter[fields.size()];
    byte[][] defaults = new byte[fields.size()][];
    String[] paths = new String[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      Schema.Field field = fields.get(i);
      paths[i] = join(path, field.name());
      if (beam.hasField(field.name())) {
        columns[i] = beam.indexOf(field.name());
        writers[i] = value(field.schema(), beam.getField(columns[i]).getType(), paths[i]);
      } else {
        columns[i] = -1;
        defaults[i] = encodedDefault(field, paths[i]);
      }
    }
    return new RecordWriter(columns, writers, defaults, paths);
  }

  /** The binary encoding of a field's default, written for fields without column. */
  private static byte[] encodedDefault(Schema.Field field, String path) {
    if (!field.hasDefaultValue()) {
      throw new IllegalArgumentException(
          "field '" + path + "' has no column and no default value, so rows cannot be written");
    }
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
      new GenericDatumWriter<Object>(field.schema())
          .write(GenericData.get().getDefaultValue(field), encoder);
      encoder.flush();
      return bytes.toByteArray();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "field '" + path + "': its default value cannot be written (" + e + ")", e);
    }
  }

  /** Writes a Row as a record; names the field that failed. */
  static final class RecordWriter implements ValueWriter {
    private final int[] columns;
    private final ValueWriter[] writers;
    private final byte[][] defaults;
    private final String[] paths;

    RecordWriter(int[] columns, ValueWriter[] writers, byte[][] defaults, String[] paths) {
      this.columns = columns;
      this.writers = writers;
      this.defaults = defaults;
      this.paths = paths;
    }

    @Override
    public void write(Object value, Encoder out) throws FormatException {
      Row row = (Row) value;
      for (int i = 0; i < columns.length; i++) {
        try {
          if (columns[i] >= 0) {
            writers[i].write(row.getValue(columns[i]), out);
          } else {
            out.writeFixed(defaults[i]);
          }
        } catch (IOException | RuntimeException e) {
          throw new FormatException(
              AvroFormatFactory.IDENTIFIER, paths[i], "cannot write the value (" + e + ")", e);
        }
      }
    }
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  static ValueWriter value(Schema avro, FieldType type, String path) {
    if (avro.getType() == Schema.Type.UNION) {
      int[] branches = AvroTypeMatch.nullableUnion(avro, path);
      ValueWriter inner = nonNull(avro.getTypes().get(branches[1]), type, path);
      int nullIndex = branches[0];
      int valueIndex = branches[1];
      return (value, out) -> {
        if (value == null) {
          out.writeIndex(nullIndex);
        } else {
          out.writeIndex(valueIndex);
          inner.write(value, out);
        }
      };
    }
    ValueWriter inner = nonNull(avro, type, path);
    return (value, out) -> {
      if (value == null) {
        throw new FormatException(
            AvroFormatFactory.IDENTIFIER,
            path,
            "null value but the Avro type " + AvroTypeMatch.describe(avro) + " is not nullable");
      }
      inner.write(value, out);
    };
  }

  private static ValueWriter nonNull(Schema avro, FieldType type, String path) {
    SqlTypeRoot kind = AvroTypeMatch.check(avro, type, path);
    switch (kind) {
      case BOOLEAN:
        return (value, out) -> out.writeBoolean((Boolean) value);
      case TINYINT:
      case SMALLINT:
      case INT:
        return (value, out) -> out.writeInt(((Number) value).intValue());
      case BIGINT:
        return (value, out) -> out.writeLong((Long) value);
      case FLOAT:
        return (value, out) -> out.writeFloat((Float) value);
      case DOUBLE:
        return (value, out) -> out.writeDouble((Double) value);
      case DECIMAL:
        return decimal(avro, path);
      case STRING:
        if (avro.getType() == Schema.Type.ENUM) {
          return enumSymbol(avro, path);
        }
        return (value, out) ->
            out.writeString(Utf16.wellFormed((String) value, AvroFormatFactory.IDENTIFIER, path));
      case BYTES:
        return avro.getType() == Schema.Type.FIXED
            ? fixed(avro.getFixedSize(), path)
            : (value, out) -> out.writeBytes((byte[]) value);
      case DATE:
        return (value, out) -> out.writeInt(Math.toIntExact(((LocalDate) value).toEpochDay()));
      case TIME:
        return time(avro);
      case TIMESTAMP:
        boolean millis = AvroTypeMatch.timestampUnit(avro) == AvroTypeMatch.TimeUnit.MILLIS;
        return (value, out) -> out.writeLong(epoch((LocalDateTime) value, millis));
      case TIMESTAMP_LTZ:
        return timestampLtz(avro);
      case ARRAY:
        return array(value(avro.getElementType(), type.getCollectionElementType(), path + "[]"));
      case MAP:
        return map(value(avro.getValueType(), type.getMapValueType(), path + "{}"), path);
      case ROW:
        return record(avro, type.getRowSchema(), path);
      default:
        throw new IllegalStateException(kind.name());
    }
  }

  /** Writes byte arrays of exactly {@code size} bytes as an Avro fixed. */
  private static ValueWriter fixed(int size, String path) {
    return (value, out) -> {
      byte[] bytes = (byte[]) value;
      if (bytes.length != size) {
        throw new FormatException(
            AvroFormatFactory.IDENTIFIER,
            path,
            bytes.length + " bytes do not fit the Avro fixed of " + size + " bytes");
      }
      out.writeFixed(bytes);
    };
  }

  /** A TIME as a time-millis int or a time-micros long, as {@code avro} says. */
  private static ValueWriter time(Schema avro) {
    if (AvroTypeMatch.timeUnit(avro) == AvroTypeMatch.TimeUnit.MILLIS) {
      return (value, out) -> out.writeInt((int) (((LocalTime) value).toNanoOfDay() / 1_000_000L));
    }
    return (value, out) -> out.writeLong(((LocalTime) value).toNanoOfDay() / 1_000L);
  }

  /** A TIMESTAMP_LTZ as timestamp-millis or timestamp-micros, as {@code avro} says. */
  private static ValueWriter timestampLtz(Schema avro) {
    if (AvroTypeMatch.timestampUnit(avro) == AvroTypeMatch.TimeUnit.MILLIS) {
      return (value, out) -> out.writeLong(((ReadableInstant) value).getMillis());
    }
    return (value, out) ->
        out.writeLong(Math.multiplyExact(((ReadableInstant) value).getMillis(), 1_000L));
  }

  private static long epoch(LocalDateTime value, boolean millis) {
    long seconds = value.toEpochSecond(ZoneOffset.UTC);
    return millis
        ? Math.addExact(Math.multiplyExact(seconds, 1_000L), value.getNano() / 1_000_000L)
        : Math.addExact(Math.multiplyExact(seconds, 1_000_000L), value.getNano() / 1_000L);
  }

  private static ValueWriter decimal(Schema avro, String path) {
    LogicalTypes.Decimal decimal = (LogicalTypes.Decimal) avro.getLogicalType();
    int precision = decimal.getPrecision();
    int scale = decimal.getScale();
    int fixedSize = avro.getType() == Schema.Type.FIXED ? avro.getFixedSize() : -1;
    return (value, out) -> {
      BigDecimal scaled;
      try {
        scaled = ((BigDecimal) value).setScale(scale, RoundingMode.UNNECESSARY);
      } catch (ArithmeticException e) {
        throw new FormatException(
            AvroFormatFactory.IDENTIFIER,
            path,
            value
                + " has more than the "
                + scale
                + " fractional digits of decimal("
                + precision
                + ", "
                + scale
                + ")");
      }
      if (scaled.precision() > precision) {
        throw new FormatException(
            AvroFormatFactory.IDENTIFIER,
            path,
            value
                + " has more than the "
                + precision
                + " digits of decimal("
                + precision
                + ", "
                + scale
                + ")");
      }
      byte[] unscaled = scaled.unscaledValue().toByteArray();
      if (fixedSize < 0) {
        out.writeBytes(unscaled);
        return;
      }
      if (unscaled.length > fixedSize) {
        throw new FormatException(
            AvroFormatFactory.IDENTIFIER, path, value + " does not fit " + fixedSize + " bytes");
      }
      byte[] padded = new byte[fixedSize];
      byte sign = (byte) (unscaled[0] < 0 ? -1 : 0);
      int pad = fixedSize - unscaled.length;
      for (int i = 0; i < pad; i++) {
        padded[i] = sign;
      }
      System.arraycopy(unscaled, 0, padded, pad, unscaled.length);
      out.writeFixed(padded);
    };
  }

  private static ValueWriter enumSymbol(Schema avro, String path) {
    Map<String, Integer> indexes = new HashMap<>();
    List<String> symbols = avro.getEnumSymbols();
    for (int i = 0; i < symbols.size(); i++) {
      indexes.put(symbols.get(i), i);
    }
    return (value, out) -> {
      Integer index = indexes.get((String) value);
      if (index == null) {
        throw new FormatException(
            AvroFormatFactory.IDENTIFIER,
            path,
            "'"
                + value
                + "' is not a symbol of the Avro enum "
                + avro.getFullName()
                + " "
                + symbols);
      }
      out.writeEnum(index);
    };
  }

  private static Collection<?> collection(Object value) {
    if (value instanceof Collection) {
      return (Collection<?>) value;
    }
    List<Object> copy = new ArrayList<>();
    ((Iterable<?>) value).forEach(copy::add);
    return copy;
  }

  private static ValueWriter array(ValueWriter item) {
    return (value, out) -> {
      Collection<?> items = collection(value);
      out.writeArrayStart();
      out.setItemCount(items.size());
      for (Object element : items) {
        out.startItem();
        item.write(element, out);
      }
      out.writeArrayEnd();
    };
  }

  private static ValueWriter map(ValueWriter valueWriter, String path) {
    return (value, out) -> {
      Map<?, ?> map = (Map<?, ?>) value;
      out.writeMapStart();
      out.setItemCount(map.size());
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (entry.getKey() == null) {
          throw new FormatException(
              AvroFormatFactory.IDENTIFIER, path, "null map key (Avro map keys are strings)");
        }
        out.startItem();
        out.writeString(
            Utf16.wellFormed(
                (String) entry.getKey(), AvroFormatFactory.IDENTIFIER, path + "{key}"));
        valueWriter.write(entry.getValue(), out);
      }
      out.writeMapEnd();
    };
  }
}
