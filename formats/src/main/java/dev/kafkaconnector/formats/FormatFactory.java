package dev.kafkaconnector.formats;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The plug-in boundary for formats. A format turns the bytes of a Kafka key or value into Beam
 * rows and back. Implementations are found with {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/dev.kafkaconnector.formats.FormatFactory} of your jar and use its
 * {@link #identifier()} as the value of {@code format}, {@code key.format} or {@code
 * value.format}.
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
   * Creates a decoder for rows of {@code schema}.
   *
   * @param schema the columns this format fills, in order
   * @param context the format's options (keys as declared by {@link #options()}) and where it is
   *     used
   * @throws IllegalArgumentException when the schema or an option cannot be used with this format;
   *     the message names the column or option key
   */
  RowDecoder createDecoder(Schema schema, FormatContext context);

  /**
   * Creates an encoder for rows of {@code schema}.
   *
   * @throws IllegalArgumentException when the schema or an option cannot be used with this format
   */
  RowEncoder createEncoder(Schema schema, FormatContext context);
}
