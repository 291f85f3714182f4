package dev.kafkaconnector.formats.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import dev.kafkaconnector.formats.json.JsonToRowConverter.FieldConverter;
import java.io.Serializable;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Reads one piece of format metadata from a changelog message (its JSON envelope), once per
 * message. Built once per decoder by the static factories, which resolve the JSON path and the
 * value's converter up front.
 */
@FunctionalInterface
public interface MetadataReader extends Serializable {

  /**
   * The metadata value of {@code envelope}, of the Java type Beam expects for its column.
   *
   * @throws FormatException naming the JSON field when the value cannot be converted
   */
  @Nullable Object read(ObjectNode envelope) throws FormatException;

  /**
   * The value at {@code path} (member names from the top of the envelope) converted to {@code type}
   * with the JSON format's rules; a missing member or JSON null gives null.
   */
  static MetadataReader value(FieldType type, JsonReadSettings settings, String... path) {
    FieldConverter converter = JsonToRowConverter.fieldConverter(type, settings);
    String name = String.join(".", path);
    String format = settings.format();
    String[] members = path.clone();
    return envelope -> {
      try {
        return converter.convert(at(envelope, members));
      } catch (FormatException e) {
        throw FormatErrors.under(format, name, e);
      }
    };
  }

  /**
   * A BIGINT of milliseconds since the epoch at {@code path}, as a TIMESTAMP_LTZ (Joda Instant).
   */
  static MetadataReader epochMillis(JsonReadSettings settings, String... path) {
    return epoch(settings, 1L, path);
  }

  /** A BIGINT of seconds since the epoch at {@code path}, as a TIMESTAMP_LTZ (Joda Instant). */
  static MetadataReader epochSeconds(JsonReadSettings settings, String... path) {
    return epoch(settings, 1000L, path);
  }

  private static MetadataReader epoch(JsonReadSettings settings, long factor, String... path) {
    MetadataReader number = value(FieldType.INT64.withNullable(true), settings, path);
    String name = String.join(".", path);
    String format = settings.format();
    return envelope -> {
      Long value = (Long) number.read(envelope);
      if (value == null) {
        return null;
      }
      try {
        return new org.joda.time.Instant(Math.multiplyExact(value, factor));
      } catch (ArithmeticException e) {
        throw new FormatException(format, name, "the timestamp " + value + " is out of range");
      }
    };
  }

  /** The node at {@code path}, or null when a member on the way is missing or not an object. */
  static @Nullable JsonNode at(JsonNode node, String... path) {
    JsonNode current = node;
    for (String member : path) {
      if (current == null || !current.isObject()) {
        return null;
      }
      current = current.get(member);
    }
    return current;
  }
}
