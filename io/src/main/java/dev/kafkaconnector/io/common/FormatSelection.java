package dev.kafkaconnector.io.common;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.FORMAT;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS_PREFIX;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FORMAT;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_DUPLICATE_FIELD_STRATEGY;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_INCLUDE;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_PREFIX;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FORMAT;

import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The formats a source or sink uses and their options: {@code value.format} (or {@code format}) and
 * {@code key.format}, each with its options read from {@code <format>.*} and overridden for one
 * side by {@code key.<format>.*} / {@code value.<format>.*}; and the key/value column layout of
 * {@code key.fields}, the prefixes and {@code value.fields-include}. Shared by the reader and the
 * writer so that both read the same options the same way.
 */
public final class FormatSelection {
  /** The scope prefix of key-only format options. */
  public static final String KEY_SCOPE = "key.";

  /** The scope prefix of value-only format options. */
  public static final String VALUE_SCOPE = "value.";

  private final Configuration conf;
  private final Map<String, String> options;
  private final FormatFactory valueFormat;
  private final @Nullable FormatFactory keyFormat;

  /**
   * Finds the formats named by the options.
   *
   * @throws IllegalArgumentException when no value format is set or a format is unknown (listing
   *     the available ones)
   */
  public FormatSelection(Map<String, String> options) {
    this.options = options;
    this.conf = Configuration.of(options);
    String valueId = conf.getOptional(VALUE_FORMAT).orElse(conf.get(FORMAT));
    if (valueId == null || valueId.isBlank()) {
      throw new IllegalArgumentException(
          "Option 'format' (or 'value.format') is required, for example 'format' = 'raw'");
    }
    this.valueFormat =
        Formats.find(valueId.trim(), conf.contains(VALUE_FORMAT) ? "value.format" : "format");
    String keyId = conf.get(KEY_FORMAT);
    this.keyFormat = keyId == null ? null : Formats.find(keyId.trim(), "key.format");
  }

  public FormatFactory valueFormat() {
    return valueFormat;
  }

  public @Nullable FormatFactory keyFormat() {
    return keyFormat;
  }

  /** The value format's options, keys without the {@code value.} scope. */
  public Configuration valueOptions() {
    return scopedOptions(valueFormat, VALUE_SCOPE);
  }

  /** The key format's options, keys without the {@code key.} scope; requires a key format. */
  public Configuration keyOptions() {
    if (keyFormat == null) {
      throw new IllegalStateException("no key.format");
    }
    return scopedOptions(keyFormat, KEY_SCOPE);
  }

  /** Whether {@code key} is an option of one of the formats in use (in any scope). */
  public boolean isFormatOption(String key) {
    return declares(valueFormat, unscope(key, VALUE_SCOPE))
        || (keyFormat != null && declares(keyFormat, unscope(key, KEY_SCOPE)));
  }

  /** The error for a key that looks like an option of a format but is not one in use, or null. */
  public @Nullable String formatOptionError(String key) {
    String bare = unscope(unscope(key, VALUE_SCOPE), KEY_SCOPE);
    String family = bare.contains(".") ? bare.substring(0, bare.indexOf('.')) : bare;
    Map<String, FormatFactory> all = Formats.available();
    if (!all.containsKey(family)) {
      return null;
    }
    FormatFactory used =
        family.equals(valueFormat.identifier())
            ? valueFormat
            : keyFormat != null && family.equals(keyFormat.identifier()) ? keyFormat : null;
    if (used != null) {
      List<String> keys = used.options().stream().map(ConfigOption::key).toList();
      return "Unknown option '"
          + key
          + "' for format '"
          + family
          + "'"
          + OptionSuggestions.didYouMean(bare, keys)
          + ". Its options are: "
          + keys;
    }
    return "Option '"
        + key
        + "' belongs to format '"
        + family
        + "', which is not used here"
        + " (value format '"
        + valueFormat.identifier()
        + "'"
        + (keyFormat == null ? "" : ", key format '" + keyFormat.identifier() + "'")
        + ")";
  }

  /**
   * The key/value layout of {@code physical}: which columns the key holds ({@code key.fields}), the
   * prefixes and {@code value.fields-include}.
   *
   * @throws IllegalArgumentException naming the option keys whose values do not fit together
   */
  public KeyValueLayout layout(Schema physical) {
    return KeyValueLayout.create(
        physical,
        keyFields(),
        conf.getOptional(KEY_FIELDS_PREFIX).orElse(""),
        conf.getOptional(VALUE_FIELDS_PREFIX).orElse(""),
        conf.get(VALUE_FIELDS_INCLUDE),
        conf.get(SCAN_DUPLICATE_FIELD_STRATEGY));
  }

  /**
   * The layout of the {@code selected} columns of {@code physical} (projection push-down): the same
   * as {@link #layout(Schema)} with the other columns, and the key fields among them, left out.
   */
  public KeyValueLayout layout(Schema physical, java.util.Set<String> selected) {
    Schema.Builder columns = Schema.builder();
    physical.getFields().stream()
        .filter(f -> selected.contains(f.getName()))
        .forEach(columns::addField);
    return KeyValueLayout.create(
        columns.build(),
        keyFields().stream().filter(selected::contains).toList(),
        conf.getOptional(KEY_FIELDS_PREFIX).orElse(""),
        conf.getOptional(VALUE_FIELDS_PREFIX).orElse(""),
        conf.get(VALUE_FIELDS_INCLUDE),
        conf.get(SCAN_DUPLICATE_FIELD_STRATEGY));
  }

  private List<String> keyFields() {
    String fields = conf.get(KEY_FIELDS);
    if (keyFormat == null && fields != null) {
      throw new IllegalArgumentException("Option 'key.fields' requires 'key.format'");
    }
    if (keyFormat != null && (fields == null || fields.isBlank())) {
      throw new IllegalArgumentException(
          "Option 'key.format' requires 'key.fields', the ';'-separated columns of the key");
    }
    if (fields == null) {
      if (conf.contains(KEY_FIELDS_PREFIX)) {
        throw new IllegalArgumentException("Option 'key.fields-prefix' requires 'key.fields'");
      }
      return List.of();
    }
    return Arrays.stream(fields.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  /** {@code <format>.*} overridden by {@code <scope><format>.*}, keys without the scope. */
  private Configuration scopedOptions(FormatFactory format, String scope) {
    Map<String, String> out = new HashMap<>();
    String shared = format.identifier() + ".";
    options.forEach(
        (key, value) -> {
          if (key.startsWith(shared)) {
            out.put(key, value);
          }
        });
    options.forEach(
        (key, value) -> {
          if (key.startsWith(scope + shared)) {
            out.put(key.substring(scope.length()), value);
          }
        });
    return Configuration.of(out);
  }

  private static boolean declares(FormatFactory format, String key) {
    for (ConfigOption<?> option : format.options()) {
      if (option.matches(key)) {
        return true;
      }
    }
    return false;
  }

  private static String unscope(String key, String scope) {
    return key.startsWith(scope) ? key.substring(scope.length()) : key;
  }
}
