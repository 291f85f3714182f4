package dev.kafkaconnector.schema.infer;

import java.util.Locale;

/**
 * The text form of TIMESTAMP values that string-type inference recognizes: the values of {@code
 * timestamp-format.standard} ({@code json.timestamp-format.standard}), the same standards the json
 * format reads with, so that a column inferred as TIMESTAMP is then readable by the format.
 */
public enum TimestampStandard {
  /** {@code yyyy-MM-dd HH:mm:ss[.fraction]}. */
  SQL("SQL", ' '),
  /** {@code yyyy-MM-ddTHH:mm:ss[.fraction]}. */
  ISO_8601("ISO-8601", 'T');

  private final String text;
  private final char separator;

  TimestampStandard(String text, char separator) {
    this.text = text;
    this.separator = separator;
  }

  /** The character between date and time. */
  public char separator() {
    return separator;
  }

  /**
   * The standard named by an option value ({@code SQL} or {@code ISO-8601}, case-insensitive).
   *
   * @param key the option key, for the error message
   * @throws IllegalArgumentException naming the key and the valid values
   */
  public static TimestampStandard fromOption(String key, String value) {
    String v = value.trim().toUpperCase(Locale.ROOT);
    for (TimestampStandard s : values()) {
      if (s.text.equals(v) || s.name().equals(v)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "Invalid value '" + value + "' for option '" + key + "': expected SQL or ISO-8601");
  }

  @Override
  public String toString() {
    return text;
  }
}
