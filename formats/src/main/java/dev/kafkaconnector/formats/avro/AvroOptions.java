package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;

/** The options of the {@code avro} format. */
public final class AvroOptions {
  private AvroOptions() {}

  /** An explicit writer/reader schema instead of the one derived from the columns. */
  public static final ConfigOption<String> SCHEMA =
      ConfigOption.string(
          "avro.schema",
          "Explicit Avro schema (JSON text) of the messages, a record. Without it the schema is"
              + " derived from the columns (record 'record', nullable columns as unions with"
              + " null). Its fields are matched to the columns by name: every column needs a"
              + " field of a compatible type; fields without column are skipped when reading and"
              + " written with their default when writing.");

  /** Flink's switch between the legacy and the correct mapping of timestamps. */
  public static final ConfigOption<Boolean> TIMESTAMP_MAPPING_LEGACY =
      ConfigOption.bool(
          "avro.timestamp_mapping.legacy",
          true,
          "Use the legacy timestamp mapping of Flink before 1.19 when deriving the schema:"
              + " TIMESTAMP and TIMESTAMP_LTZ both map to Avro timestamp-millis. When false,"
              + " TIMESTAMP maps to local-timestamp-micros and TIMESTAMP_LTZ to timestamp-millis.");

  /** All options, in the order of the reference documentation. */
  public static List<ConfigOption<?>> all() {
    return List.of(SCHEMA, TIMESTAMP_MAPPING_LEGACY);
  }
}
