package dev.kafkaconnector.formats;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import java.util.Optional;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The plug-in boundary for formats. A format turns the bytes of a Kafka key or value into Beam rows
 * and back. Implementations are found with {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/dev.kafkaconnector.formats.FormatFactory} of your jar and use its {@link
 * #identifier()} as the value of {@code format}, {@code key.format} or {@code value.format}.
 *
 * <p>Errors: a decoder throws {@link FormatException} for a message it cannot decode, unless its
 * {@code <format>.ignore-parse-errors} option says otherwise; what it then skips or nulls is
 * counted with {@link IgnoredParseErrors}. The connector applies the user's policy to the
 * exceptions (fail, skip with a count, or a dead-letter output).
 *
 * <p>Factories are called once per schema at pipeline construction; the decoders and encoders they
 * return are serialized into the pipeline and must do all per-schema work (converters, lookups) in
 * their constructors, not per record.
 */
public interface FormatFactory {

  /** The format's name as written in options, for example {@code raw} or {@code json}. */
  String identifier();

  /**
   * The options of this format, with keys that start with {@code identifier() + "."} (for example
   * {@code raw.charset}). They are validated by the connector and documented in the reference.
   */
  List<ConfigOption<?>> options();

  /**
   * Metadata this format can read besides the row's columns, readable as {@code value.<key>} in
   * {@code metadata.list}. Changelog formats offer at least {@link FormatMetadata#rowKind()}.
   */
  default List<FormatMetadata> readableMetadata() {
    return List.of();
  }

  /**
   * Metadata this format can write into a message besides the row's columns (for example {@code
   * database} and {@code table} of canal-json): a sink column mapped to {@code value.<key>} reaches
   * the value encoder as a column named {@link FormatMetadata#WRITE_PREFIX}{@code <key>} after the
   * data columns, and the encoder writes it where the format keeps that key.
   */
  default List<FormatMetadata> writableMetadata() {
    return List.of();
  }

  /**
   * Creates a decoder for rows of {@code schema}. When {@code context.metadataKeys()} is not empty,
   * the decoder emits rows of {@link ProducedSchema#of} (the schema's columns followed by the
   * requested metadata).
   *
   * @param schema the columns this format fills, in order
   * @param context the format's options (keys as declared by {@link #options()}) and where it is
   *     used
   * @throws IllegalArgumentException when the schema or an option cannot be used with this format;
   *     the message names the column or option key
   */
  RowDecoder createDecoder(Schema schema, FormatContext context);

  /**
   * Creates a decoder that fills only the {@code selected} columns of {@code schema} (projection
   * push-down: a query that selects a few columns). Its rows hold the selected columns in their
   * order, then the metadata of {@code context}. Formats should not convert, and where they can not
   * even parse, the other columns; a value that only an unselected column holds is then not
   * checked, as in Flink.
   *
   * <p>The default asks {@link #readsColumnsByName()}: formats that find each column by name in the
   * message decode the selected columns as if they were the whole schema; others decode whole rows
   * and pick the selected values (correct, but no saving). Positional formats (CSV by position,
   * Avro's field order) override this.
   *
   * @param schema all the columns this format fills on this side, in order
   * @param selected the columns wanted: a subset of {@code schema}, same names and types
   * @throws IllegalArgumentException as {@link #createDecoder(Schema, FormatContext)}, or when
   *     {@code selected} is not a subset of {@code schema}
   */
  default RowDecoder createDecoder(Schema schema, Schema selected, FormatContext context) {
    Projection projection = Projection.of(schema, selected);
    if (projection.isAll()) {
      return createDecoder(schema, context);
    }
    if (readsColumnsByName()) {
      return createDecoder(selected, context);
    }
    RowDecoder whole = createDecoder(schema, context);
    return projection.picking(
        whole,
        context.metadataKeys().size(),
        ProducedSchema.of(selected, this, context.metadataKeys()));
  }

  /**
   * Whether this format finds each column in a message by its name (JSON objects), so that a
   * decoder of some of the columns is a decoder for a schema of only those. False by default.
   */
  default boolean readsColumnsByName() {
    return false;
  }

  /**
   * The columns of this format's messages when the format can tell them without reading any, such
   * as a schema registry's latest schema of the subject; empty (the default) when it cannot, and
   * the connector samples messages instead or asks for a schema.
   *
   * @param context the format's options and side, with the topic when there is one
   * @throws NoDeclaredSchemaException when the place the options name has no columns for this topic
   *     (a subject without schema)
   * @throws IllegalArgumentException naming the option key when the options do not say where to
   *     look
   */
  default Optional<Schema> declaredSchema(FormatContext context) {
    return Optional.empty();
  }

  /**
   * Creates an encoder for rows of {@code schema}.
   *
   * @throws IllegalArgumentException when the schema or an option cannot be used with this format
   */
  RowEncoder createEncoder(Schema schema, FormatContext context);
}
