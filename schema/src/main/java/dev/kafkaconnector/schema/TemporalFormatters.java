package dev.kafkaconnector.schema;

import static java.time.format.DateTimeFormatter.ISO_LOCAL_DATE;
import static java.time.format.DateTimeFormatter.ISO_LOCAL_TIME;

import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;

/**
 * The text forms of DATE, TIME, TIMESTAMP and TIMESTAMP_LTZ that the JSON formats read and write
 * and that schema inference recognizes, in one place so that a text inferred as a type is one the
 * format reads as that type. They are Flink's flink-json formatters, resolved strictly (an
 * impossible date such as {@code 2021-02-29} is an error, not February 28).
 *
 * <ul>
 *   <li>DATE: {@code yyyy-MM-dd} ({@link DateTimeFormatter#ISO_LOCAL_DATE}).
 *   <li>TIME: {@code HH:mm:ss[.f{1,9}]}.
 *   <li>TIMESTAMP: date, a separator (space for the SQL standard, {@code T} for ISO-8601), time.
 *   <li>TIMESTAMP_LTZ: a TIMESTAMP text followed by {@code Z} (UTC).
 * </ul>
 */
public final class TemporalFormatters {
  private TemporalFormatters() {}

  /** {@code HH:mm:ss} with an optional fraction of one to nine digits. */
  public static final DateTimeFormatter TIME =
      new DateTimeFormatterBuilder()
          .appendPattern("HH:mm:ss")
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .toFormatter()
          .withResolverStyle(ResolverStyle.STRICT);

  private static final DateTimeFormatter SQL_TIMESTAMP = build(' ', false);
  private static final DateTimeFormatter SQL_TIMESTAMP_LTZ = build(' ', true);
  private static final DateTimeFormatter ISO_TIMESTAMP = build('T', false);
  private static final DateTimeFormatter ISO_TIMESTAMP_LTZ = build('T', true);

  /**
   * The TIMESTAMP formatter with {@code separator} between date and time ({@code ' '} for SQL,
   * {@code 'T'} for ISO-8601), followed by {@code Z} when {@code zulu} (TIMESTAMP_LTZ).
   */
  public static DateTimeFormatter timestamp(char separator, boolean zulu) {
    if (separator == ' ') {
      return zulu ? SQL_TIMESTAMP_LTZ : SQL_TIMESTAMP;
    }
    if (separator == 'T') {
      return zulu ? ISO_TIMESTAMP_LTZ : ISO_TIMESTAMP;
    }
    return build(separator, zulu);
  }

  private static DateTimeFormatter build(char separator, boolean zulu) {
    DateTimeFormatterBuilder b =
        new DateTimeFormatterBuilder()
            .append(ISO_LOCAL_DATE)
            .appendLiteral(separator)
            .append(ISO_LOCAL_TIME);
    if (zulu) {
      b.appendLiteral('Z');
    }
    return b.toFormatter().withResolverStyle(ResolverStyle.STRICT);
  }
}
