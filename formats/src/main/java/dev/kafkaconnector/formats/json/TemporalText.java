package dev.kafkaconnector.formats.json;

import static java.time.format.DateTimeFormatter.ISO_LOCAL_DATE;

import dev.kafkaconnector.formats.text.FastTemporal;
import dev.kafkaconnector.schema.TemporalFormatters;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;

/**
 * The text forms of DATE, TIME and TIMESTAMP used by the JSON formats. The canonical shapes ({@code
 * yyyy-MM-dd}, {@code HH:mm:ss[.f{1,9}]}) are parsed and written by hand because {@link
 * DateTimeFormatter} costs about a microsecond and several objects per value; every other input
 * goes to the formatters Flink's flink-json uses, with one difference: they resolve strictly, so an
 * impossible date such as {@code 2021-02-29 00:00:00} is an error (Flink's lenient resolver would
 * silently read it as February 28).
 */
final class TemporalText {
  private TemporalText() {}

  static final DateTimeFormatter SQL_TIME = TemporalFormatters.TIME;

  private static final int[] POW10 = {
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
  };

  private static DateTimeFormatter formatter(char separator, boolean zulu) {
    return TemporalFormatters.timestamp(separator, zulu);
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
    if (end >= 19 && s.charAt(10) == separator && (!zulu || s.charAt(end) == 'Z')) {
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

  private static LocalDate fastDate(String s, int from) {
    return FastTemporal.date(s, from);
  }

  private static LocalTime fastTime(String s, int from, int end) {
    return FastTemporal.time(s, from, end);
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
