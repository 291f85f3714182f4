package dev.kafkaconnector.formats.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.text.Utf16;
import dev.kafkaconnector.schema.SqlTypeRoot;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;

/**
 * Converters from the Java values of Beam rows to protobuf messages ({@link DynamicMessage} of the
 * configured descriptor, whose bytes are those of the generated class), built once per descriptor
 * and schema. A null column leaves its field unset; a null element of a list or map is written as
 * the type's default (strings: {@code protobuf.write-null-string-literal}), as Flink does.
 */
final class ProtoWriters {
  private ProtoWriters() {}

  /** Converts one Beam value (or element) to the value {@link DynamicMessage.Builder} takes. */
  interface ValueWriter {
    Object write(Object value) throws FormatException;
  }

  /** Writes rows of {@code schema} as messages of {@code descriptor}, fields matched by name. */
  static final class MessageWriter implements ValueWriter {
    private final Descriptor descriptor;
    private final FieldDescriptor[] fields;
    private final FieldWriter[] writers;
    private final String[] paths;

    /**
     * @throws IllegalArgumentException naming the column that has no field or does not fit it
     */
    MessageWriter(Descriptor descriptor, Schema schema, String path, String nullString) {
      this.descriptor = descriptor;
      int n = schema.getFieldCount();
      fields = new FieldDescriptor[n];
      writers = new FieldWriter[n];
      paths = new String[n];
      for (int i = 0; i < n; i++) {
        Schema.Field column = schema.getField(i);
        paths[i] = path.isEmpty() ? column.getName() : path + "." + column.getName();
        fields[i] = ProtoTypeMatch.field(descriptor, column.getName(), paths[i]);
        writers[i] = field(fields[i], column.getType(), paths[i], nullString);
      }
    }

    @Override
    public DynamicMessage write(Object value) throws FormatException {
      Row row = (Row) value;
      DynamicMessage.Builder builder = DynamicMessage.newBuilder(descriptor);
      for (int i = 0; i < fields.length; i++) {
        Object columnValue = row.getValue(i);
        if (columnValue == null) {
          continue;
        }
        try {
          writers[i].write(columnValue, builder);
        } catch (RuntimeException e) {
          throw new FormatException(
              ProtobufFormatFactory.IDENTIFIER, paths[i], "cannot write the value (" + e + ")", e);
        }
      }
      try {
        return builder.build();
      } catch (RuntimeException e) {
        // proto2 required fields without column or value
        throw new FormatException(
            ProtobufFormatFactory.IDENTIFIER,
            null,
            "the message " + descriptor.getFullName() + " is incomplete (" + e.getMessage() + ")",
            e);
      }
    }
  }

  /** Sets one field of a builder from a non-null column value. */
  private interface FieldWriter {
    void write(Object value, DynamicMessage.Builder builder) throws FormatException;
  }

  private static FieldWriter field(
      FieldDescriptor field, FieldType type, String path, String nullString) {
    if (field.isMapField()) {
      if (ProtoTypeMatch.root(type) != SqlTypeRoot.MAP) {
        throw ProtoTypeMatch.mismatch(field, type, path);
      }
      Descriptor entry = field.getMessageType();
      FieldDescriptor keyField = entry.findFieldByName("key");
      FieldDescriptor valueField = entry.findFieldByName("value");
      ValueWriter key = single(keyField, type.getMapKeyType(), path + "{key}", nullString);
      ValueWriter val = single(valueField, type.getMapValueType(), path + "{}", nullString);
      Object nullKey = ProtoTypeMatch.nullElement(keyField, nullString);
      Object nullValue = ProtoTypeMatch.nullElement(valueField, nullString);
      return (value, builder) -> {
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
          builder.addRepeatedField(
              field,
              DynamicMessage.newBuilder(entry)
                  .setField(keyField, e.getKey() == null ? nullKey : key.write(e.getKey()))
                  .setField(valueField, e.getValue() == null ? nullValue : val.write(e.getValue()))
                  .build());
        }
      };
    }
    if (field.isRepeated()) {
      if (ProtoTypeMatch.root(type) != SqlTypeRoot.ARRAY) {
        throw ProtoTypeMatch.mismatch(field, type, path);
      }
      ValueWriter element = single(field, type.getCollectionElementType(), path + "[]", nullString);
      Object nullElement = ProtoTypeMatch.nullElement(field, nullString);
      return (value, builder) -> {
        for (Object item : (Iterable<?>) value) {
          builder.addRepeatedField(field, item == null ? nullElement : element.write(item));
        }
      };
    }
    ValueWriter writer = single(field, type, path, nullString);
    return (value, builder) -> builder.setField(field, writer.write(value));
  }

  private static ValueWriter single(
      FieldDescriptor field, FieldType type, String path, String nullString) {
    ProtoTypeMatch.checkScalar(field, type, path);
    switch (field.getJavaType()) {
      case BYTE_STRING:
        return value -> ByteString.copyFrom((byte[]) value);
      case ENUM:
        return enumValue(field.getEnumType(), ProtoTypeMatch.root(type), path);
      case MESSAGE:
        return new MessageWriter(field.getMessageType(), type.getRowSchema(), path, nullString);
      case STRING:
        return value -> Utf16.wellFormed((String) value, ProtobufFormatFactory.IDENTIFIER, path);
      default:
        return value -> value;
    }
  }

  private static ValueWriter enumValue(EnumDescriptor type, SqlTypeRoot column, String path) {
    if (column == SqlTypeRoot.STRING) {
      return value -> {
        EnumValueDescriptor symbol = type.findValueByName((String) value);
        if (symbol == null) {
          throw new FormatException(
              ProtobufFormatFactory.IDENTIFIER,
              path,
              "'" + value + "' is not a value of the enum " + type.getFullName());
        }
        return symbol;
      };
    }
    return value -> {
      long wide = ((Number) value).longValue();
      if (wide != (int) wide) {
        throw new FormatException(
            ProtobufFormatFactory.IDENTIFIER, path, wide + " is not an enum number (int32)");
      }
      int number = (int) wide;
      EnumValueDescriptor symbol = type.findValueByNumber(number);
      if (symbol == null && !type.isClosed()) {
        // open (proto3) enums keep unknown numbers
        symbol = type.findValueByNumberCreatingIfUnknown(number);
      }
      if (symbol == null) {
        throw new FormatException(
            ProtobufFormatFactory.IDENTIFIER,
            path,
            number + " is not a number of the closed enum " + type.getFullName());
      }
      return symbol;
    };
  }
}
