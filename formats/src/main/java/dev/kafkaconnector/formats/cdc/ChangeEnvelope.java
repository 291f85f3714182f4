package dev.kafkaconnector.formats.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * How one value format wraps row changes: reads a parsed message into {@link RawChange}s (none for
 * a message that holds no row change, such as a DDL message). One implementation per format.
 */
public interface ChangeEnvelope extends Serializable {

  /**
   * @param topic the record's topic (the table id of formats that carry none)
   * @throws FormatException naming the field that is missing or malformed
   */
  void read(ObjectNode message, String topic, List<RawChange> out) throws FormatException;

  /** The format's name, for messages. */
  String format();

  /** The text of a member that must be a string. */
  static String text(ObjectNode node, String field, String format) throws FormatException {
    JsonNode value = node.get(field);
    if (value == null || value.isNull() || !value.isValueNode()) {
      throw new FormatException(format, field, "expected the field '" + field + "' (a string)");
    }
    return value.asText();
  }

  /** The text of an optional member, or null when absent or null. */
  static @Nullable String optionalText(ObjectNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  /** A member that must be an object or null. */
  static @Nullable ObjectNode object(ObjectNode node, String field, String format)
      throws FormatException {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isObject()) {
      throw new FormatException(
          format,
          field,
          "expected the field '" + field + "' to be an object, but it is " + value.getNodeType());
    }
    return (ObjectNode) value;
  }

  /** The strings of an array member (Canal's {@code pkNames}, Maxwell's primary key), or none. */
  static List<String> strings(ObjectNode node, String field) {
    JsonNode value = node.get(field);
    List<String> out = new ArrayList<>();
    if (value != null && value.isArray()) {
      value.forEach(v -> out.add(v.asText()));
    }
    return out;
  }
}
