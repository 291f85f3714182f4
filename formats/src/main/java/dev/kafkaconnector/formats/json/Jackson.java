package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The Jackson objects shared by the JSON formats. They are thread-safe once configured, and sharing
 * them shares Jackson's field-name symbol table and buffer recycling across decoders.
 *
 * <p>Limits: strings may be as long as a Kafka message allows (Jackson 2.15 stops at 20M chars by
 * default); nesting stays limited to Jackson's default of 1000 levels, so hostile input fails with
 * a parse error instead of a {@link StackOverflowError}. Unescaped control characters inside
 * strings are accepted, as in Flink.
 */
final class Jackson {
  private Jackson() {}

  static final JsonFactory FACTORY = newFactory();

  /** For streaming and trees whose floats may be read as doubles. */
  static final ObjectMapper MAPPER = new ObjectMapper(FACTORY);

  /** For trees with DECIMAL values: floats are kept as {@link java.math.BigDecimal}. */
  static final ObjectMapper EXACT_MAPPER =
      new ObjectMapper(newFactory()).enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private static JsonFactory newFactory() {
    return JsonFactory.builder()
        .streamReadConstraints(
            StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
        .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
        .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
        .enable(StreamReadFeature.USE_FAST_BIG_NUMBER_PARSER)
        .build();
  }
}
