package dev.kafkaconnector.formats.avro;

import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * What a column reads as when the writer's record has no field for it. Strict ({@link #NONE}, the
 * {@code avro} format: every column needs a field) or resolving, as Avro schema resolution does:
 * the default of the reader's field, or null for a nullable column.
 */
final class AvroDefaults implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Every column needs a field in the writer's record. */
  static final AvroDefaults NONE = new AvroDefaults(false, Map.of());

  private final boolean resolving;
  private final Map<String, Object> defaults;

  private AvroDefaults(boolean resolving, Map<String, Object> defaults) {
    this.resolving = resolving;
    this.defaults = defaults;
  }

  /**
   * Resolution against {@code reader}, the reader's record schema: its fields' defaults (at any
   * depth of nested records, by column path) fill the columns the writer did not write.
   */
  static AvroDefaults resolving(Schema reader) {
    Map<String, Object> defaults = new HashMap<>();
    collect(reader, "", defaults);
    return new AvroDefaults(true, defaults);
  }

  private static void collect(Schema record, String path, Map<String, Object> out) {
    for (Schema.Field field : record.getFields()) {
      String fieldPath = path.isEmpty() ? field.name() : path + "." + field.name();
      if (field.hasDefaultValue()) {
        Object value = field.defaultVal();
        out.put(fieldPath, value == null ? JsonProperties.NULL_VALUE : value);
      }
      Schema type = field.schema();
      if (type.getType() == Schema.Type.UNION) {
        for (Schema branch : type.getTypes()) {
          if (branch.getType() == Schema.Type.RECORD) {
            collect(branch, fieldPath, out);
          }
        }
      } else if (type.getType() == Schema.Type.RECORD) {
        collect(type, fieldPath, out);
      }
    }
  }

  /** Whether this is schema resolution (which also promotes types), not the strict match. */
  boolean resolves() {
    return resolving;
  }

  /**
   * The value of column {@code path} of {@code type} that {@code writer}, a record of the writer's
   * schema, does not have.
   *
   * @throws IllegalArgumentException when it has none: strict, or no default and NOT NULL
   */
  Object valueFor(String path, FieldType type, Schema writer) {
    if (!resolving) {
      throw new IllegalArgumentException(
          "column '" + path + "' has no field in the Avro record " + writer.getFullName());
    }
    boolean nullable = Boolean.TRUE.equals(type.getNullable());
    Object value = defaults.get(path);
    if (value == null || value == JsonProperties.NULL_VALUE) {
      if (nullable) {
        return null;
      }
      throw new IllegalArgumentException(
          "column '"
              + path
              + "' is NOT NULL, has no field in the writer's record "
              + writer.getFullName()
              + (value == null ? " and no default in the reader's schema" : " and defaults to null")
              + ": the schemas are incompatible");
    }
    return convert(value, type, path);
  }

  private static Object convert(Object value, FieldType type, String path) {
    switch (type.getTypeName()) {
      case BOOLEAN:
        if (value instanceof Boolean) {
          return value;
        }
        break;
      case BYTE:
        if (value instanceof Number n) {
          return n.byteValue();
        }
        break;
      case INT16:
        if (value instanceof Number n) {
          return n.shortValue();
        }
        break;
      case INT32:
        if (value instanceof Number n) {
          return n.intValue();
        }
        break;
      case INT64:
        if (value instanceof Number n) {
          return n.longValue();
        }
        break;
      case FLOAT:
        if (value instanceof Number n) {
          return n.floatValue();
        }
        break;
      case DOUBLE:
        if (value instanceof Number n) {
          return n.doubleValue();
        }
        break;
      case DECIMAL:
        if (value instanceof Number n) {
          return new BigDecimal(n.toString());
        }
        break;
      case STRING:
        if (value instanceof CharSequence) {
          return value.toString();
        }
        break;
      case BYTES:
        if (value instanceof byte[]) {
          return value;
        }
        if (value instanceof CharSequence text) {
          return text.toString().getBytes(StandardCharsets.ISO_8859_1);
        }
        break;
      default:
        break;
    }
    throw new IllegalArgumentException(
        "column '"
            + path
            + "' is missing from the writer's record and its default "
            + value
            + " cannot be used as a "
            + type.getTypeName()
            + " value");
  }
}
