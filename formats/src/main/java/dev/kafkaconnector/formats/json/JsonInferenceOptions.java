package dev.kafkaconnector.formats.json;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;

/**
 * The schema-inference options of the spec ({@code infer-schema.*}), declared once for each
 * spelling: the connector's own keys (prefix {@code ""}: {@code infer-schema.primitive-as-string})
 * and the json format's ({@code json.infer-schema.primitive-as-string}, which {@code key.json.} /
 * {@code value.json.} scope to one side, as in the spec's YAML connector). The json format does not
 * read them: the connector's inference does, when a source has no schema.
 */
public final class JsonInferenceOptions {
  private JsonInferenceOptions() {}

  /** The part of the keys after the prefix. */
  public static final String FAMILY = "infer-schema.";

  public static ConfigOption<Boolean> primitiveAsString(String prefix) {
    return ConfigOption.bool(
        prefix + FAMILY + "primitive-as-string",
        false,
        "Schema inference: every number and boolean is inferred as STRING.");
  }

  public static ConfigOption<Boolean> flattenNestedColumns(String prefix) {
    return ConfigOption.bool(
        prefix + FAMILY + "flatten-nested-columns.enable",
        false,
        "Schema inference: nested objects become columns named by their path (the member 'col'"
            + " of {\"nested\": {\"col\": true}} is the column 'nested.col'), recursively. When"
            + " false a nested object is one STRING column holding its JSON text. Arrays are STRING"
            + " columns with their JSON text either way.");
  }

  public static ConfigOption<Boolean> stringTypeInference(String prefix) {
    return ConfigOption.bool(
        prefix + FAMILY + "string-type-inference",
        true,
        "Schema inference: a string column whose every sampled value is a DATE (yyyy-MM-dd), TIME"
            + " (HH:mm:ss[.f]), TIMESTAMP or TIMESTAMP_LTZ (trailing Z) text in the"
            + " json.timestamp-format.standard becomes that type. When false such columns stay"
            + " STRING.");
  }

  public static ConfigOption<String> fixedTypes(String prefix) {
    return ConfigOption.string(
        prefix + FAMILY + "fixed-types",
        "Schema inference: columns that keep the given type whatever the sample holds, for"
            + " example 'id BIGINT, name VARCHAR(10)'; they exist even when no sampled record has"
            + " them (with scan.max.pre.fetch.records 0 the schema is exactly these columns).");
  }

  public static ConfigOption<String> parseKeyErrorFieldName(String prefix) {
    return ConfigOption.string(
        prefix + FAMILY + "parse-key-error.field-name",
        "col",
        "Schema inference with key.format json: when a sampled non-empty key is not a JSON"
            + " object, a BYTES column named key.fields-prefix + this name holds the raw key"
            + " (the __raw_key__ metadata).");
  }

  /** The options under {@code prefix}, in documentation order. */
  public static List<ConfigOption<?>> all(String prefix) {
    return List.of(
        primitiveAsString(prefix),
        flattenNestedColumns(prefix),
        stringTypeInference(prefix),
        fixedTypes(prefix),
        parseKeyErrorFieldName(prefix));
  }
}
