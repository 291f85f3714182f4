package dev.kafkaconnector.formats.options;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;

/**
 * Parses durations the way Flink writes them in option values: a number followed by an optional
 * unit, with or without a space ({@code 5 min}, {@code 300s}, {@code 10m}, {@code 1 h}, {@code 250
 * ms}). A number without unit is milliseconds. Negative values are accepted (some options use them
 * to disable a feature).
 */
public final class DurationParser {
  private static final Map<String, ChronoUnit> UNITS =
      Map.ofEntries(
          Map.entry("ns", ChronoUnit.NANOS),
          Map.entry("nano", ChronoUnit.NANOS),
          Map.entry("nanos", ChronoUnit.NANOS),
          Map.entry("nanosecond", ChronoUnit.NANOS),
          Map.entry("nanoseconds", ChronoUnit.NANOS),
          Map.entry("us", ChronoUnit.MICROS),
          Map.entry("µs", ChronoUnit.MICROS),
          Map.entry("micro", ChronoUnit.MICROS),
          Map.entry("micros", ChronoUnit.MICROS),
          Map.entry("microsecond", ChronoUnit.MICROS),
          Map.entry("microseconds", ChronoUnit.MICROS),
          Map.entry("ms", ChronoUnit.MILLIS),
          Map.entry("milli", ChronoUnit.MILLIS),
          Map.entry("millis", ChronoUnit.MILLIS),
          Map.entry("millisecond", ChronoUnit.MILLIS),
          Map.entry("milliseconds", ChronoUnit.MILLIS),
          Map.entry("s", ChronoUnit.SECONDS),
          Map.entry("sec", ChronoUnit.SECONDS),
          Map.entry("secs", ChronoUnit.SECONDS),
          Map.entry("second", ChronoUnit.SECONDS),
          Map.entry("seconds", ChronoUnit.SECONDS),
          Map.entry("m", ChronoUnit.MINUTES),
          Map.entry("min", ChronoUnit.MINUTES),
          Map.entry("mins", ChronoUnit.MINUTES),
          Map.entry("minute", ChronoUnit.MINUTES),
          Map.entry("minutes", ChronoUnit.MINUTES),
          Map.entry("h", ChronoUnit.HOURS),
          Map.entry("hour", ChronoUnit.HOURS),
          Map.entry("hours", ChronoUnit.HOURS),
          Map.entry("d", ChronoUnit.DAYS),
          Map.entry("day", ChronoUnit.DAYS),
          Map.entry("days", ChronoUnit.DAYS));

  private DurationParser() {}

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException when the text is not a number with a known unit
   */
  public static Duration parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    int i = 0;
    if (i < t.length() && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
      i++;
    }
    int digitsStart = i;
    while (i < t.length() && Character.isDigit(t.charAt(i))) {
      i++;
    }
    if (i == digitsStart) {
      throw new IllegalArgumentException(
          "expected a duration like '5 min', '300s' or '10m' but was '" + text + "'");
    }
    long amount;
    try {
      amount = Long.parseLong(t.substring(0, i));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("duration '" + text + "' is out of range");
    }
    String unit = t.substring(i).trim();
    if (unit.isEmpty()) {
      return Duration.ofMillis(amount);
    }
    ChronoUnit chronoUnit = UNITS.get(unit);
    if (chronoUnit == null) {
      throw new IllegalArgumentException(
          "unknown time unit '" + unit + "' in '" + text + "' (use ms, s, min, h or d)");
    }
    try {
      return Duration.of(amount, chronoUnit);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("duration '" + text + "' is out of range");
    }
  }
}
