package dev.kafkaconnector.formats.cdc;

import dev.kafkaconnector.formats.json.JsonOptions;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.json.JsonWriteSettings;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.List;

/**
 * The options shared by the JSON changelog formats, declared under each format's prefix with the
 * JSON format's definitions ({@link JsonOptions}), plus the append mode.
 */
public final class ChangelogOptions {
  private ChangelogOptions() {}

  /**
   * {@code <format>.ignore-parse-errors}, {@code <format>.timestamp-format.standard}, {@code
   * <format>.map-null-key.mode}, {@code <format>.map-null-key.literal} and {@code
   * <format>.encode.decimal-as-plain-number}, as in Flink 1.19.
   */
  public static List<ConfigOption<?>> json(String format) {
    return List.of(
        ignoreParseErrors(format),
        JsonOptions.timestampFormat(format),
        JsonOptions.mapNullKeyMode(format),
        JsonOptions.mapNullKeyLiteral(format),
        JsonOptions.encodeDecimalAsPlainNumber(format));
  }

  /** {@code <format>.ignore-parse-errors}: for a changelog format, whole messages are skipped. */
  public static ConfigOption<Boolean> ignoreParseErrors(String format) {
    return ConfigOption.bool(
        format + ".ignore-parse-errors",
        false,
        "Skip messages that cannot be decoded (not JSON, not a valid "
            + format
            + " envelope, an unknown change type) and set fields that cannot be converted to their"
            + " column type to null, instead of failing. Every skipped message and nulled field is"
            + " counted in the counter "
            + format
            + ".ignored-parse-errors.");
  }

  /** {@code <format>.source.append-mode}. */
  public static ConfigOption<Boolean> appendMode(String format) {
    return ConfigOption.bool(
        format + ".source.append-mode",
        false,
        "Read the changelog as an append-only stream: only after-images are emitted, all with row"
            + " kind +I (inserts and the new image of updates). Update before-images are left out"
            + " and deletes are dropped by design, counted in the counter "
            + format
            + ".deletes-skipped.");
  }

  /** The JSON read settings of a changelog format (a missing column is null, as in Flink). */
  public static JsonReadSettings readSettings(String format, Configuration options) {
    return new JsonReadSettings(
        format,
        false,
        options.get(ignoreParseErrors(format)),
        options.get(JsonOptions.timestampFormat(format)));
  }

  /** The JSON write settings of a changelog format (null columns are written as JSON null). */
  public static JsonWriteSettings writeSettings(String format, Configuration options) {
    return new JsonWriteSettings(
        format,
        options.get(JsonOptions.timestampFormat(format)),
        options.get(JsonOptions.mapNullKeyMode(format)),
        options.get(JsonOptions.mapNullKeyLiteral(format)),
        options.get(JsonOptions.encodeDecimalAsPlainNumber(format)),
        false);
  }

  /** Parses every declared option that is set, so that a bad value fails naming its key. */
  public static void validate(List<ConfigOption<?>> declared, Configuration options) {
    for (ConfigOption<?> option : declared) {
      options.getOptional(option);
    }
  }
}
