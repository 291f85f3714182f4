package dev.kafkaconnector.formats.cdc.canal;

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
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The {@code canal-json} changelog format: Canal's JSON messages (several rows per message, values
 * often as strings), with Flink 1.19's semantics (see {@link CanalJsonDecoder} and {@link
 * CanalJsonEncoder}) and the JSON format's type mapping. Rows carry their change kind in the {@code
 * row-kind} metadata; {@code canal-json.source.append-mode} reads the changelog as inserts only.
 */
public final class CanalJsonFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "canal-json";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return CanalJsonOptions.all();
  }

  @Override
  public List<FormatMetadata> readableMetadata() {
    return CanalMetadata.readable();
  }

  @Override
  public List<FormatMetadata> writableMetadata() {
    return CanalMetadata.writable();
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
    return new CanalJsonDecoder(
        new JsonToRowConverter(schema, settings),
        produced,
        context.metadataKeys(),
        pattern(options, CanalJsonOptions.DATABASE_INCLUDE),
        pattern(options, CanalJsonOptions.TABLE_INCLUDE),
        options.get(CanalJsonOptions.APPEND_MODE));
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    Configuration options = context.options();
    ChangelogOptions.validate(options(), options);
    return new CanalJsonEncoder(
        schema,
        ChangelogOptions.writeSettings(IDENTIFIER, options),
        options.get(CanalJsonOptions.KEEP_CHANGED_FIELDS_ONLY));
  }

  private static Pattern pattern(Configuration options, ConfigOption<String> option) {
    String value = options.get(option);
    return value == null ? null : CanalJsonOptions.pattern(option, value);
  }
}
