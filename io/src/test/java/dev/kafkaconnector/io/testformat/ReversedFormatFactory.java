package dev.kafkaconnector.io.testformat;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * A format that lives outside the formats module, registered in this test jar's META-INF/services:
 * proves that a user's own format is found and used by the connector.
 */
public final class ReversedFormatFactory implements FormatFactory {
  static final ConfigOption<Boolean> UPPER =
      ConfigOption.bool("reversed.upper-case", false, "Upper-cases the text.");

  @Override
  public String identifier() {
    return "reversed";
  }

  @Override
  public List<ConfigOption<?>> options() {
    return List.of(UPPER);
  }

  @Override
  public RowDecoder createDecoder(Schema schema, FormatContext context) {
    boolean upper = context.options().get(UPPER);
    return (message, out) -> {
      String text =
          new StringBuilder(new String(message, StandardCharsets.UTF_8)).reverse().toString();
      out.collect(Row.withSchema(schema).addValue(upper ? text.toUpperCase() : text).build());
    };
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    return row ->
        new StringBuilder(row.getString(0)).reverse().toString().getBytes(StandardCharsets.UTF_8);
  }
}
