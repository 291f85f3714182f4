package dev.kafkaconnector.io.sql.expressions;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Date;
import java.util.TimeZone;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What Flink's time functions compute, called by the code Calcite compiles for {@link
 * FlinkFunctions}; values in Calcite's representation (TIMESTAMP and TIMESTAMP_LTZ as epoch
 * milliseconds, a TIMESTAMP's wall-clock time read as UTC). The session time zone is the one the
 * expressions are compiled with, never the JVM's. Null in gives null out. Public only because the
 * generated code calls it.
 */
public final class FlinkTimeFunctions {
  /** Flink's default pattern of TO_TIMESTAMP, FROM_UNIXTIME, UNIX_TIMESTAMP and DATE_FORMAT. */
  static final String DEFAULT_FORMAT = "yyyy-MM-dd HH:mm:ss";

  /** The first and last millisecond Flink's timestamps hold: years 0000 to 9999, UTC. */
  private static final long MIN_MILLIS = -62167219200000L;

  private static final long MAX_MILLIS = 253402300799999L;

  /** TO_TIMESTAMP(string) without a format: 'yyyy-M-d', then optionally ' H:m:s[.fraction]'. */
  private static final DateTimeFormatter DEFAULT_TIMESTAMP =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-[MM][M]-[dd][d]")
          .optionalStart()
          .appendPattern(" [HH][H]:[mm][m]:[ss][s]")
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .toFormatter();

  private FlinkTimeFunctions() {}

  /**
   * TO_TIMESTAMP_LTZ(numeric, precision): epoch seconds (precision 0) or milliseconds (3) as an
   * instant; null outside years 0000 to 9999.
   *
   * @throws IllegalArgumentException for another precision
   */
  public static @Nullable Long toTimestampLtz(@Nullable Object value, @Nullable Object precision) {
    if (value == null || precision == null) {
      return null;
    }
    int p = ((Number) precision).intValue();
    if (p != 0 && p != 3) {
      throw new IllegalArgumentException(
          "The precision value '"
              + p
              + "' for function TO_TIMESTAMP_LTZ(numeric, precision) is unsupported, the supported"
              + " value is '0' for second or '3' for millisecond.");
    }
    long millis;
    if (value instanceof BigDecimal decimal) {
      long whole = decimal.setScale(0, RoundingMode.DOWN).longValue();
      millis = p == 0 ? whole * 1000L : whole;
    } else if (value instanceof Double || value instanceof Float) {
      double v = ((Number) value).doubleValue();
      if (p == 0 && (v < MIN_MILLIS / 1000 || v > MAX_MILLIS / 1000)) {
        return null;
      }
      millis = p == 0 ? (long) (v * 1000L) : (long) v;
    } else {
      long v = ((Number) value).longValue();
      if (p == 0 && (v < MIN_MILLIS / 1000 || v > MAX_MILLIS / 1000)) {
        return null;
      }
      millis = p == 0 ? v * 1000L : v;
    }
    return millis < MIN_MILLIS || millis > MAX_MILLIS ? null : millis;
  }

  /**
   * TO_TIMESTAMP(string): 'yyyy-M-d[ H:m:s[.fraction]]' as a TIMESTAMP(3); null if it does not
   * parse.
   */
  public static @Nullable Long toTimestamp(@Nullable Object text) {
    if (text == null) {
      return null;
    }
    try {
      return millis(complete(DEFAULT_TIMESTAMP.parse(text.toString())));
    } catch (DateTimeException e) {
      return null;
    }
  }

  /**
   * TO_TIMESTAMP(string, format): parsed with the pattern (java.time's {@code DateTimeFormatter},
   * as Flink does), missing fields 1970-01-01 00:00:00; else, as Flink falls back, the trimmed text
   * as 'yyyy-M-d[ H:m:s[.fraction]]'; null if nothing parses.
   */
  public static @Nullable Long toTimestamp(@Nullable Object text, @Nullable Object format) {
    if (text == null || format == null) {
      return null;
    }
    try {
      return millis(complete(pattern(format.toString()).parse(text.toString())));
    } catch (DateTimeException e) {
      return toTimestamp(text.toString().trim());
    }
  }

  /** FROM_UNIXTIME(numeric[, format]): epoch seconds as text in the session time zone. */
  public static @Nullable String fromUnixtime(@Nullable Object seconds, @Nullable Object zone) {
    return fromUnixtime(seconds, DEFAULT_FORMAT, zone);
  }

  /** FROM_UNIXTIME(numeric, format), the format a {@code SimpleDateFormat} pattern as in Flink. */
  public static @Nullable String fromUnixtime(
      @Nullable Object seconds, @Nullable Object format, @Nullable Object zone) {
    if (seconds == null || format == null) {
      return null;
    }
    long s =
        seconds instanceof BigDecimal d
            ? d.setScale(0, RoundingMode.DOWN).longValue()
            : ((Number) seconds).longValue();
    return simple(format.toString(), zone).format(new Date(s * 1000L));
  }

