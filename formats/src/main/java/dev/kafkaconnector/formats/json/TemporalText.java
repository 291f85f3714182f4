package dev.kafkaconnector.formats.json;

import static java.time.format.DateTimeFormatter.ISO_LOCAL_DATE;
import static java.time.format.DateTimeFormatter.ISO_LOCAL_TIME;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;

/**
 * The text forms of DATE, TIME and TIMESTAMP used by the JSON formats. The canonical shapes
 * ({@code yyyy-MM-dd}, {@code HH:mm:ss[.f{1,9}]}) are parsed and written by hand because {@link
 * DateTimeFormatter} costs about a microsecond and several objects per value; every other input
 * goes to the formatters Flink's flink-json uses, with one difference: they resolve strictly, so an
 * impossible date such as {@code 2021-02-29 00:00:00} is an error (Flink's lenient resolver would
 * silently read it as February 28).
 */
final class TemporalText {
  private TemporalText() {}

  static final DateTimeFormatter SQL_TIME =
      new DateTimeFormatterBuilder()
          .appendPattern("HH:mm:ss")
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .toFormatter()
          .withResolverStyle(ResolverStyle.STRICT);

  private static final DateTimeFormatter SQL_TIMESTAMP = dateTime(' ', false);
  private static final DateTimeFormatter SQL_TIMESTAMP_LTZ = dateTime(' ', true);
  private static final DateTimeFormatter ISO_TIMESTAMP = dateTime('T', false);
  private static final DateTimeFormatter ISO_TIMESTAMP_LTZ = dateTime('T', true);

  private static final int[] POW10 = {
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
  };

  private static DateTimeFormatter dateTime(char separator, boolean zulu) {
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

  private static DateTimeFormatter formatter(char separator, boolean zulu) {
    if (separator == ' ') {
      return zulu ? SQL_TIMESTAMP_LTZ : SQL_TIMESTAMP;
    }
    return zulu ? ISO_TIMESTAMP_LTZ : ISO_TIMESTAMP;
  }

  // ---------------------------------------------------------------- parsing

  static LocalDate parseDate(String s) {
    if (s.length() == 10) {
      LocalDate fast = fastDate(s, 0);
      if (fast != null) {
        return fast;
      }
    }
    return ISO_LOCAL_DATE.parse(s, LocalDate::from);
  }

  static LocalTime parseTime(String s) {
    LocalTime fast = fastTime(s, 0, s.length());
    if (fast != null) {
      return fast;
    }
    TemporalAccessor parsed = SQL_TIME.parse(s);
    return parsed.query(TemporalQueries.localTime());
  }

  static LocalDateTime parseDateTime(String s, char separator, boolean zulu) {
    int end = zulu ? s.length() - 1 : s.length();
    if (end >= 19
        && s.charAt(10) == separator
        && (!zulu || s.charAt(end) == 'Z')) {
      LocalDate date = fastDate(s, 0);
      LocalTime time = date == null ? null : fastTime(s, 11, end);
      if (time != null) {
        return LocalDateTime.of(date, time);
      }
    }
    TemporalAccessor parsed = formatter(separator, zulu).parse(s);
    LocalDate date = parsed.query(TemporalQueries.localDate());
    LocalTime time = parsed.query(TemporalQueries.localTime());
    if (date == null || time == null) {
      throw new DateTimeException("Text '" + s + "' is not a complete date and time");
    }
    return LocalDateTime.of(date, time);
  }

  /** {@code yyyy-MM-dd} at {@code from}, or null when the text has another shape or range. */
  private static LocalDate fastDate(String s, int from) {
    int year = digits(s, from, 4);
    int month = digits(s, from + 5, 2);
    int day = digits(s, from + 8, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 28 && !validDay(year, month, day)
        || s.charAt(from + 4) != '-' || s.charAt(from + 7) != '-') {
      return null;
    }
    return LocalDate.of(year, month, day);
  }

  private static boolean validDay(int year, int month, int day) {
    return day <= java.time.YearMonth.of(year, month).lengthOfMonth();
  }

  /** {@code HH:mm:ss[.f{1,9}]} filling {@code [from, end)}, or null otherwise. */
  private static LocalTime fastTime(String s, int from, int end) {
    int length = end - from;
    if (length < 8 || length == 9 || length > 18) {
      return null;
    }
    int hour = digits(s, from, 2);
    int minute = digits(s, from + 3, 2);
    int second = digits(s, from + 6, 2);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59
        || s.charAt(from + 2) != ':' || s.charAt(from + 5) != ':') {
      return null;
    }
    int nano = 0;
    if (length > 8) {
      if (s.charAt(from + 8) != '.') {
        return null;
      }
      int count = length - 9;
      int fraction = digits(s, from + 9, count);
      if (fraction < 0) {
        return null;
      }
      nano = fraction * POW10[9 - count];
    }
    return LocalTime.of(hour, minute, second, nano);
  }

  /** The value of {@code count} decimal digits at {@code from}, or -1 when one is not a digit. */
  private static int digits(String s, int from, int count) {
    if (from + count > s.length()) {
      return -1;
    }
    int value = 0;
    for (int i = from; i < from + count; i++) {
      int d = s.charAt(i) - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      value = value * 10 + d;
    }
    return value;
  }

  // ---------------------------------------------------------------- formatting

  static String formatDate(LocalDate date) {
    if (date.getYear() < 0 || date.getYear() > 9999) {
      return ISO_LOCAL_DATE.format(date);
    }
    StringBuilder b = new StringBuilder(10);
    appendDate(b, date);
    return b.toString();
  }

  static String formatTime(LocalTime time) {
    StringBuilder b = new StringBuilder(18);
    appendTime(b, time);
    return b.toString();
  }

  static String formatDateTime(LocalDateTime value, char separator, boolean zulu) {
    LocalDate date = value.toLocalDate();
    if (date.getYear() < 0 || date.getYear() > 9999) {
      return formatter(separator, zulu).format(value);
    }
    StringBuilder b = new StringBuilder(30);
    appendDate(b, date);
    b.append(separator);
    appendTime(b, value.toLocalTime());
    if (zulu) {
      b.append('Z');
    }
    return b.toString();
  }

  private static void appendDate(StringBuilder b, LocalDate date) {
    pad(b, date.getYear(), 4);
    b.append('-');
    pad(b, date.getMonthValue(), 2);
    b.append('-');
    pad(b, date.getDayOfMonth(), 2);
  }

  private static void appendTime(StringBuilder b, LocalTime time) {
    pad(b, time.getHour(), 2);
    b.append(':');
    pad(b, time.getMinute(), 2);
    b.append(':');
    pad(b, time.getSecond(), 2);
    int nano = time.getNano();
    if (nano != 0) {
      int digits = 9;
      while (nano % 10 == 0) {
        nano /= 10;
        digits--;
      }
      b.append('.');
      pad(b, nano, digits);
    }
  }

  private static void pad(StringBuilder b, int value, int width) {
    for (int p = POW10[width - 1]; p > 1 && value < p; p /= 10) {
      b.append('0');
    }
    b.append(value);
  }
}
