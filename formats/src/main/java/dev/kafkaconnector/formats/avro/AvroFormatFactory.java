package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.Projection;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.avro.Schema;

/**
 * The {@code avro} format: each Kafka key or value is one Avro binary record, without container
 * header or schema-registry prefix, as Flink's {@code avro} format writes it. The Avro schema is
 * derived from the columns (see {@link AvroSchemaDerivation}) unless {@code avro.schema} gives one.
 * A message that is not a record of the schema (truncated, trailing bytes, invalid UTF-8, a union
 * branch or enum index that does not exist, a null for a NOT NULL column, a tombstone) is a {@link
 * dev.kafkaconnector.formats.FormatException} naming the field.
 */
public final class AvroFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "avro";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return AvroOptions.all();
  }

  @Override
  public RowDecoder createDecoder(
      org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    ProducedSchema.of(schema, this, context.metadataKeys());
    return build(schema, context, avro -> new AvroRowDecoder(schema, avro));
  }

  /**
   * Reads the records with the Avro schema of all the columns (the writer's) and skips the fields
   * of unselected columns with Avro's own skipping, without building their values.
   */
  @Override
  public RowDecoder createDecoder(
      org.apache.beam.sdk.schemas.Schema schema,
      org.apache.beam.sdk.schemas.Schema selected,
      FormatContext context) {
    Projection.of(schema, selected);
    ProducedSchema.of(selected, this, context.metadataKeys());
    return build(schema, context, avro -> new AvroRowDecoder(selected, avro));
  }

  @Override
  public RowEncoder createEncoder(
      org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    return build(schema, context, avro -> new AvroRowEncoder(schema, avro));
  }

  /**
   * The Avro schema used for {@code schema}: the parsed {@code avro.schema}, or the derived one.
   *
   * @throws IllegalArgumentException naming the option key or the column
   */
  public static Schema avroSchema(
      org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    Optional<String> explicit = context.options().getOptional(AvroOptions.SCHEMA);
    if (explicit.isPresent()) {
      try {
        return new Schema.Parser().parse(explicit.get());
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "Invalid value for option '"
                + AvroOptions.SCHEMA.key()
                + "': not an Avro schema ("
                + e.getMessage()
                + ")",
            e);
      }
    }
    boolean legacy = context.options().get(AvroOptions.TIMESTAMP_MAPPING_LEGACY);
    try {
      return AvroSchemaDerivation.derive(schema, legacy);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Format 'avro': " + e.getMessage(), e);
    }
  }

  private static <T> T build(
      org.apache.beam.sdk.schemas.Schema schema,
      FormatContext context,
      Function<Schema, T> constructor) {
    Schema avro = avroSchema(schema, context);
    try {
      return constructor.apply(avro);
    } catch (IllegalArgumentException e) {
      if (context.options().contains(AvroOptions.SCHEMA)) {
        throw new IllegalArgumentException(
            "Invalid value for option '" + AvroOptions.SCHEMA.key() + "': " + e.getMessage(), e);
      }
      throw new IllegalArgumentException("Format 'avro': " + e.getMessage(), e);
    }
  }
}