  /** UNIX_TIMESTAMP(): the current epoch second. */
  public static Long unixTimestamp() {
    return System.currentTimeMillis() / 1000L;
  }

  /** UNIX_TIMESTAMP(string): {@link #unixTimestamp(Object, Object, Object)} with the default. */
  public static @Nullable Long unixTimestamp(@Nullable Object text, @Nullable Object zone) {
    return unixTimestamp(text, DEFAULT_FORMAT, zone);
  }

  /**
   * UNIX_TIMESTAMP(string, format): the epoch second of the text read with the {@code
   * SimpleDateFormat} pattern in the session time zone (a zone in the text wins); Long.MIN_VALUE
   * when it does not parse, as in Flink.
   */
  public static @Nullable Long unixTimestamp(
      @Nullable Object text, @Nullable Object format, @Nullable Object zone) {
    if (text == null || format == null) {
      return null;
    }
    try {
      return simple(format.toString(), zone).parse(text.toString()).getTime() / 1000L;
    } catch (ParseException e) {
      return Long.MIN_VALUE;
    }
  }

  /** DATE_FORMAT(timestamp, format): the TIMESTAMP's wall-clock time with the pattern. */
  public static @Nullable String dateFormatTimestamp(
      @Nullable Object millis, @Nullable Object format) {
    if (millis == null || format == null) {
      return null;
    }
    return local((Long) millis, ZoneOffset.UTC).format(pattern(format.toString()));
  }

  /** DATE_FORMAT(timestamp_ltz, format): the instant in the session time zone, with the pattern. */
  public static @Nullable String dateFormatInstant(
      @Nullable Object millis, @Nullable Object format, @Nullable Object zone) {
    if (millis == null || format == null) {
      return null;
    }
    return local((Long) millis, ((TimeZone) zone).toZoneId()).format(pattern(format.toString()));
  }

  /**
   * DATE_FORMAT(string, format): text in 'yyyy-MM-dd HH:mm:ss' rewritten with the {@code
   * SimpleDateFormat} pattern; null when it does not parse.
   */
  public static @Nullable String dateFormatText(
      @Nullable Object text, @Nullable Object format, @Nullable Object zone) {
    if (text == null || format == null) {
      return null;
    }
    try {
      Date parsed = simple(DEFAULT_FORMAT, zone).parse(text.toString());
      return simple(format.toString(), zone).format(parsed);
    } catch (ParseException e) {
      return null;
    }
  }

  private static LocalDateTime local(long millis, java.time.ZoneId zone) {
    return LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), zone);
  }

  /**
   * The formatter of {@code format}, made per call: no static cache, so nothing of a job (its class
   * loader, its patterns) stays in a TaskManager's threads after the job.
   */
  private static DateTimeFormatter pattern(String format) {
    return DateTimeFormatter.ofPattern(format);
  }

  /** A {@code SimpleDateFormat} for {@code format}, set to {@code zone}, made per call. */
  private static SimpleDateFormat simple(String format, @Nullable Object zone) {
    SimpleDateFormat f = new SimpleDateFormat(format);
    f.setTimeZone(zone == null ? TimeZone.getTimeZone("UTC") : (TimeZone) zone);
    return f;
  }

  /** The parsed fields, those missing as in 1970-01-01 00:00:00, to the millisecond. */
  private static LocalDateTime complete(TemporalAccessor parsed) {
    LocalDate date =
        LocalDate.of(
            field(parsed, ChronoField.YEAR, 1970),
            field(parsed, ChronoField.MONTH_OF_YEAR, 1),
            field(parsed, ChronoField.DAY_OF_MONTH, 1));
    int nanos = field(parsed, ChronoField.NANO_OF_SECOND, 0);
    LocalTime time =
        LocalTime.of(
            field(parsed, ChronoField.HOUR_OF_DAY, 0),
            field(parsed, ChronoField.MINUTE_OF_HOUR, 0),
            field(parsed, ChronoField.SECOND_OF_MINUTE, 0),
            nanos - nanos % 1_000_000);
    return LocalDateTime.of(date, time);
  }

  private static int field(TemporalAccessor parsed, ChronoField field, int otherwise) {
    return parsed.isSupported(field) ? parsed.get(field) : otherwise;
  }

  private static long millis(LocalDateTime local) {
    LocalDateTime truncated = local.withNano(local.getNano() - local.getNano() % 1_000_000);
    return truncated.toInstant(ZoneOffset.UTC).toEpochMilli();
  }
}
