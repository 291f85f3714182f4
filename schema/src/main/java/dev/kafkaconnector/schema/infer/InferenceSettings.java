package dev.kafkaconnector.schema.infer;

import dev.kafkaconnector.schema.SqlType;
import java.io.Serializable;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;

/**
 * How JSON documents become a schema: the {@code infer-schema.*} options of the spec, plus whether
 * columns are nullable. Immutable; start from {@link #defaults()}.
 *
 * @param primitiveAsString {@code infer-schema.primitive-as-string}: every number and boolean is
 *     STRING (and no string-type inference happens)
 * @param flattenNestedColumns {@code infer-schema.flatten-nested-columns.enable}: nested objects
 *     become columns named by their path ({@code nested.col}); when false a nested object is one
 *     STRING column holding its JSON text. Arrays are STRING columns with their JSON text either
 *     way.
 * @param stringTypeInference {@code infer-schema.string-type-inference}: a string column whose
 *     every sampled value is a DATE / TIME / TIMESTAMP / TIMESTAMP_LTZ text becomes that type
 * @param timestampStandard {@code timestamp-format.standard}: the TIMESTAMP text recognized
 * @param fixedTypes {@code infer-schema.fixed-types}: columns that keep the given type whatever the
 *     sample holds (and exist even when the sample lacks them); an empty schema for none
 * @param parseKeyErrorFieldName {@code infer-schema.parse-key-error.field-name}: the name (after
 *     the key prefix) of the BYTES column that holds keys that are not JSON objects
 * @param allNullable whether every inferred column is nullable (the default). When false, a column
 *     is NOT NULL if it was present and non-null in every sampled document.
 */
public record InferenceSettings(
    boolean primitiveAsString,
    boolean flattenNestedColumns,
    boolean stringTypeInference,
    TimestampStandard timestampStandard,
    Schema fixedTypes,
    String parseKeyErrorFieldName,
    boolean allNullable)
    implements Serializable {

  /** The default name of the raw-key column, after the key prefix: {@code col}. */
  public static final String DEFAULT_PARSE_KEY_ERROR_FIELD_NAME = "col";

  public InferenceSettings {
    Objects.requireNonNull(timestampStandard, "timestampStandard");
    Objects.requireNonNull(fixedTypes, "fixedTypes");
    Objects.requireNonNull(parseKeyErrorFieldName, "parseKeyErrorFieldName");
  }

  /** The spec's defaults: nothing as string, no flattening, string-type inference, SQL. */
  public static InferenceSettings defaults() {
    return new InferenceSettings(
        false,
        false,
        true,
        TimestampStandard.SQL,
        Schema.builder().build(),
        DEFAULT_PARSE_KEY_ERROR_FIELD_NAME,
        true);
  }

  public InferenceSettings withPrimitiveAsString(boolean value) {
    return new InferenceSettings(
        value,
        flattenNestedColumns,
        stringTypeInference,
        timestampStandard,
        fixedTypes,
        parseKeyErrorFieldName,
        allNullable);
  }

  public InferenceSettings withFlattenNestedColumns(boolean value) {
    return new InferenceSettings(
        primitiveAsString,
        value,
        stringTypeInference,
        timestampStandard,
        fixedTypes,
        parseKeyErrorFieldName,
        allNullable);
  }

  public InferenceSettings withStringTypeInference(boolean value) {
    return new InferenceSettings(
        primitiveAsString,
        flattenNestedColumns,
        value,
        timestampStandard,
        fixedTypes,
        parseKeyErrorFieldName,
        allNullable);
  }

  public InferenceSettings withTimestampStandard(TimestampStandard value) {
    return new InferenceSettings(
        primitiveAsString,
        flattenNestedColumns,
        stringTypeInference,
        value,
        fixedTypes,
        parseKeyErrorFieldName,
        allNullable);
  }

  public InferenceSettings withFixedTypes(Schema value) {
    return new InferenceSettings(
        primitiveAsString,
        flattenNestedColumns,
        stringTypeInference,
        timestampStandard,
        value,
        parseKeyErrorFieldName,
        allNullable);
  }

  /**
   * The fixed types from their option text, {@code id BIGINT, name VARCHAR(10)} (see {@link
   * SqlType#parseColumns}).
   *
   * @param key the option key, for the error message
   * @throws IllegalArgumentException naming the key and where the text stops making sense
   */
  public InferenceSettings withFixedTypes(String key, String columns) {
    if (columns == null || columns.isBlank()) {
      return withFixedTypes(Schema.builder().build());
    }
    try {
      return withFixedTypes(SqlType.parseColumns(columns));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '" + key + "' (expected 'name TYPE, ...'): " + e.getMessage(),
          e);
    }
  }

  public InferenceSettings withParseKeyErrorFieldName(String value) {
    return new InferenceSettings(
        primitiveAsString,
        flattenNestedColumns,
        stringTypeInference,
        timestampStandard,
        fixedTypes,
        value,
        allNullable);
  }

  public InferenceSettings withAllNullable(boolean value) {
    return new InferenceSettings(
        primitiveAsString,
        flattenNestedColumns,
        stringTypeInference,
        timestampStandard,
        fixedTypes,
        parseKeyErrorFieldName,
        value);
  }
}
