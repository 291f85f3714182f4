package dev.kafkaconnector.formats.text;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.YearMonth;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Allocation-free readers of the standard date and time shapes ({@code yyyy-MM-dd} and {@code
 * HH:mm:ss[.f{1,9}]}) that text formats try before a {@code DateTimeFormatter}, which costs far
 * more per value. They return null for any other shape or an impossible value, so a caller falls
 * back to its formatter and keeps its exact behaviour and error messages.
 */
public final class FastTemporal {
  private static final int[] POW10 = {
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000
  };

  private FastTemporal() {}

  /** {@code yyyy-MM-dd} at {@code from}, or null when the text has another shape or range. */
  public static @Nullable LocalDate date(String s, int from) {
    if (from + 10 > s.length()) {
      return null;
    }
    int year = digits(s, from, 4);
    int month = digits(s, from + 5, 2);
    int day = digits(s, from + 8, 2);
    if (year < 0
        || month < 1
        || month > 12
        || day < 1
        || day > 28 && day > YearMonth.of(year, month).lengthOfMonth()
        || s.charAt(from + 4) != '-'
        || s.charAt(from + 7) != '-') {
      return null;
    }
    return LocalDate.of(year, month, day);
  }

  /** {@code HH:mm:ss[.f{1,9}]} filling {@code [from, end)}, or null otherwise. */
  public static @Nullable LocalTime time(String s, int from, int end) {
    int length = end - from;
    if (length < 8 || length == 9 || length > 18 || end > s.length()) {
      return null;
    }
    int hour = digits(s, from, 2);
    int minute = digits(s, from + 3, 2);
    int second = digits(s, from + 6, 2);
    if (hour < 0
        || hour > 23
        || minute < 0
        || minute > 59
        || second < 0
        || second > 59
        || s.charAt(from + 2) != ':'
        || s.charAt(from + 5) != ':') {
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
  public static int digits(String s, int from, int count) {
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
}
