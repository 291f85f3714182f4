package dev.kafkaconnector.formats.raw;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.nio.charset.Charset;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.TypeName;

/**
 * The {@code raw} format: the whole key or value as one column, either BYTES or STRING decoded with
 * {@code raw.charset}.
 */
public final class RawFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "raw";

  /** The charset of STRING columns. */
  public static final ConfigOption<String> CHARSET =
      ConfigOption.string(
          "raw.charset", "UTF-8", "Charset used to turn the bytes into a STRING column and back.");

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return List.of(CHARSET);
  }

  @Override
  public RowDecoder createDecoder(Schema schema, FormatContext context) {
    return new RawDecoder(schema, checkField(schema), charset(context));
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    return new RawEncoder(checkField(schema), charset(context));
  }

  static Schema.Field checkField(Schema schema) {
    if (schema.getFieldCount() != 1) {
      throw new IllegalArgumentException(
          "Format 'raw' needs exactly one physical column of type BYTES or STRING, but the schema has "
              + schema.getFieldCount()
              + ": "
              + schema.getFieldNames());
    }
    Schema.Field field = schema.getField(0);
    TypeName type = field.getType().getTypeName();
    if (type != TypeName.BYTES && type != TypeName.STRING) {
      throw new IllegalArgumentException(
          "Format 'raw' needs a BYTES or STRING column, but column '"
              + field.getName()
              + "' is "
              + type);
    }
    return field;
  }

  private static Charset charset(FormatContext context) {
    String name = context.options().get(CHARSET);
    try {
      return Charset.forName(name);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Invalid value '" + name + "' for option '" + CHARSET.key() + "': unknown charset", e);
    }
  }
}
