package dev.kafkaconnector.formats.json;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The {@code json} format: one JSON object per message, its members mapped to the columns by name
 * (Flink 1.19 flink-json semantics; see {@link JsonToRowConverter} and {@link RowToJsonConverter}
 * for the type mapping and {@link JsonOptions} for the options).
 *
 * <p>Where Flink drops or alters data without a trace, this format reports an error instead (which
 * {@code json.ignore-parse-errors} turns into a skipped row or a null field, counted): a null,
 * empty, non-object or JSON-null message, bytes that are not UTF-8, content after the object, a
 * BOOLEAN that is not true/false, a DECIMAL too wide for its precision, an impossible calendar
 * date, and a null in a NOT NULL column. TIME values are written with their fraction of a second
 * (Flink writes whole seconds only).
 */
public final class JsonFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "json";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return JsonOptions.all();
  }

  /** Columns are members of JSON objects, found by name: a projection reads only those. */
  @Override
  public boolean readsColumnsByName() {
    return true;
  }

  @Override
  public RowDecoder createDecoder(Schema schema, FormatContext context) {
    // json offers no format metadata: this names any requested key in a clear error.
    ProducedSchema.of(schema, this, context.metadataKeys());
    validate(context);
    JsonReadSettings settings = JsonReadSettings.from(IDENTIFIER, context.options());
    return new JsonDecoder(new JsonToRowConverter(schema, settings));
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    validate(context);
    JsonWriteSettings settings = JsonWriteSettings.from(IDENTIFIER, context.options());
    return new JsonEncoder(new RowToJsonConverter(schema, settings));
  }

  /** Parses every option that is set, so that a bad value fails naming its key on either side. */
  private void validate(FormatContext context) {
    for (ConfigOption<?> option : options()) {
      context.options().getOptional(option);
    }
  }
}
