package dev.kafkaconnector.formats.json;

/**
 * What the JSON encoders do with a map entry whose key is null, since a JSON object cannot have a
 * null member name (option {@code json.map-null-key.mode}, Flink's semantics).
 */
public enum MapNullKeyMode {
  /** Fail the row with a {@link dev.kafkaconnector.formats.FormatException}. */
  FAIL,
  /** Leave the entry out. */
  DROP,
  /** Write the entry under the literal of {@code json.map-null-key.literal}. */
  LITERAL
}
