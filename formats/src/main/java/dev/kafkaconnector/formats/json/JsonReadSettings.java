package dev.kafkaconnector.formats.json;

import dev.kafkaconnector.formats.options.Configuration;
import java.io.Serializable;
import java.util.Objects;

/**
 * How JSON is turned into rows: what {@link JsonToRowConverter} needs from a format's options.
 *
 * @param format the format's identifier, used in {@link dev.kafkaconnector.formats.FormatException}
 *     messages and for the {@link dev.kafkaconnector.formats.IgnoredParseErrors} counter
 * @param failOnMissingField a field of the schema missing from an object is an error (else null)
 * @param ignoreParseErrors a value that cannot be converted becomes null and is counted, instead of
 *     failing the message (Flink's behaviour; a null in a NOT NULL field fails the nearest nullable
 *     enclosing value instead, ultimately the message)
 * @param timestampFormat the text form of TIMESTAMP and TIMESTAMP_LTZ values
 */
public record JsonReadSettings(
    String format,
    boolean failOnMissingField,
    boolean ignoreParseErrors,
    TimestampFormat timestampFormat)
    implements Serializable {

  public JsonReadSettings {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(timestampFormat, "timestampFormat");
  }

  /**
   * Reads {@code <format>.fail-on-missing-field}, {@code <format>.ignore-parse-errors} and {@code
   * <format>.timestamp-format.standard} (absent keys take their defaults).
   *
   * @throws IllegalArgumentException when a value is malformed or both boolean options are true (as
   *     in Flink, a message cannot both fail on and ignore a missing field)
   */
  public static JsonReadSettings from(String format, Configuration options) {
    boolean failOnMissing = options.get(JsonOptions.failOnMissingField(format));
    boolean ignore = options.get(JsonOptions.ignoreParseErrors(format));
    if (failOnMissing && ignore) {
      throw new IllegalArgumentException(
          "Options '"
              + format
              + ".fail-on-missing-field' and '"
              + format
              + ".ignore-parse-errors' cannot both be true: a missing field would have to fail"
              + " and be ignored at the same time.");
    }
    return new JsonReadSettings(
        format, failOnMissing, ignore, options.get(JsonOptions.timestampFormat(format)));
  }
}
