package dev.kafkaconnector.io.cdc.source;

import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.keyAsWritten;
import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.pick;
import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.prefixes;

import dev.kafkaconnector.formats.json.JsonInferenceOptions;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.io.common.DuplicateFieldStrategy;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import dev.kafkaconnector.schema.infer.TimestampStandard;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The {@code infer-schema.*} settings of each side of a change record, as the spec's YAML connector
 * scopes them: the value side reads {@code value.<value format>.X}, then {@code <value format>.X};
 * the key side (key format json) reads {@code key.json.X}, then {@code json.X}; both then read the
 * connector's {@code X}, then the default. So {@code key.json.*} applies to the key only, {@code
 * value.json.*} and the value format's own keys ({@code debezium-json.*}, {@code canal-json.*}) to
 * the value only, and {@code json.*} to every json side.
 *
 * <p>Fixed types ({@code infer-schema.fixed-types}) name a side's members as the format reads them;
 * they apply to the column that member becomes, under {@code key.fields-prefix} / {@code
 * value.fields-prefix}.
 */
final class SideInference {
  private SideInference() {}

  /** The settings of one side. */
  record Side(InferenceSettings inference, boolean flattenNested) implements java.io.Serializable {}

  /** The value side: {@code value.<format>.}, {@code <format>.}, none. */
  static Side value(Map<String, String> options, String format, JsonReadSettings read) {
    return side(options, prefixes("value.", format), read);
  }

  /** The key side, whose format is json: {@code key.json.}, {@code json.}, none. */
  static Side key(Map<String, String> options, JsonReadSettings read) {
    return side(options, prefixes("key.", "json"), read);
  }

  /**
   * The settings the given prefixes (most specific first) select. TIMESTAMP texts are recognized in
   * {@code read}'s standard (the value format's, whose converter reads the whole row).
   *
   * @throws IllegalArgumentException naming the key as written when a value is not valid
   */
  static Side side(Map<String, String> options, List<String> prefixes, JsonReadSettings read) {
    InferenceSettings s =
        InferenceSettings.defaults()
            .withPrimitiveAsString(
                bool(options, prefixes, JsonInferenceOptions.primitiveAsString("")))
            .withStringTypeInference(
                bool(options, prefixes, JsonInferenceOptions.stringTypeInference("")))
            .withTimestampStandard(
                read.timestampFormat().toString().equals("ISO-8601")
                    ? TimestampStandard.ISO_8601
                    : TimestampStandard.SQL);
    String fixedKey = JsonInferenceOptions.fixedTypes("").key();
    String fixed = pick(options, prefixes, fixedKey);
    if (fixed != null) {
      s = s.withFixedTypes(keyAsWritten(options, prefixes, fixedKey), fixed);
    }
    boolean flatten = bool(options, prefixes, JsonInferenceOptions.flattenNestedColumns(""));
    return new Side(s, flatten);
  }

  /**
   * The fixed-type columns of the whole row: the value side's under {@code valuePrefix}, then the
   * key side's under {@code keyPrefix} (a column both sides fix takes the key's type with {@code
   * PREFER_KEY}, the value's otherwise).
   */
  static Schema fixedColumns(
      Side value,
      String valuePrefix,
      Side key,
      String keyPrefix,
      boolean keyJson,
      DuplicateFieldStrategy duplicates) {
    Map<String, Schema.Field> columns = new java.util.LinkedHashMap<>();
    for (Schema.Field f : value.inference().fixedTypes().getFields()) {
      columns.put(valuePrefix + f.getName(), f.withName(valuePrefix + f.getName()));
    }
    if (keyJson) {
      for (Schema.Field f : key.inference().fixedTypes().getFields()) {
        String name = keyPrefix + f.getName();
        if (!columns.containsKey(name) || duplicates == DuplicateFieldStrategy.PREFER_KEY) {
          columns.put(name, f.withName(name));
        }
      }
    }
    return Schema.builder().addFields(List.copyOf(columns.values())).build();
  }

  /** The boolean of the first spelling set, or the option's default; a bad value names the key. */
  private static boolean bool(
      Map<String, String> options, List<String> prefixes, ConfigOption<Boolean> bare) {
    String v = pick(options, prefixes, bare.key());
    if (v == null) {
      return bare.defaultValue().orElse(false);
    }
    String t = v.trim().toLowerCase(Locale.ROOT);
    if (!t.equals("true") && !t.equals("false")) {
      throw new IllegalArgumentException(
          "Invalid value '"
              + v
              + "' for option '"
              + keyAsWritten(options, prefixes, bare.key())
              + "' (expected true or false)");
    }
    return Boolean.parseBoolean(t);
  }
}
