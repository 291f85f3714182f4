package dev.kafkaconnector.formats.json;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * How the JSON formats write and read TIMESTAMP and TIMESTAMP_LTZ values (option {@code
 * json.timestamp-format.standard}, Flink's {@code TimestampFormat}).
 *
 * <ul>
 *   <li>{@link #SQL}: {@code yyyy-MM-dd HH:mm:ss[.fraction]}, for example {@code 2020-12-30
 *       12:13:14.123}; TIMESTAMP_LTZ adds {@code Z} and is in UTC ({@code 2020-12-30
 *       12:13:14.123Z}).
 *   <li>{@link #ISO_8601}: {@code yyyy-MM-ddTHH:mm:ss[.fraction]}, for example {@code
 *       2020-12-30T12:13:14.123}; TIMESTAMP_LTZ {@code 2020-12-30T12:13:14.123Z}.
 * </ul>
 *
 * <p>The fraction has 0 to 9 digits when read; it is written with as few digits as the value needs
 * (none for whole seconds), as {@link java.time.format.DateTimeFormatter#ISO_LOCAL_TIME} does. DATE
 * ({@code yyyy-MM-dd}) and TIME ({@code HH:mm:ss[.fraction]}) do not depend on the standard; they
 * are here so that all the JSON formats share one implementation of the text forms.
 *
 * <p>Parsing and formatting are strict and allocation-light: the common shapes are handled without
 * {@link java.time.format.DateTimeFormatter}; anything else falls back to the formatters Flink
 * uses, so that both accept exactly the same text.
 */
public enum TimestampFormat {
  SQL("SQL", ' '),
  ISO_8601("ISO-8601", 'T');

  private final String text;
  private final char separator;

  TimestampFormat(String text, char separator) {
    this.text = text;
    this.separator = separator;
  }

  /** The option's value for this standard ({@code SQL} or {@code ISO-8601}). */
  @Override
  public String toString() {
    return text;
  }

  /**
   * Parses a TIMESTAMP (without time zone).
   *
   * @throws java.time.DateTimeException when the text is not in this standard's format
   */
  public LocalDateTime parseTimestamp(String value) {
    return TemporalText.parseDateTime(value, separator, false);
  }

  /**
   * Parses a TIMESTAMP_LTZ written in UTC with a trailing {@code Z}.
   *
   * @throws java.time.DateTimeException when the text is not in this standard's format
   */
  public Instant parseTimestampLtz(String value) {
    return TemporalText.parseDateTime(value, separator, true).toInstant(java.time.ZoneOffset.UTC);
  }

  /**
   * Parses the text of a Beam {@code DATETIME} column: a TIMESTAMP_LTZ with its {@code Z}, or a
   * zone-less TIMESTAMP read as UTC. Beam SQL's {@code TIMESTAMP} columns are {@code DATETIME}s
   * (instants), and their data is usually zone-less text such as {@code 1999-01-12 14:14:14}.
   *
   * @throws java.time.DateTimeException when the text is not in this standard's format
   */
  public Instant parseInstant(String value) {
    boolean zulu = !value.isEmpty() && value.charAt(value.length() - 1) == 'Z';
    return TemporalText.parseDateTime(value, separator, zulu).toInstant(java.time.ZoneOffset.UTC);
  }

  /** Formats a TIMESTAMP (without time zone). */
  public String formatTimestamp(LocalDateTime value) {
    return TemporalText.formatDateTime(value, separator, false);
  }

  /** Formats a TIMESTAMP_LTZ in UTC with a trailing {@code Z}. */
  public String formatTimestampLtz(Instant value) {
    return TemporalText.formatDateTime(
        LocalDateTime.ofEpochSecond(
            value.getEpochSecond(), value.getNano(), java.time.ZoneOffset.UTC),
        separator,
        true);
  }

  /**
   * Parses a DATE ({@code yyyy-MM-dd}).
   *
   * @throws java.time.DateTimeException when the text is not a date
   */
  public static LocalDate parseDate(String value) {
    return TemporalText.parseDate(value);
  }

  /** Formats a DATE ({@code yyyy-MM-dd}). */
  public static String formatDate(LocalDate value) {
    return TemporalText.formatDate(value);
  }

  /**
   * Parses a TIME ({@code HH:mm:ss} with an optional fraction of up to 9 digits).
   *
   * @throws java.time.DateTimeException when the text is not a time
   */
  public static LocalTime parseTime(String value) {
    return TemporalText.parseTime(value);
  }

  /** Formats a TIME ({@code HH:mm:ss}, with a fraction only when it is not zero). */
  public static String formatTime(LocalTime value) {
    return TemporalText.formatTime(value);
  }
}
