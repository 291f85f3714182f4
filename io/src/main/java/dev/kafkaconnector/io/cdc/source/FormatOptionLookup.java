package dev.kafkaconnector.io.cdc.source;

import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * How {@link ChangeSourceParser} finds a format option among the spellings a user may write it in
 * ({@code value.<format>.key}, {@code <format>.key}, the bare key; or a scoped key before the
 * unscoped one), and reads booleans and regular expressions from it, every error naming the key.
 */
final class FormatOptionLookup {
  private FormatOptionLookup() {}

  /**
   * The most specific value of an inference key (given without prefix): value.<fmt>., <fmt>., none.
   */
  static @Nullable String pick(
      Map<String, String> options, String format, java.util.function.Supplier<String> bare) {
    String key = bare.get();
    for (String prefix : List.of("value." + format + ".", format + ".", "")) {
      String v = options.get(prefix + key);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  /** The spelling of {@code bare} the user wrote, for messages. */
  static String keyAsWritten(Map<String, String> options, String format, String bare) {
    for (String prefix : List.of("value." + format + ".", format + ".", "")) {
      if (options.containsKey(prefix + bare)) {
        return prefix + bare;
      }
    }
    return bare;
  }

  /** {@code <scope><format-option>} if set, else the unscoped format option. */
  static @Nullable String scoped(
      Map<String, String> options, String scope, String unusedFormat, ConfigOption<?> option) {
    String v = options.get(scope + option.key());
    return v != null ? v : options.get(option.key());
  }

  /** The value-scoped boolean {@code option}, or its default. */
  static boolean bool(Map<String, String> options, ConfigOption<Boolean> option) {
    String v = scoped(options, "value.", "", option);
    if (v == null) {
      return option.defaultValue().orElse(false);
    }
    String t = v.trim().toLowerCase(java.util.Locale.ROOT);
    if (!t.equals("true") && !t.equals("false")) {
      throw new IllegalArgumentException(
          "Invalid value '" + v + "' for option '" + option.key() + "' (expected true or false)");
    }
    return Boolean.parseBoolean(t);
  }

  static String orDefault(@Nullable String v, String d) {
    return v == null ? d : v;
  }

  /** The regular expression of {@code option} in {@code value}, or null when not set. */
  static @Nullable Pattern pattern(Configuration value, ConfigOption<String> option) {
    String text = value.get(option);
    if (text == null) {
      return null;
    }
    try {
      return Pattern.compile(text);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "Invalid value '"
              + text
              + "' for option '"
              + option.key()
              + "' (a Java regular"
              + " expression): "
              + e.getDescription());
    }
  }
}
