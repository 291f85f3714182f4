package dev.kafkaconnector.schema.infer;

import static java.time.format.DateTimeFormatter.ISO_LOCAL_DATE;
import static java.time.format.DateTimeFormatter.ISO_LOCAL_TIME;

import dev.kafkaconnector.schema.infer.InferredType.Kind;
import java.time.DateTimeException;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Recognizes DATE, TIME, TIMESTAMP and TIMESTAMP_LTZ texts for string-type inference. The
 * formatters are those the json format reads with (the formats module's {@code TemporalText}:
 * Flink's flink-json formatters, resolved strictly), rebuilt here because this module cannot
 * depend on the formats: a text recognized as a type here is one the format reads as that type.
 *
 * <ul>
 *   <li>DATE: {@code yyyy-MM-dd}.
 *   <li>TIME: {@code HH:mm:ss[.f{1,9}]}.
 *   <li>TIMESTAMP: date, the standard's separator (space for SQL, {@code T} for ISO-8601), time.
 *   <li>TIMESTAMP_LTZ: a TIMESTAMP text followed by {@code Z} (UTC), as the format writes it.
 * </ul>
 */
final class TemporalTexts {
  private TemporalTexts() {}

  private static final DateTimeFormatter TIME =
      new DateTimeFormatterBuilder()
          .appendPattern("HH:mm:ss")
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .toFormatter()
          .withResolverStyle(ResolverStyle.STRICT);

  private static final DateTimeFormatter SQL_TIMESTAMP = dateTime(' ', false);
  private static final DateTimeFormatter SQL_TIMESTAMP_LTZ = dateTime(' ', true);
  private static final DateTimeFormatter ISO_TIMESTAMP = dateTime('T', false);
  private static final DateTimeFormatter ISO_TIMESTAMP_LTZ = dateTime('T', true);

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

  /** The temporal kind of {@code text} in {@code standard}, or null when it is none. */
  static @Nullable Kind kindOf(String text, TimestampStandard standard) {
    // Every form is at least 8 characters and starts with a digit: skip the rest cheaply.
    if (text.length() < 8 || !Character.isDigit(text.charAt(0))) {
      return null;
    }
    if (text.length() == 10 && parses(ISO_LOCAL_DATE, text)) {
      return Kind.DATE;
    }
    if (text.charAt(2) == ':') {
      return parses(TIME, text) ? Kind.TIME : null;
    }
    boolean sql = standard == TimestampStandard.SQL;
    if (text.endsWith("Z")) {
      return parses(sql ? SQL_TIMESTAMP_LTZ : ISO_TIMESTAMP_LTZ, text) ? Kind.TIMESTAMP_LTZ : null;
    }
    return parses(sql ? SQL_TIMESTAMP : ISO_TIMESTAMP, text) ? Kind.TIMESTAMP : null;
  }

  private static boolean parses(DateTimeFormatter formatter, String text) {
    try {
      formatter.parse(text);
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }
}
