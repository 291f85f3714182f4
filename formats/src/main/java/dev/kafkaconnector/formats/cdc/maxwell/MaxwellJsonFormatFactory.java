package dev.kafkaconnector.formats.cdc.maxwell;

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
 * The {@code maxwell-json} changelog format: Maxwell's JSON messages (one row per message), with
 * Flink 1.19's semantics (see {@link MaxwellJsonDecoder} and {@link MaxwellJsonEncoder}) and the
 * JSON format's type mapping. Rows carry their change kind in the {@code row-kind} metadata; {@code
 * maxwell-json.source.append-mode} reads the changelog as inserts only.
 */
public final class MaxwellJsonFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "maxwell-json";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return MaxwellJsonOptions.all();
  }

  @Override
  public List<FormatMetadata> readableMetadata() {
    return MaxwellMetadata.readable();
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
    return new MaxwellJsonDecoder(
        new JsonToRowConverter(schema, settings),
        produced,
        context.metadataKeys(),
        options.get(MaxwellJsonOptions.APPEND_MODE));
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    Configuration options = context.options();
    ChangelogOptions.validate(options(), options);
    return new MaxwellJsonEncoder(schema, ChangelogOptions.writeSettings(IDENTIFIER, options));
  }
}
