package dev.kafkaconnector.io.cdc.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code infer-schema.flatten-nested-columns.enable} for change streams: the members of nested
 * objects become members named by their path ({@code {"a": {"b": 1}}} gives {@code {"a.b": 1}}),
 * recursively, so that inference and conversion see flat columns, as the spec's catalog names them.
 * Arrays stay one member (a STRING column holding their JSON text).
 */
final class NestedMembers {
  private NestedMembers() {}

  /** {@code image} flattened, or {@code image} itself when it has no nested object. */
  static @Nullable ObjectNode flatten(@Nullable ObjectNode image) {
    if (image == null || !hasNestedObject(image)) {
      return image;
    }
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    add(image, "", out);
    return out;
  }

  private static boolean hasNestedObject(ObjectNode node) {
    for (JsonNode value : node) {
      if (value.isObject()) {
        return true;
      }
    }
    return false;
  }

  private static void add(ObjectNode node, String prefix, ObjectNode out) {
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String name = prefix + field.getKey();
      if (field.getValue().isObject() && field.getValue().size() > 0) {
        add((ObjectNode) field.getValue(), name + ".", out);
      } else {
        out.set(name, field.getValue());
      }
    }
  }
}
