package dev.kafkaconnector.formats.options;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The declaration of one option: its key (the spec's key, verbatim), how its text is parsed, its
 * default and its description. Declarations are the single source of truth for validation and for
 * the generated option reference.
 *
 * @param <T> the parsed type of the option's value
 */
public final class ConfigOption<T> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Parses the text of a value; throws {@link IllegalArgumentException} when it is malformed. */
  @FunctionalInterface
  public interface Parser<T> extends Function<String, T>, Serializable {}

  private final String key;
  private final String typeName;
  private final Parser<T> parser;
  private final T defaultValue;
  private final String defaultText;
  private final String description;
  private final boolean secret;

  private ConfigOption(
      String key,
      String typeName,
      Parser<T> parser,
      T defaultValue,
      String defaultText,
      String description,
      boolean secret) {
    this.key = Objects.requireNonNull(key);
    this.typeName = typeName;
    this.parser = parser;
    this.defaultValue = defaultValue;
    this.defaultText = defaultText;
    this.description = description;
    this.secret = secret;
  }

  /** A string option without default. */
  public static ConfigOption<String> string(String key, String description) {
    return new ConfigOption<>(key, "String", s -> s, null, null, description, false);
  }

  /** A string option with a default. */
  public static ConfigOption<String> string(String key, String defaultValue, String description) {
    return new ConfigOption<>(
        key, "String", s -> s, defaultValue, defaultValue, description, false);
  }

  /** A boolean option ({@code true} / {@code false}, case-insensitive). */
  public static ConfigOption<Boolean> bool(String key, boolean defaultValue, String description) {
    return new ConfigOption<>(
        key,
        "Boolean",
        ConfigOption::parseBoolean,
        defaultValue,
        String.valueOf(defaultValue),
        description,
        false);
  }

  /** A long option without default. */
  public static ConfigOption<Long> longValue(String key, String description) {
    return new ConfigOption<>(key, "Long", ConfigOption::parseLong, null, null, description, false);
  }

  /** A long option with a default. */
  public static ConfigOption<Long> longValue(String key, long defaultValue, String description) {
    return new ConfigOption<>(
        key,
        "Long",
        ConfigOption::parseLong,
        defaultValue,
        String.valueOf(defaultValue),
        description,
        false);
  }

  /** An integer option with a default. */
  public static ConfigOption<Integer> intValue(String key, int defaultValue, String description) {
    return new ConfigOption<>(
        key,
        "Integer",
        s -> Math.toIntExact(parseLong(s)),
        defaultValue,
        String.valueOf(defaultValue),
        description,
        false);
  }

  /** A duration option ({@code 5 min}, {@code 300s}, {@code 10m}, {@code 100 ms}, ...). */
  public static ConfigOption<java.time.Duration> duration(
      String key, String defaultText, String description) {
    return new ConfigOption<>(
        key,
        "Duration",
        DurationParser::parse,
        defaultText == null ? null : DurationParser.parse(defaultText),
        defaultText,
        description,
        false);
  }

  /**
   * An option whose value is one of the constants of {@code type}, written as the constant's {@code
   * toString()} (for example {@code earliest-offset}), case-insensitive.
   */
  public static <E extends Enum<E>> ConfigOption<E> enumValue(
      String key, Class<E> type, E defaultValue, String description) {
    E[] constants = type.getEnumConstants();
    Parser<E> parser =
        text -> {
          for (E constant : constants) {
            if (constant.toString().equalsIgnoreCase(text.trim())) {
              return constant;
            }
          }
          throw new IllegalArgumentException(
              "expected one of "
                  + Arrays.stream(constants).map(Object::toString).toList()
                  + " but was '"
                  + text
                  + "'");
        };
    return new ConfigOption<>(
        key,
        "Enum",
        parser,
        defaultValue,
        defaultValue == null ? null : defaultValue.toString(),
        description,
        false);
  }

  /**
   * A family of free keys under {@code prefix} (which ends with a dot), such as {@code
   * avro-confluent.properties.}: its key in the reference is {@code prefix + "*"}, {@link #matches}
   * accepts every key under the prefix, and the values are read with {@link
   * Configuration#withPrefixStripped}. Which of its keys hold secrets is judged by their names.
   */
  public static ConfigOption<String> prefix(String prefix, String description) {
    if (!prefix.endsWith(".")) {
      throw new IllegalArgumentException("a prefix option's prefix ends with '.': " + prefix);
    }
    return new ConfigOption<>(prefix + "*", "Map", s -> s, null, null, description, false);
  }

  /** Whether this declares a family of keys ({@link #prefix}) rather than one key. */
  public boolean isPrefix() {
    return key.endsWith(".*");
  }

  /** Whether {@code candidate} is this option's key, or a key of its family ({@link #prefix}). */
  public boolean matches(String candidate) {
    if (isPrefix()) {
      return candidate.startsWith(key.substring(0, key.length() - 1))
          && candidate.length() > key.length() - 1;
    }
    return key.equals(candidate);
  }

  /** The same option, marked as secret: its value never appears in messages or display data. */
  public ConfigOption<T> secret() {
    return new ConfigOption<>(key, typeName, parser, defaultValue, defaultText, description, true);
  }

  /** A copy of this option under another key (for scoped format options such as key.json.*). */
  public ConfigOption<T> withKey(String newKey) {
    return new ConfigOption<>(
        newKey, typeName, parser, defaultValue, defaultText, description, secret);
  }

  public String key() {
    return key;
  }

  public String typeName() {
    return typeName;
  }

  public Optional<T> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  /** The default as written in the reference documentation, or empty when there is none. */
  public Optional<String> defaultText() {
    return Optional.ofNullable(defaultText);
  }

  public String description() {
    return description;
  }

  public boolean isSecret() {
    return secret;
  }

  /**
   * Parses {@code text} as this option's value.
   *
   * @throws IllegalArgumentException naming the key and what was expected
   */
  public T parse(String text) {
    try {
      return parser.apply(text);
    } catch (RuntimeException e) {
      if (secret) {
        // The parser's message and cause may quote the value: leave both out.
        throw new IllegalArgumentException(
            "Invalid value <hidden> for option '" + key + "' (" + typeName + ")");
      }
      throw new IllegalArgumentException(
          "Invalid value '"
              + text
              + "' for option '"
              + key
              + "' ("
              + typeName
              + "): "
              + e.getMessage(),
          e);
    }
  }

  private static boolean parseBoolean(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("true")) {
      return true;
    }
    if (t.equals("false")) {
      return false;
    }
    throw new IllegalArgumentException("expected 'true' or 'false'");
  }

  private static long parseLong(String text) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected an integer number");
    }
  }

  @Override
  public String toString() {
    return key;
  }
}
