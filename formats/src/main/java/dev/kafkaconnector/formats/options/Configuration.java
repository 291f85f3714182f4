package dev.kafkaconnector.formats.options;

import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An immutable set of option values keyed by option key, read through {@link ConfigOption}
 * declarations so that parsing and defaults live in one place.
 */
public final class Configuration implements Serializable {
  private static final long serialVersionUID = 1L;

  private final TreeMap<String, String> values;

  private Configuration(Map<String, String> values) {
    this.values = new TreeMap<>(values);
  }

  /** A configuration holding a copy of {@code values}. */
  public static Configuration of(Map<String, String> values) {
    return new Configuration(values);
  }

  /** The value of {@code option}, parsed, or its default (which may be {@code null}). */
  public <T> T get(ConfigOption<T> option) {
    return getOptional(option).orElse(option.defaultValue().orElse(null));
  }

  /** The value of {@code option} when it is set, parsed. */
  public <T> Optional<T> getOptional(ConfigOption<T> option) {
    String text = values.get(option.key());
    return text == null ? Optional.empty() : Optional.of(option.parse(text));
  }

  /** Whether the option's key is set. */
  public boolean contains(ConfigOption<?> option) {
    return values.containsKey(option.key());
  }

  /** The raw text of a key, if set. */
  public Optional<String> raw(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /** All values, read-only. */
  public Map<String, String> toMap() {
    return Collections.unmodifiableMap(values);
  }

  /** The keys starting with {@code prefix}, with the prefix removed. */
  public Map<String, String> withPrefixStripped(String prefix) {
    Map<String, String> out = new TreeMap<>();
    values.forEach(
        (k, v) -> {
          if (k.startsWith(prefix)) {
            out.put(k.substring(prefix.length()), v);
          }
        });
    return out;
  }

  /** Keys only: values may be secrets, so they are never printed. */
  @Override
  public String toString() {
    return "Configuration" + values.keySet();
  }
}
