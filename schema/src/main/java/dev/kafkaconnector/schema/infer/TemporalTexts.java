package dev.kafkaconnector.schema.infer;

import static java.time.format.DateTimeFormatter.ISO_LOCAL_DATE;

import dev.kafkaconnector.schema.TemporalFormatters;
import dev.kafkaconnector.schema.infer.InferredType.Kind;
import java.time.DateTimeException;
import java.time.format.DateTimeFormatter;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Recognizes DATE, TIME, TIMESTAMP and TIMESTAMP_LTZ texts for string-type inference, with the
 * {@link TemporalFormatters} the json format reads with: a text recognized as a type here is one
 * the format reads as that type.
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
      return parses(TemporalFormatters.TIME, text) ? Kind.TIME : null;
    }
    boolean sql = standard == TimestampStandard.SQL;
    if (text.endsWith("Z")) {
      return parses(TemporalFormatters.timestamp(sql ? ' ' : 'T', true), text)
          ? Kind.TIMESTAMP_LTZ
          : null;
    }
    return parses(TemporalFormatters.timestamp(sql ? ' ' : 'T', false), text)
        ? Kind.TIMESTAMP
        : null;
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
