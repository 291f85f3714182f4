package dev.kafkaconnector.formats.cdc.debezium;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.cdc.ChangelogOptions;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The {@code debezium-json} changelog format: Debezium change events in JSON, with Flink 1.19's
 * semantics (see {@link DebeziumJsonDecoder} and {@link DebeziumJsonEncoder}) and the JSON format's
 * type mapping for the row images. Rows carry their change kind in the {@code row-kind} metadata;
 * {@code debezium-json.source.append-mode} reads the changelog as inserts only.
 */
public final class DebeziumJsonFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "debezium-json";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return DebeziumJsonOptions.all();
  }

  @Override
  public List<FormatMetadata> readableMetadata() {
    return DebeziumMetadata.readable();
  }

  /** Columns are members of JSON objects, found by name: a projection reads only those. */
  @Override
  public boolean readsColumnsByName() {
    return true;
  }

  @Override
  public RowDecoder createDecoder(Schema schema, FormatContext context) {
    Configuration options = context.options();
    ChangelogOptions.validate(options(), options);
    Schema produced = ProducedSchema.of(schema, this, context.metadataKeys());
    JsonReadSettings settings = ChangelogOptions.readSettings(IDENTIFIER, options);
    return new DebeziumJsonDecoder(
        new JsonToRowConverter(schema, settings),
        produced,
        context.metadataKeys(),
        options.get(DebeziumJsonOptions.SCHEMA_INCLUDE),
        options.get(DebeziumJsonOptions.APPEND_MODE));
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    Configuration options = context.options();
    ChangelogOptions.validate(options(), options);
    boolean includeSchema =
        options.get(DebeziumJsonOptions.INCLUDE_SCHEMA_ENABLED)
            || options.get(DebeziumJsonOptions.SCHEMA_INCLUDE);
    return new DebeziumJsonEncoder(
        schema,
        ChangelogOptions.writeSettings(IDENTIFIER, options),
        includeSchema,
        options.get(DebeziumJsonOptions.EMIT_FULL_TABLE_ID_ENABLED));
  }
}
