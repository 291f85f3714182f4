package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.NoDeclaredSchemaException;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.avro.AvroCodecs;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import java.util.Optional;
import org.apache.avro.Schema;

/**
 * The {@code avro-confluent} format: Avro records in the Confluent wire format (a zero magic byte,
 * the 4-byte big-endian id of the writer's schema in a schema registry, then the Avro binary
 * record), as Flink's {@code avro-confluent} format and Confluent's serializers write them.
 *
 * <p>Reading fetches each writer schema by its id once and resolves it against the reader's schema
 * (the columns', or {@code avro-confluent.schema}) as Avro schema resolution does. Writing
 * registers the schema (derived from the columns, or {@code avro-confluent.schema}) under the
 * subject once, at the first row, and prefixes every record with its id. A message with another
 * magic byte, an id the registry does not have, or a writer schema the columns cannot be read from
 * is a bad record; a registry that cannot be reached or refuses a schema fails the job.
 */
public final class AvroConfluentFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "avro-confluent";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return AvroConfluentOptions.all();
  }

  @Override
  public RowDecoder createDecoder(
      org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    ProducedSchema.of(schema, this, context.metadataKeys());
    return new AvroConfluentRowDecoder(
        schema, avroSchema(schema, context), RegistrySettings.of(context.options()));
  }

  /** Columns are found by name in each writer's record, so a projection reads only those. */
  @Override
  public boolean readsColumnsByName() {
    return true;
  }

  /**
   * The columns of the subject's latest schema ({@code avro-confluent.subject}, or {@code
   * <topic>-<side>}), fetched from the registry.
   *
   * @throws NoDeclaredSchemaException when the subject has no schema
   * @throws IllegalArgumentException when there is no subject or the schema has a type without
   *     column type
   */
  @Override
  public Optional<org.apache.beam.sdk.schemas.Schema> declaredSchema(FormatContext context) {
    String subject = subject(context, "infer the columns");
    SchemaRegistryClient.Registered latest;
    try {
      latest = new SchemaRegistryClient(RegistrySettings.of(context.options())).latest(subject);
    } catch (RegistryException.NotFound e) {
      throw new NoDeclaredSchemaException(
          "Format '"
              + IDENTIFIER
              + "' cannot infer the columns: subject '"
              + subject
              + "' has no schema ("
              + e.getMessage()
              + "); register one or give the schema",
          e);
    }
    try {
      return Optional.of(AvroCodecs.columns(latest.schema()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Format '"
              + IDENTIFIER
              + "': the latest schema of subject '"
              + subject
              + "' (id "
              + latest.id()
              + ") has no column types: "
              + e.getMessage(),
          e);
    }
  }

  @Override
  public RowEncoder createEncoder(
      org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    Schema avro = avroSchema(schema, context);
    try {
      AvroCodecs.writer(avro, schema);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(describe(context) + e.getMessage(), e);
    }
    return new AvroConfluentRowEncoder(
        schema, avro, subject(context, "write"), RegistrySettings.of(context.options()));
  }

  /**
   * The subject a writer registers under: {@code avro-confluent.subject}, or {@code <topic>-<side>}
   * for one topic.
   *
   * @throws IllegalArgumentException when neither is known
   */
  static String subject(FormatContext context, String purpose) {
    Optional<String> subject = context.options().getOptional(AvroConfluentOptions.SUBJECT);
    if (subject.isPresent() && !subject.get().isBlank()) {
      return subject.get();
    }
    if (context.topic() == null) {
      throw new IllegalArgumentException(
          "Option '"
              + AvroConfluentOptions.SUBJECT.key()
              + "' is required to "
              + purpose
              + " of "
              + context.side()
              + "s with format '"
              + IDENTIFIER
              + "' when there is not exactly one topic (it defaults to '<topic>-"
              + context.side()
              + "')");
    }
    return context.topic() + "-" + context.side();
  }

  /**
   * The reader's and writer's schema: the parsed {@code avro-confluent.schema}, or the one derived
   * from the columns.
   *
   * @throws IllegalArgumentException naming the option key or the column
   */
  static Schema avroSchema(org.apache.beam.sdk.schemas.Schema schema, FormatContext context) {
    Optional<String> explicit = context.options().getOptional(AvroConfluentOptions.SCHEMA);
    if (explicit.isEmpty()) {
      try {
        return AvroCodecs.derive(schema);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(describe(context) + e.getMessage(), e);
      }
    }
    Schema parsed;
    try {
      parsed = new Schema.Parser().parse(explicit.get());
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '"
              + AvroConfluentOptions.SCHEMA.key()
              + "': not an Avro schema ("
              + e.getMessage()
              + ")",
          e);
    }
    try {
      AvroCodecs.resolvingReader(parsed, parsed, schema);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '"
              + AvroConfluentOptions.SCHEMA.key()
              + "': it does not fit the columns: "
              + e.getMessage(),
          e);
    }
    return parsed;
  }

  private static String describe(FormatContext context) {
    return "Format '" + IDENTIFIER + "' (" + context.side() + "): ";
  }
}
