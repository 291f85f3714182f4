package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.schema.SqlTypeRoot;
import java.io.EOFException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;

/**
 * Readers that decode Avro binary straight into the Java values of Beam rows, built once per
 * schema. Lengths and counts read from the message are checked against the bytes left before
 * anything is allocated, so a corrupt message cannot make the decoder allocate gigabytes; strings
 * must be valid UTF-8 (never replaced).
 */
final class AvroReaders {
  private AvroReaders() {}

  /** Reads one value. */
  interface ValueReader {
    Object read(BinaryDecoder in) throws IOException, FormatException;
  }

  /** A message that cannot be Avro of the schema; its text says why. */
  static final class MalformedException extends IOException {
    private static final long serialVersionUID = 1L;

    MalformedException(String message) {
      super(message);
    }
  }

  /**
   * The reader of rows of {@code beam} from records of {@code avro} (fields matched by name); every
   * column needs a field.
   */
  static RecordReader record(Schema avro, org.apache.beam.sdk.schemas.Schema beam, String path) {
    return record(avro, beam, path, AvroDefaults.NONE);
  }

  /**
   * The reader of rows of {@code beam} from records written with {@code avro}, the writer's schema
   * (Avro schema resolution): fields without column are skipped, a column without field takes its
   * value from {@code defaults}, and numbers, strings and bytes are promoted as Avro allows.
   *
   * @throws IllegalArgumentException when a column has neither a field nor a default, or a field's
   *     type cannot be read as its column's
   */
  static RecordReader record(
      Schema avro, org.apache.beam.sdk.schemas.Schema beam, String path, AvroDefaults defaults) {
    if (avro.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException(
          "the schema must be a record but is " + AvroTypeMatch.describe(avro));
    }
    Object[] constants = new Object[beam.getFieldCount()];
    for (org.apache.beam.sdk.schemas.Schema.Field column : beam.getFields()) {
      if (avro.getField(column.getName()) == null) {
        constants[beam.indexOf(column.getName())] =
            defaults.valueFor(join(path, column.getName()), column.getType(), avro);
      }
    }
    List<Schema.Field> fields = avro.getFields();
    int[] columns = new int[fields.size()];
    ValueReader[] readers = new ValueReader[fields.size()];
    Schema[] skipped = new Schema[fields.size()];
    String[] paths = new String[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      Schema.Field field = fields.get(i);
      paths[i] = join(path, field.name());
      if (beam.hasField(field.name())) {
        columns[i] = beam.indexOf(field.name());
        readers[i] = value(field.schema(), beam.getField(columns[i]).getType(), paths[i], defaults);
      } else {
        columns[i] = -1;
        skipped[i] = field.schema();
      }
    }
    return new RecordReader(beam, columns, readers, skipped, paths, constants);
  }

  /** Reads a record into a Row; names the field that failed. */
  static final class RecordReader implements ValueReader {
    private final org.apache.beam.sdk.schemas.Schema beam;
    private final int[] columns;
    private final ValueReader[] readers;
    private final Schema[] skipped;
    private final String[] paths;
    private final Object[] constants;

    RecordReader(
        org.apache.beam.sdk.schemas.Schema beam,
        int[] columns,
        ValueReader[] readers,
        Schema[] skipped,
        String[] paths,
        Object[] constants) {
      this.beam = beam;
      this.columns = columns;
      this.readers = readers;
      this.skipped = skipped;
      this.paths = paths;
      this.constants = constants;
    }

    @Override
    public Row read(BinaryDecoder in) throws FormatException {
      Object[] values = constants.clone();
      for (int i = 0; i < columns.length; i++) {
        try {
          if (columns[i] >= 0) {
            values[columns[i]] = readers[i].read(in);
          } else {
            GenericDatumReader.skip(skipped[i], in);
          }
        } catch (IOException | RuntimeException e) {
          throw new FormatException(AvroFormatFactory.IDENTIFIER, paths[i], reason(e), e);
        }
      }
      return Row.withSchema(beam).attachValues(Arrays.asList(values));
    }
  }

