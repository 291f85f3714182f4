package dev.kafkaconnector.formats.json;

import dev.kafkaconnector.formats.options.Configuration;
import java.io.Serializable;
import java.util.Objects;

/**
 * How rows are written as JSON: what {@link RowToJsonConverter} needs from a format's options.
 *
 * @param format the format's identifier, for error messages
 * @param timestampFormat the text form of TIMESTAMP and TIMESTAMP_LTZ values
 * @param mapNullKeyMode what to do with a null MAP key
 * @param mapNullKeyLiteral the key written for a null MAP key in {@link MapNullKeyMode#LITERAL}
 * @param decimalAsPlainNumber write DECIMAL values without scientific notation
 * @param ignoreNullFields leave out row fields whose value is null
 */
public record JsonWriteSettings(
    String format,
    TimestampFormat timestampFormat,
    MapNullKeyMode mapNullKeyMode,
    String mapNullKeyLiteral,
    boolean decimalAsPlainNumber,
    boolean ignoreNullFields)
    implements Serializable {

  public JsonWriteSettings {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(timestampFormat, "timestampFormat");
    Objects.requireNonNull(mapNullKeyMode, "mapNullKeyMode");
    Objects.requireNonNull(mapNullKeyLiteral, "mapNullKeyLiteral");
  }

  /**
   * Reads {@code <format>.timestamp-format.standard}, {@code <format>.map-null-key.mode}, {@code
   * <format>.map-null-key.literal}, {@code <format>.encode.decimal-as-plain-number} and {@code
   * <format>.encode.ignore-null-fields} (absent keys take their defaults).
   *
   * @throws IllegalArgumentException when a value is malformed
   */
  public static JsonWriteSettings from(String format, Configuration options) {
    return new JsonWriteSettings(
        format,
        options.get(JsonOptions.timestampFormat(format)),
        options.get(JsonOptions.mapNullKeyMode(format)),
        options.get(JsonOptions.mapNullKeyLiteral(format)),
        options.get(JsonOptions.encodeDecimalAsPlainNumber(format)),
        options.get(JsonOptions.encodeIgnoreNullFields(format)));
  }
}
