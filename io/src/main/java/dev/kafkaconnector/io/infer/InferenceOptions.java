package dev.kafkaconnector.io.infer;

import dev.kafkaconnector.formats.json.JsonInferenceOptions;
import dev.kafkaconnector.formats.json.JsonOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import dev.kafkaconnector.schema.infer.TimestampStandard;
import java.util.Optional;

/**
 * The inference settings of one side (key or value) from a source's options. For each setting the
 * most specific spelling wins, as in the spec's YAML connector: {@code value.json.infer-schema.X}
 * (or {@code key.json.infer-schema.X}), then {@code json.infer-schema.X}, then the connector's
 * {@code infer-schema.X}, then the default. TIMESTAMP texts are recognized in the side's {@code
 * json.timestamp-format.standard}, the standard its decoder reads with.
 */
final class InferenceOptions {
  private InferenceOptions() {}

  /**
   * @param sideOptions the side's json options, scope removed ({@link
   *     FormatSelection#valueOptions()} / {@link FormatSelection#keyOptions()})
   * @param connector all options of the source
   */
  static InferenceSettings settings(Configuration sideOptions, Configuration connector) {
    String json = JsonOptions.PREFIX;
    InferenceSettings s =
        InferenceSettings.defaults()
            .withPrimitiveAsString(
                pick(
                    sideOptions,
                    connector,
                    JsonInferenceOptions.primitiveAsString(json),
                    JsonInferenceOptions.primitiveAsString("")))
            .withFlattenNestedColumns(
                pick(
                    sideOptions,
                    connector,
                    JsonInferenceOptions.flattenNestedColumns(json),
                    JsonInferenceOptions.flattenNestedColumns("")))
            .withStringTypeInference(
                pick(
                    sideOptions,
                    connector,
                    JsonInferenceOptions.stringTypeInference(json),
                    JsonInferenceOptions.stringTypeInference("")))
            .withParseKeyErrorFieldName(
                pick(
                    sideOptions,
                    connector,
                    JsonInferenceOptions.parseKeyErrorFieldName(json),
                    JsonInferenceOptions.parseKeyErrorFieldName("")));
    ConfigOption<String> fixedJson = JsonInferenceOptions.fixedTypes(json);
    ConfigOption<String> fixedConnector = JsonInferenceOptions.fixedTypes("");
    Optional<String> fixed = sideOptions.getOptional(fixedJson);
    String fixedKey = fixedJson.key();
    if (fixed.isEmpty()) {
      fixed = connector.getOptional(fixedConnector);
      fixedKey = fixedConnector.key();
    }
    if (fixed.isPresent()) {
      s = s.withFixedTypes(fixedKey, fixed.get());
    }
    TimestampStandard standard =
        sideOptions.get(JsonOptions.TIMESTAMP_FORMAT).toString().equals("ISO-8601")
            ? TimestampStandard.ISO_8601
            : TimestampStandard.SQL;
    return s.withTimestampStandard(standard);
  }

  private static <T> T pick(
      Configuration side, Configuration connector, ConfigOption<T> scoped, ConfigOption<T> plain) {
    return side.getOptional(scoped).orElseGet(() -> connector.get(plain));
  }
}