  static String reason(Exception e) {
    if (e instanceof EOFException) {
      return "the message ends inside this field (truncated, or not written with this schema)";
    }
    if (e instanceof MalformedException) {
      return e.getMessage();
    }
    return "malformed value (" + e + ")";
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  static ValueReader value(Schema avro, FieldType type, String path, AvroDefaults defaults) {
    if (avro.getType() == Schema.Type.UNION) {
      int[] branches = AvroTypeMatch.nullableUnion(avro, path);
      ValueReader inner = nonNull(avro.getTypes().get(branches[1]), type, path, defaults);
      int nullIndex = branches[0];
      int valueIndex = branches[1];
      int size = avro.getTypes().size();
      boolean nullable = Boolean.TRUE.equals(type.getNullable());
      return in -> {
        int index = in.readIndex();
        if (index == valueIndex) {
          return inner.read(in);
        }
        if (index != nullIndex) {
          throw new MalformedException(
              "union branch " + index + " does not exist (the union has " + size + ")");
        }
        if (!nullable) {
          throw new FormatException(
              AvroFormatFactory.IDENTIFIER, path, "null value for a NOT NULL column");
        }
        return null;
      };
    }
    return nonNull(avro, type, path, defaults);
  }

  private static ValueReader nonNull(
      Schema avro, FieldType type, String path, AvroDefaults defaults) {
    ValueReader promoted = defaults.resolves() ? AvroPromotions.reader(avro, type, path) : null;
    if (promoted != null) {
      return promoted;
    }
    SqlTypeRoot kind = AvroTypeMatch.check(avro, type, path);
    switch (kind) {
      case BOOLEAN:
        return BinaryDecoder::readBoolean;
      case TINYINT:
        return in -> Byte.valueOf((byte) inRange(in.readInt(), Byte.MIN_VALUE, Byte.MAX_VALUE));
      case SMALLINT:
        return in -> Short.valueOf((short) inRange(in.readInt(), Short.MIN_VALUE, Short.MAX_VALUE));
      case INT:
        return BinaryDecoder::readInt;
      case BIGINT:
        return BinaryDecoder::readLong;
      case FLOAT:
        return BinaryDecoder::readFloat;
      case DOUBLE:
        return BinaryDecoder::readDouble;
      case DECIMAL:
        int scale = ((LogicalTypes.Decimal) avro.getLogicalType()).getScale();
        ValueReader raw = bytes(avro);
        return in -> new BigDecimal(new BigInteger((byte[]) raw.read(in)), scale);
      case STRING:
        if (avro.getType() == Schema.Type.ENUM) {
          List<String> symbols = avro.getEnumSymbols();
          return in -> {
            int index = in.readEnum();
            if (index < 0 || index >= symbols.size()) {
              throw new MalformedException("enum index " + index + " does not exist");
            }
            return symbols.get(index);
          };
        }
        return new StringReader();
      case BYTES:
        return bytes(avro);
      case DATE:
        return in -> LocalDate.ofEpochDay(in.readInt());
      case TIME:
        if (AvroTypeMatch.timeUnit(avro) == AvroTypeMatch.TimeUnit.MILLIS) {
          return in -> LocalTime.ofNanoOfDay(timeOfDay(in.readInt(), 1_000_000L));
        }
        return in -> LocalTime.ofNanoOfDay(timeOfDay(in.readLong(), 1_000L));
      case TIMESTAMP:
        return localTimestamp(AvroTypeMatch.timestampUnit(avro));
      case TIMESTAMP_LTZ:
        if (AvroTypeMatch.timestampUnit(avro) == AvroTypeMatch.TimeUnit.MILLIS) {
          return in -> new org.joda.time.Instant(in.readLong());
        }
        return in -> new org.joda.time.Instant(Math.floorDiv(in.readLong(), 1_000L));
      case ARRAY:
        return array(
            value(avro.getElementType(), type.getCollectionElementType(), path + "[]", defaults));
      case MAP:
        return map(value(avro.getValueType(), type.getMapValueType(), path + "{}", defaults));
      case ROW:
        return record(avro, type.getRowSchema(), path, defaults);
      default:
        throw new IllegalStateException(kind.name());
    }
  }

  private static int inRange(int value, int min, int max) throws MalformedException {
    if (value < min || value > max) {
      throw new MalformedException("value " + value + " is out of the column's range");
    }
    return value;
  }

  private static long timeOfDay(long value, long nanosPerUnit) throws MalformedException {
    if (value < 0 || value >= 86_400_000_000_000L / nanosPerUnit) {
      throw new MalformedException("time " + value + " is not within a day");
    }
    return value * nanosPerUnit;
  }

  private static ValueReader localTimestamp(AvroTypeMatch.TimeUnit unit) {
    long perSecond = unit == AvroTypeMatch.TimeUnit.MILLIS ? 1_000L : 1_000_000L;
    long nanosPerUnit = 1_000_000_000L / perSecond;
    return in -> {
      long value = in.readLong();
      return LocalDateTime.ofEpochSecond(
          Math.floorDiv(value, perSecond),
          (int) (Math.floorMod(value, perSecond) * nanosPerUnit),
          ZoneOffset.UTC);
    };
  }

  /** A byte or string length, checked against what is left of the message. */
  static int length(BinaryDecoder in) throws IOException {
    long length = in.readLong();
    if (length < 0) {
      throw new MalformedException("negative length " + length);
    }
    if (length > in.inputStream().available()) {
      throw new MalformedException(
          "length "
              + length
              + " exceeds the "
              + in.inputStream().available()
              + " bytes left in the message");
    }
    return (int) length;
  }

  static ValueReader bytes(Schema avro) {
    if (avro.getType() == Schema.Type.FIXED) {
      int size = avro.getFixedSize();
      return in -> {
        byte[] bytes = new byte[size];
        in.readFixed(bytes);
        return bytes;
      };
    }
    return in -> {
      byte[] bytes = new byte[length(in)];
      in.readFixed(bytes);
      return bytes;
    };
  }

  /** Reads strings that must be valid UTF-8; keeps one CharsetDecoder. */
  static final class StringReader implements ValueReader {
    private final CharsetDecoder utf8 =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    @Override
    public String read(BinaryDecoder in) throws IOException {
      byte[] bytes = new byte[length(in)];
      in.readFixed(bytes);
      try {
        return utf8.decode(ByteBuffer.wrap(bytes)).toString();
      } catch (CharacterCodingException e) {
        throw new MalformedException("the string is not valid UTF-8 (" + e + ")");
      }
    }
  }

  private static void checkCount(long count, BinaryDecoder in) throws IOException {
    // Every item of a mapped type takes at least one byte, so a count above the bytes left is a
    // corrupt message; checking it first avoids allocating for a bogus count.
    if (count > in.inputStream().available()) {
      throw new MalformedException(
          "item count "
              + count
              + " exceeds the "
              + in.inputStream().available()
              + " bytes left in the message");
    }
  }

  private static ValueReader array(ValueReader item) {
    return in -> {
      long count = in.readArrayStart();
      List<Object> list = new ArrayList<>();
      while (count > 0) {
        checkCount(count, in);
        for (long i = 0; i < count; i++) {
          list.add(item.read(in));
        }
        count = in.arrayNext();
      }
      return list;
    };
  }

  private static ValueReader map(ValueReader value) {
    StringReader keys = new StringReader();
    return in -> {
      long count = in.readMapStart();
      Map<String, Object> map = new HashMap<>();
      while (count > 0) {
        checkCount(count, in);
        for (long i = 0; i < count; i++) {
          String key = keys.read(in);
          map.put(key, value.read(in));
        }
        count = in.mapNext();
      }
      return map;
    };
  }
}
