package dev.kafkaconnector.formats.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.schema.SqlTypeRoot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;

/**
 * Converters from parsed protobuf messages (read through the reflection API of {@link Message}) to
 * the Java values of Beam rows, built once per descriptor and schema.
 */
final class ProtoReaders {
  private ProtoReaders() {}

  /** Converts one value as returned by {@link Message#getField} (or one element of it). */
  interface ValueReader {
    Object read(Object value) throws FormatException;
  }

  /** Reads rows of {@code schema} from messages of {@code descriptor}, fields matched by name. */
  static final class MessageReader implements ValueReader {
    private final Schema schema;
    private final FieldDescriptor[] fields;
    private final ValueReader[] readers;
    private final boolean[] nullable;
    private final String[] paths;
    private final boolean readDefaults;

    /**
     * @throws IllegalArgumentException naming the column that has no field or does not fit it
     */
    MessageReader(Descriptor descriptor, Schema schema, String path, boolean readDefaults) {
      this.schema = schema;
      this.readDefaults = readDefaults;
      int n = schema.getFieldCount();
      fields = new FieldDescriptor[n];
      readers = new ValueReader[n];
      nullable = new boolean[n];
      paths = new String[n];
      for (int i = 0; i < n; i++) {
        Schema.Field column = schema.getField(i);
        paths[i] = path.isEmpty() ? column.getName() : path + "." + column.getName();
        fields[i] = ProtoTypeMatch.field(descriptor, column.getName(), paths[i]);
        nullable[i] = Boolean.TRUE.equals(column.getType().getNullable());
        readers[i] = field(fields[i], column.getType(), paths[i], readDefaults);
      }
    }

    @Override
    public Row read(Object value) throws FormatException {
      Message message = (Message) value;
      Object[] values = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        FieldDescriptor field = fields[i];
        if (field.isRepeated()) {
          if (!readDefaults && nullable[i] && message.getRepeatedFieldCount(field) == 0) {
            continue;
          }
        } else if (!readDefaults && field.hasPresence() && !message.hasField(field)) {
          if (!nullable[i]) {
            throw new FormatException(
                ProtobufFormatFactory.IDENTIFIER,
                paths[i],
                "the field is absent and the column is NOT NULL (set "
                    + ProtobufOptions.READ_DEFAULT_VALUES.key()
                    + " to read absent fields as their default)");
          }
          continue;
        }
        try {
          values[i] = readers[i].read(field.isRepeated() ? message : message.getField(field));
        } catch (RuntimeException e) {
          throw new FormatException(
              ProtobufFormatFactory.IDENTIFIER, paths[i], "cannot read the value (" + e + ")", e);
        }
      }
      return Row.withSchema(schema).attachValues(Arrays.asList(values));
    }
  }

  /** The reader of a column from its field; repeated fields are read from the whole message. */
  private static ValueReader field(
      FieldDescriptor field, FieldType type, String path, boolean readDefaults) {
    if (field.isMapField()) {
      if (ProtoTypeMatch.root(type) != SqlTypeRoot.MAP) {
        throw ProtoTypeMatch.mismatch(field, type, path);
      }
      Descriptor entry = field.getMessageType();
      FieldDescriptor keyField = entry.findFieldByName("key");
      FieldDescriptor valueField = entry.findFieldByName("value");
      ValueReader key = single(keyField, type.getMapKeyType(), path + "{key}", readDefaults);
      ValueReader val = single(valueField, type.getMapValueType(), path + "{}", readDefaults);
      return value -> {
        Message message = (Message) value;
        int count = message.getRepeatedFieldCount(field);
        Map<Object, Object> map = new HashMap<>(Math.max(4, count * 2));
        for (int j = 0; j < count; j++) {
          Message e = (Message) message.getRepeatedField(field, j);
          map.put(key.read(e.getField(keyField)), val.read(e.getField(valueField)));
        }
        return map;
      };
    }
    if (field.isRepeated()) {
      if (ProtoTypeMatch.root(type) != SqlTypeRoot.ARRAY) {
        throw ProtoTypeMatch.mismatch(field, type, path);
      }
      ValueReader element =
          single(field, type.getCollectionElementType(), path + "[]", readDefaults);
      return value -> {
        Message message = (Message) value;
        int count = message.getRepeatedFieldCount(field);
        List<Object> list = new ArrayList<>(count);
        for (int j = 0; j < count; j++) {
          list.add(element.read(message.getRepeatedField(field, j)));
        }
        return list;
      };
    }
    return single(field, type, path, readDefaults);
  }

  /** The reader of one value (or element) of {@code field} into a column of {@code type}. */
  private static ValueReader single(
      FieldDescriptor field, FieldType type, String path, boolean readDefaults) {
    ProtoTypeMatch.checkScalar(field, type, path);
    switch (field.getJavaType()) {
      case BYTE_STRING:
        return value -> ((ByteString) value).toByteArray();
      case ENUM:
        return enumValue(ProtoTypeMatch.root(type), path);
      case MESSAGE:
        return new MessageReader(field.getMessageType(), type.getRowSchema(), path, readDefaults);
      default:
        // Integer, Long, Float, Double, Boolean and String are already Beam's Java types.
        return value -> value;
    }
  }

  private static ValueReader enumValue(SqlTypeRoot column, String path) {
    switch (column) {
      case STRING:
        return value -> ((EnumValueDescriptor) value).getName();
      case BIGINT:
        return value -> (long) ((EnumValueDescriptor) value).getNumber();
      case INT:
        return value -> ((EnumValueDescriptor) value).getNumber();
      default:
        long min = column == SqlTypeRoot.TINYINT ? Byte.MIN_VALUE : Short.MIN_VALUE;
        long max = column == SqlTypeRoot.TINYINT ? Byte.MAX_VALUE : Short.MAX_VALUE;
        return value -> {
          int number = ((EnumValueDescriptor) value).getNumber();
          if (number < min || number > max) {
            throw new FormatException(
                ProtobufFormatFactory.IDENTIFIER,
                path,
                "enum number " + number + " is out of the range of a " + column + " column");
          }
          return column == SqlTypeRoot.TINYINT ? (Object) (byte) number : (Object) (short) number;
        };
    }
  }
}
