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
 * ({@code <scope><format>.key}, {@code <format>.key}, the bare key, see {@link #prefixes}; or a
 * scoped key before the unscoped one), and reads booleans and regular expressions from it, every
 * error naming the key.
 */
final class FormatOptionLookup {
  private FormatOptionLookup() {}

  /**
   * The prefixes of a format option on one side, most specific first: {@code <scope><format>.},
   * {@code <format>.}, none. {@code scope} is {@code "value."} (with the value format) or {@code
   * "key."} (with the key format, json): a scoped key applies to its side only, the format's own
   * key to every side of that format, the bare key to both sides.
   */
  static List<String> prefixes(String scope, String format) {
    return List.of(scope + format + ".", format + ".", "");
  }

  /** The value of the first of {@code prefixes} + {@code bare} that is set, or null. */
  static @Nullable String pick(Map<String, String> options, List<String> prefixes, String bare) {
    for (String prefix : prefixes) {
      String v = options.get(prefix + bare);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  /** The first of {@code prefixes} + {@code bare} that is set, for messages. */
  static String keyAsWritten(Map<String, String> options, List<String> prefixes, String bare) {
    for (String prefix : prefixes) {
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
