package dev.kafkaconnector.formats.protobuf;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import java.util.function.Supplier;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The {@code protobuf} format: each Kafka key or value is one protobuf message of the generated
 * class named by {@code protobuf.message-class-name}. Columns are matched to the message's fields
 * by name (exactly, as Flink's {@code findFieldByName}); nested messages are ROW columns, repeated
 * fields ARRAY, maps MAP, enums STRING (or an integer column for the number), bytes BYTES.
 */
public final class ProtobufFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "protobuf";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return ProtobufOptions.all();
  }

  @Override
  public RowDecoder createDecoder(Schema schema, FormatContext context) {
    ProducedSchema.of(schema, this, context.metadataKeys());
    String className = messageClassName(context);
    return withColumnErrors(
        () ->
            new ProtobufRowDecoder(
                schema,
                className,
                context.options().get(ProtobufOptions.IGNORE_PARSE_ERRORS),
                context.options().get(ProtobufOptions.READ_DEFAULT_VALUES)));
  }

  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    String className = messageClassName(context);
    String nullString = context.options().get(ProtobufOptions.WRITE_NULL_STRING_LITERAL);
    return withColumnErrors(() -> new ProtobufRowEncoder(schema, className, nullString));
  }

  private static String messageClassName(FormatContext context) {
    String className = context.options().get(ProtobufOptions.MESSAGE_CLASS_NAME);
    if (className == null || className.isBlank()) {
      throw new IllegalArgumentException(
          "Format 'protobuf' needs the option '"
              + ProtobufOptions.MESSAGE_CLASS_NAME.key()
              + "': the binary name of the generated message class, for example"
              + " com.example.proto.UserEventOuterClass$UserEvent");
    }
    ProtobufMessageClass.load(className.trim()); // names the option when the class is unusable
    return className.trim();
  }

  /** Runs {@code constructor} once the class is known to load, so its errors are about columns. */
  private static <T> T withColumnErrors(Supplier<T> constructor) {
    try {
      return constructor.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Format 'protobuf': " + e.getMessage(), e);
    }
  }
}
