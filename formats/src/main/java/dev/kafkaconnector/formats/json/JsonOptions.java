package dev.kafkaconnector.formats.json;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;

/**
 * The options of the {@code json} format (keys as in the specification and Flink 1.19's
 * flink-json). The static factories build the same options under another format's prefix, so that
 * the JSON-based changelog formats ({@code debezium-json}, {@code canal-json}, {@code
 * maxwell-json}) declare {@code <format>.ignore-parse-errors}, {@code
 * <format>.timestamp-format.standard}, ... with one definition of their meaning.
 */
public final class JsonOptions {
  private JsonOptions() {}

  /** The prefix of this format's keys. */
  public static final String PREFIX = JsonFormatFactory.IDENTIFIER + ".";

  public static final ConfigOption<Boolean> FAIL_ON_MISSING_FIELD =
      failOnMissingField(JsonFormatFactory.IDENTIFIER);

  public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS =
      ignoreParseErrors(JsonFormatFactory.IDENTIFIER);

  public static final ConfigOption<TimestampFormat> TIMESTAMP_FORMAT =
      timestampFormat(JsonFormatFactory.IDENTIFIER);

  public static final ConfigOption<MapNullKeyMode> MAP_NULL_KEY_MODE =
      mapNullKeyMode(JsonFormatFactory.IDENTIFIER);

  public static final ConfigOption<String> MAP_NULL_KEY_LITERAL =
      mapNullKeyLiteral(JsonFormatFactory.IDENTIFIER);

  public static final ConfigOption<Boolean> ENCODE_DECIMAL_AS_PLAIN_NUMBER =
      encodeDecimalAsPlainNumber(JsonFormatFactory.IDENTIFIER);

  public static final ConfigOption<Boolean> ENCODE_IGNORE_NULL_FIELDS =
      encodeIgnoreNullFields(JsonFormatFactory.IDENTIFIER);

  /** Accepted so that Flink table definitions carry over; it changes nothing here. */
  public static final ConfigOption<Boolean> DECODE_JSON_PARSER_ENABLED =
      ConfigOption.bool(
          PREFIX + "decode.json-parser.enabled",
          true,
          "Accepted for compatibility with Flink table definitions and ignored: this"
              + " implementation always decodes with Jackson's streaming JsonParser.");

  /** All options of the {@code json} format, in documentation order. */
  public static List<ConfigOption<?>> all() {
    List<ConfigOption<?>> all =
        new java.util.ArrayList<>(
            List.of(
                FAIL_ON_MISSING_FIELD,
                IGNORE_PARSE_ERRORS,
                TIMESTAMP_FORMAT,
                MAP_NULL_KEY_MODE,
                MAP_NULL_KEY_LITERAL,
                ENCODE_DECIMAL_AS_PLAIN_NUMBER,
                ENCODE_IGNORE_NULL_FIELDS,
                DECODE_JSON_PARSER_ENABLED));
    // Read by the connector's schema inference, not by the format (see JsonInferenceOptions).
    all.addAll(JsonInferenceOptions.all(PREFIX));
    return List.copyOf(all);
  }

  /** {@code <format>.fail-on-missing-field}. */
  public static ConfigOption<Boolean> failOnMissingField(String format) {
    return ConfigOption.bool(
        format + ".fail-on-missing-field",
        false,
        "Whether a field of the schema that is missing from a message fails the message (true)"
            + " or is set to null (false). Cannot be combined with "
            + format
            + ".ignore-parse-errors.");
  }

  /** {@code <format>.ignore-parse-errors}. */
  public static ConfigOption<Boolean> ignoreParseErrors(String format) {
    return ConfigOption.bool(
        format + ".ignore-parse-errors",
        false,
        "Skip messages that are not valid JSON objects and set fields that cannot be converted to"
            + " their column type to null, instead of failing. Every skipped message and nulled"
            + " field is counted in the counter "
            + format
            + ".ignored-parse-errors.");
  }

  /** {@code <format>.timestamp-format.standard}. */
  public static ConfigOption<TimestampFormat> timestampFormat(String format) {
    return ConfigOption.enumValue(
        format + ".timestamp-format.standard",
        TimestampFormat.class,
        TimestampFormat.SQL,
        "Text form of TIMESTAMP and TIMESTAMP_LTZ values, read and written. 'SQL':"
            + " 'yyyy-MM-dd HH:mm:ss.s{precision}' (for example '2020-12-30 12:13:14.123'),"
            + " TIMESTAMP_LTZ in UTC with a trailing 'Z' ('2020-12-30 12:13:14.123Z'). 'ISO-8601':"
            + " 'yyyy-MM-ddTHH:mm:ss.s{precision}' ('2020-12-30T12:13:14.123', TIMESTAMP_LTZ"
            + " '2020-12-30T12:13:14.123Z').");
  }

  /** {@code <format>.map-null-key.mode}. */
  public static ConfigOption<MapNullKeyMode> mapNullKeyMode(String format) {
    return ConfigOption.enumValue(
        format + ".map-null-key.mode",
        MapNullKeyMode.class,
        MapNullKeyMode.FAIL,
        "What to do when writing a MAP entry whose key is null: 'FAIL' fails the row, 'DROP'"
            + " leaves the entry out, 'LITERAL' writes it under the key given by "
            + format
            + ".map-null-key.literal.");
  }

  /** {@code <format>.map-null-key.literal}. */
  public static ConfigOption<String> mapNullKeyLiteral(String format) {
    return ConfigOption.string(
        format + ".map-null-key.literal",
        "null",
        "The key written for null MAP keys when " + format + ".map-null-key.mode is 'LITERAL'.");
  }

  /** {@code <format>.encode.decimal-as-plain-number}. */
  public static ConfigOption<Boolean> encodeDecimalAsPlainNumber(String format) {
    return ConfigOption.bool(
        format + ".encode.decimal-as-plain-number",
        false,
        "Write DECIMAL values as plain numbers, never in scientific notation (0.000000027"
            + " instead of 2.7E-8).");
  }

  /** {@code <format>.encode.ignore-null-fields}. */
  public static ConfigOption<Boolean> encodeIgnoreNullFields(String format) {
    return ConfigOption.bool(
        format + ".encode.ignore-null-fields",
        false,
        "Leave out fields whose value is null instead of writing them as JSON null.");
  }
}
