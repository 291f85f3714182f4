package dev.kafkaconnector.formats.protobuf;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor.JavaType;
import com.google.protobuf.DynamicMessage;
import dev.kafkaconnector.schema.ColumnType;
import dev.kafkaconnector.schema.SqlTypeRoot;
import java.util.stream.Collectors;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Which column types each protobuf field type maps to, as Flink's protobuf format maps them: int32
 * family to INT, int64 family to BIGINT, float, double, bool, string, bytes to BYTES, enums to
 * STRING (the name) or an integer column (the number), messages to ROW, repeated fields to ARRAY
 * and maps to MAP. Shared by readers and writers so that both accept the same tables.
 */
final class ProtoTypeMatch {
  private ProtoTypeMatch() {}

  /**
   * The field of {@code message} that column {@code name} maps to.
   *
   * @throws IllegalArgumentException when the message has no field of that exact name
   */
  static FieldDescriptor field(Descriptor message, String name, String path) {
    FieldDescriptor field = message.findFieldByName(name);
    if (field == null) {
      throw new IllegalArgumentException(
          "column '"
              + path
              + "' has no field of that name in the protobuf message "
              + message.getFullName()
              + " (its fields: "
              + message.getFields().stream()
                  .map(FieldDescriptor::getName)
                  .collect(Collectors.joining(", "))
              + ")");
    }
    return field;
  }

  /** The SQL root of a column; null for a logical type without SQL type, which fits no field. */
  static @Nullable SqlTypeRoot root(FieldType type) {
    ColumnType column = ColumnType.ofOrNull(type);
    return column == null ? null : column.root();
  }

  /**
   * Checks that a single value of {@code field} (an element for repeated fields) fits {@code type},
   * not looking into messages (their fields are checked by the message converters).
   *
   * @throws IllegalArgumentException naming the column and both types
   */
  static void checkScalar(FieldDescriptor field, FieldType type, String path) {
    SqlTypeRoot column = root(type);
    boolean ok;
    switch (field.getJavaType()) {
      case INT:
        ok = column == SqlTypeRoot.INT;
        break;
      case LONG:
        ok = column == SqlTypeRoot.BIGINT;
        break;
      case FLOAT:
        ok = column == SqlTypeRoot.FLOAT;
        break;
      case DOUBLE:
        ok = column == SqlTypeRoot.DOUBLE;
        break;
      case BOOLEAN:
        ok = column == SqlTypeRoot.BOOLEAN;
        break;
      case STRING:
        ok = column == SqlTypeRoot.STRING;
        break;
      case BYTE_STRING:
        ok = column == SqlTypeRoot.BYTES;
        break;
      case ENUM:
        ok =
            column == SqlTypeRoot.STRING
                || column == SqlTypeRoot.INT
                || column == SqlTypeRoot.BIGINT
                || column == SqlTypeRoot.SMALLINT
                || column == SqlTypeRoot.TINYINT;
        break;
      case MESSAGE:
        ok = column == SqlTypeRoot.ROW;
        break;
      default:
        ok = false;
    }
    if (!ok) {
      throw mismatch(field, type, path);
    }
  }

  static IllegalArgumentException mismatch(FieldDescriptor field, FieldType type, String path) {
    return new IllegalArgumentException(
        "column '"
            + path
            + "' of type "
            + type
            + " does not fit the protobuf field "
            + field.getFullName()
            + " of type "
            + (field.isMapField()
                ? "map"
                : (field.isRepeated() ? "repeated " : "")
                    + field.getType().name().toLowerCase(java.util.Locale.ROOT)));
  }

  /**
   * The value written for a null element of a repeated field or map, since protobuf cannot hold
   * null there: the type's default, and {@code nullString} for strings.
   */
  static Object nullElement(FieldDescriptor field, String nullString) {
    JavaType type = field.getJavaType();
    switch (type) {
      case INT:
        return 0;
      case LONG:
        return 0L;
      case FLOAT:
        return 0f;
      case DOUBLE:
        return 0d;
      case BOOLEAN:
        return false;
      case STRING:
        return nullString;
      case BYTE_STRING:
        return ByteString.EMPTY;
      case ENUM:
        return field.getEnumType().getValues().get(0);
      case MESSAGE:
        return DynamicMessage.getDefaultInstance(field.getMessageType());
      default:
        throw new IllegalStateException(type.name());
    }
  }
}
