package dev.kafkaconnector.io.cdc.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.io.common.DuplicateFieldStrategy;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import dev.kafkaconnector.schema.infer.InferredType;
import dev.kafkaconnector.schema.infer.JsonSchemaInference;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The row image of a change record from its two sides: each side's members flattened as that side
 * says and put under its prefix ({@link #side}), the key's joined to the value's as {@code
 * scan.duplicate-field.strategy} says ({@link #combine}), and the inferred type of the row with
 * each side typed under its own {@code infer-schema.*} settings ({@link #documentType}).
 */
final class RowImages {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private RowImages() {}

  /**
   * The inferred type of one row: the value's members typed with the value side's settings, the
   * key's with the key side's ({@code key.json.infer-schema.*} apply to the key only), a member
   * both have typed as {@code scan.duplicate-field.strategy} picks its value.
   */
  static InferredType documentType(
      ObjectNode valueSide,
      @Nullable ObjectNode keySide,
      InferenceSettings valueSettings,
      InferenceSettings keySettings,
      DuplicateFieldStrategy duplicates) {
    InferredType value = JsonSchemaInference.typeOf(valueSide, valueSettings);
    if (keySide == null) {
      return value;
    }
    InferredType keyType = JsonSchemaInference.typeOf(keySide, keySettings);
    Map<String, InferredType> members = new TreeMap<>(value.fields());
    boolean preferKey = duplicates == DuplicateFieldStrategy.PREFER_KEY;
    keyType
        .fields()
        .forEach(
            (name, type) -> {
              if (preferKey || !members.containsKey(name)) {
                members.put(name, type);
              }
            });
    return InferredType.object(members);
  }

  /** One side's image, flattened when that side says so, its members under {@code prefix}. */
  static @Nullable ObjectNode side(@Nullable ObjectNode image, String prefix, boolean flatten) {
    ObjectNode flat = flatten ? NestedMembers.flatten(image) : image;
    if (flat == null || prefix.isEmpty()) {
      return flat;
    }
    ObjectNode out = NODES.objectNode();
    Iterator<Map.Entry<String, JsonNode>> fields = flat.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      out.set(prefix + field.getKey(), field.getValue());
    }
    return out;
  }

  /** The value side's members, and the key side's (both already prefixed). */
  static @Nullable ObjectNode combine(
      @Nullable ObjectNode image, @Nullable ObjectNode key, DuplicateFieldStrategy duplicates)
      throws FormatException {
    if (image == null) {
      return null;
    }
    if (key == null) {
      return image;
    }
    ObjectNode out = NODES.objectNode();
    out.setAll(image);
    Iterator<Map.Entry<String, JsonNode>> keyFields = key.fields();
    while (keyFields.hasNext()) {
      Map.Entry<String, JsonNode> field = keyFields.next();
      String name = field.getKey();
      if (!out.has(name)) {
        out.set(name, field.getValue());
        continue;
      }
      switch (duplicates) {
        case PREFER_KEY -> out.set(name, field.getValue());
        case PREFER_VALUE -> {}
        default ->
            throw new FormatException(
                "json",
                name,
                "the key and the value both have the field '"
                    + name
                    + "' (set"
                    + " 'scan.duplicate-field.strategy' to PREFER_KEY or PREFER_VALUE, or"
                    + " 'key.fields-prefix' / 'value.fields-prefix' to tell them apart)");
      }
    }
    return out;
  }
}
