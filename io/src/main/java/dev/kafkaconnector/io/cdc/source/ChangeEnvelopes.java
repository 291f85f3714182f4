package dev.kafkaconnector.io.cdc.source;

import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.bool;
import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.pattern;
import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.scoped;

import dev.kafkaconnector.formats.cdc.ChangeEnvelope;
import dev.kafkaconnector.formats.cdc.JsonEnvelope;
import dev.kafkaconnector.formats.cdc.canal.CanalEnvelope;
import dev.kafkaconnector.formats.cdc.canal.CanalJsonOptions;
import dev.kafkaconnector.formats.cdc.canal.CanalTypeStrategy;
import dev.kafkaconnector.formats.cdc.debezium.DebeziumEnvelope;
import dev.kafkaconnector.formats.cdc.debezium.DebeziumJsonOptions;
import dev.kafkaconnector.formats.cdc.maxwell.MaxwellEnvelope;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The {@link ChangeEnvelope} of a change source's value format, made from its options at pipeline
 * construction ({@link ChangeSourceParser}): Debezium, Maxwell, Canal (with its type options) or
 * plain JSON (with the members that name the table). Every error names the option key.
 */
final class ChangeEnvelopes {
  private ChangeEnvelopes() {}

  /** The envelope of {@code format}; {@code value} holds the value format's options. */
  static ChangeEnvelope of(Map<String, String> options, String format, Configuration value) {
    switch (format) {
      case "debezium-json":
        return new DebeziumEnvelope(value.get(DebeziumJsonOptions.SCHEMA_INCLUDE));
      case "maxwell-json":
        return new MaxwellEnvelope();
      case "canal-json":
        return canal(options, value);
      default:
        return json(options);
    }
  }

  private static CanalEnvelope canal(Map<String, String> options, Configuration value) {
    String strategy = scoped(options, "value.", "", ChangeSourceOptions.CANAL_TYPE_STRATEGY);
    CanalTypeStrategy types = CanalTypeStrategy.AUTO;
    if (strategy != null) {
      try {
        types = CanalTypeStrategy.valueOf(strategy.trim().toUpperCase(java.util.Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Invalid value '"
                + strategy
                + "' for option 'canal-json.infer-schema.strategy'"
                + " (expected one of "
                + Arrays.toString(CanalTypeStrategy.values())
                + ")");
      }
    }
    return new CanalEnvelope(
        types,
        bool(options, ChangeSourceOptions.CANAL_TINYINT1_AS_BOOLEAN),
        bool(options, ChangeSourceOptions.CANAL_TIMESTAMP_AS_DATETIME),
        pattern(value, CanalJsonOptions.DATABASE_INCLUDE),
        pattern(value, CanalJsonOptions.TABLE_INCLUDE));
  }

  private static JsonEnvelope json(Map<String, String> options) {
    String fields =
        scoped(options, "value.", "json", ChangeSourceOptions.parserTableIdFields("json"));
    List<String> names = new ArrayList<>();
    if (fields != null) {
      Arrays.stream(fields.split(","))
          .map(String::trim)
          .filter(s -> !s.isEmpty())
          .forEach(names::add);
    }
    return new JsonEnvelope(names);
  }
}
