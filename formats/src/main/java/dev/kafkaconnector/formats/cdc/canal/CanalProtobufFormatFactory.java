package dev.kafkaconnector.formats.cdc.canal;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.cdc.ChangelogOptions;
import dev.kafkaconnector.formats.json.JsonOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The {@code canal-protobuf} format, write only: Canal's binary messages as a Canal server writes
 * them to Kafka with {@code canal.mq.flatMessage = false} (see {@link CanalProtobufEncoder}), the
 * specification's third value format of the data-ingestion Kafka sink ({@code writeChanges()}).
 * Values are written as the text canal-json writes, so its JSON writing options apply ({@code
 * canal-protobuf.timestamp-format.standard}, {@code canal-protobuf.map-null-key.*}, {@code
 * canal-protobuf.encode.decimal-as-plain-number}). Reading it is refused, naming the option.
 */
public final class CanalProtobufFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "canal-protobuf";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return List.of(
        JsonOptions.timestampFormat(IDENTIFIER),
        JsonOptions.mapNullKeyMode(IDENTIFIER),
        JsonOptions.mapNullKeyLiteral(IDENTIFIER),
        JsonOptions.encodeDecimalAsPlainNumber(IDENTIFIER));
  }

  /**
   * Always fails: the format is written only.
   *
   * @throws IllegalArgumentException naming the format option
   */
  @Override
  public RowDecoder createDecoder(Schema schema, FormatContext context) {
    String key = context.side().equals("key") ? "key.format" : "format' / 'value.format";
    throw new IllegalArgumentException(
        "Option '"
            + key
            + "' is '"
            + IDENTIFIER
            + "' ("
            + context.side()
            + "), a format that can only be written, as the value.format of writeChanges():"
            + " it cannot be read");
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    Configuration options = context.options();
    ChangelogOptions.validate(options(), options);
    return new CanalProtobufEncoder(
        schema, ChangelogOptions.writeSettings(IDENTIFIER, options), null);
  }
}
