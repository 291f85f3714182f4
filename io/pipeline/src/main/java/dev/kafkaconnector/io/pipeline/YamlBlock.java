package dev.kafkaconnector.io.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.io.common.OptionSuggestions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One mapping of a YAML job definition with its path ({@code source}, {@code route[0]}): typed
 * reads whose errors name the path of the key and what was expected. Scalars are read as text with
 * their placeholders filled.
 */
final class YamlBlock {
  private final String path;
  private final ObjectNode node;
  private final Placeholders placeholders;

  YamlBlock(String path, ObjectNode node, Placeholders placeholders) {
    this.path = path;
    this.node = node;
    this.placeholders = placeholders;
  }

  String path() {
    return path;
  }

  String pathOf(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  boolean has(String key) {
    return node.has(key) && !node.get(key).isNull();
  }

  List<String> keys() {
    List<String> keys = new ArrayList<>();
    node.fieldNames().forEachRemaining(keys::add);
    return keys;
  }

  /** Fails on the first key (in file order) outside {@code allowed}. */
  void rejectUnknownKeys(Collection<String> allowed) {
    for (String key : keys()) {
      if (!allowed.contains(key)) {
        throw new PipelineDefinitionException(
            pathOf(key),
            "unknown key"
                + OptionSuggestions.didYouMean(key, allowed)
                + "; the keys of "
                + (path.isEmpty() ? "a job definition" : "'" + path + "'")
                + " are "
                + String.join(", ", allowed));
      }
    }
  }

  /** The scalar at {@code key} as text (placeholders filled), or null when absent. */
  @Nullable String string(String key) {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    return scalar(pathOf(key), value);
  }

  String requiredString(String key, String what) {
    String value = string(key);
    if (value == null || value.isBlank()) {
      throw new PipelineDefinitionException(pathOf(key), "missing: " + what);
    }
    return value;
  }

  @Nullable Integer integer(String key) {
    String text = string(key);
    if (text == null) {
      return null;
    }
    try {
      return Integer.valueOf(text.trim());
    } catch (NumberFormatException e) {
      throw new PipelineDefinitionException(pathOf(key), "expected an integer, got '" + text + "'");
    }
  }

  /** The mapping at {@code key}, or null when absent. */
  @Nullable YamlBlock block(String key) {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isObject()) {
      throw new PipelineDefinitionException(
          pathOf(key), "expected a mapping of keys to values, got " + describe(value));
    }
    return new YamlBlock(pathOf(key), (ObjectNode) value, placeholders);
  }

  /** The list of mappings at {@code key} (empty when absent). */
  List<YamlBlock> blocks(String key) {
    JsonNode value = node.get(key);
    List<YamlBlock> blocks = new ArrayList<>();
    if (value == null || value.isNull()) {
      return blocks;
    }
    if (!value.isArray()) {
      throw new PipelineDefinitionException(
          pathOf(key), "expected a list ('- key: value' items), got " + describe(value));
    }
    for (int i = 0; i < value.size(); i++) {
      String itemPath = pathOf(key) + "[" + i + "]";
      JsonNode item = value.get(i);
      if (!item.isObject()) {
        throw new PipelineDefinitionException(
            itemPath, "expected a mapping of keys to values, got " + describe(item));
      }
      blocks.add(new YamlBlock(itemPath, (ObjectNode) item, placeholders));
    }
    return blocks;
  }

  /**
   * Every key of this block except {@code excluded} as a connector option: scalars as text, nested
   * mappings flattened with dots ({@code properties: {group.id: g}} is {@code
   * properties.group.id}). Lists are not options.
   */
  Map<String, String> options(Set<String> excluded) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String key : keys()) {
      if (!excluded.contains(key) && has(key)) {
        flatten(key, node.get(key), options);
      }
    }
    return options;
  }

  private void flatten(String key, JsonNode value, Map<String, String> into) {
    if (value.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        flatten(key + "." + field.getKey(), field.getValue(), into);
      }
    } else if (!value.isNull()) {
      into.put(key, scalar(pathOf(key), value));
    }
  }

  private String scalar(String keyPath, JsonNode value) {
    if (value.isContainerNode()) {
      throw new PipelineDefinitionException(
          keyPath, "expected a single value, got " + describe(value));
    }
    return placeholders.resolve(keyPath, value.asText());
  }

  private static String describe(JsonNode value) {
    if (value.isArray()) {
      return "a list";
    }
    if (value.isObject()) {
      return "a mapping";
    }
    return "the value '" + value.asText() + "'";
  }
}
