package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.avro.AvroCodecs;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.avro.Schema;

/**
 * The {@code debezium-avro-confluent} format: Debezium change events in Avro with a schema registry
 * (the Confluent wire format), as Debezium's Avro converter writes them and Flink's format of that
 * name reads and writes them. Its options are those of {@code avro-confluent} under its own prefix
 * ({@code debezium-avro-confluent.url}, {@code .subject}, {@code .schema} for the envelope, the
 * credentials and TLS stores); the envelope is resolved per writer schema id as {@code
 * avro-confluent} resolves records. Offers the metadata {@code row-kind}.
 */
public final class DebeziumAvroConfluentFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "debezium-avro-confluent";

  private static final String PREFIX = IDENTIFIER + ".";
  private static final String AVRO_PREFIX = AvroConfluentFormatFactory.IDENTIFIER + ".";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    List<ConfigOption<?>> out = new ArrayList<>();
    for (ConfigOption<?> option : AvroConfluentOptions.all()) {
      out.add(option.withKey(PREFIX + option.key().substring(AVRO_PREFIX.length())));
    }
    return out;
  }

  @Override
  public List<FormatMetadata> readableMetadata() {
    return List.of(FormatMetadata.rowKind());
  }

  @Override
  public boolean readsColumnsByName() {
    return true;
  }

  @Override
  public RowDecoder createDecoder(
      org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    org.apache.beam.sdk.schemas.Schema produced =
        ProducedSchema.of(schema, this, context.metadataKeys());
    FormatContext avro = asAvroConfluent(context);
    return named(
        () ->
            new DebeziumAvroConfluentRowDecoder(
                schema,
                produced,
                context.metadataKeys().contains(FormatMetadata.ROW_KIND),
                envelopeSchema(schema, avro),
                RegistrySettings.of(avro.options())));
  }

  @Override
  public RowEncoder createEncoder(
      org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    org.apache.beam.sdk.schemas.Schema.Builder columns =
        org.apache.beam.sdk.schemas.Schema.builder();
    schema.getFields().stream()
        .filter(f -> !f.getName().equals(FormatMetadata.ROW_KIND))
        .forEach(columns::addField);
    org.apache.beam.sdk.schemas.Schema data = columns.build();
    FormatContext avro = asAvroConfluent(context);
    return named(
        () -> {
          Schema envelope = envelopeSchema(data, avro);
          AvroCodecs.writer(envelope, DebeziumAvroEnvelope.of(data));
          return new DebeziumAvroConfluentRowEncoder(
              schema,
              data,
              envelope,
              AvroConfluentFormatFactory.subject(avro, "write"),
              RegistrySettings.of(avro.options()));
        });
  }

  /** The envelope's Avro schema: {@code debezium-avro-confluent.schema}, or derived. */
  private static Schema envelopeSchema(
      org.apache.beam.sdk.schemas.Schema columns, FormatContext avro) {
    return AvroConfluentFormatFactory.avroSchema(DebeziumAvroEnvelope.of(columns), avro);
  }

  /** The context with this format's keys under {@code avro-confluent.}, the shared code's. */
  private static FormatContext asAvroConfluent(FormatContext context) {
    Map<String, String> options = new HashMap<>();
    context
        .options()
        .toMap()
        .forEach(
            (key, value) ->
                options.put(
                    key.startsWith(PREFIX) ? AVRO_PREFIX + key.substring(PREFIX.length()) : key,
                    value));
    return new FormatContext(Configuration.of(options), context.side(), List.of(), context.topic());
  }

  /** Runs {@code build}, with the shared code's option keys in its messages under this prefix. */
  private static <T> T named(Supplier<T> build) {
    try {
      return build.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          e.getMessage()
              .replace("'" + AVRO_PREFIX, "'" + PREFIX)
              .replace(
                  "Format '" + AvroConfluentFormatFactory.IDENTIFIER + "'",
                  "Format '" + IDENTIFIER + "'"),
          e);
    }
  }
}
