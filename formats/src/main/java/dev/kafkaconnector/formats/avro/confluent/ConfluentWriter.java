package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.avro.AvroCodecs;
import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes rows of one schema as Confluent-framed Avro records, for the registry formats. The schema
 * is registered under the subject (or, with {@code auto.register.schemas = false}, looked up there)
 * at the first row, once per writer; every record then costs the 5-byte header and the Avro
 * encoding only.
 */
final class ConfluentWriter implements Serializable {
  private static final long serialVersionUID = 1L;

  private final org.apache.beam.sdk.schemas.Schema rows;
  private final String schemaJson;
  private final String subject;
  private final RegistrySettings settings;
  private transient byte @Nullable [] header;
  private transient AvroCodecs.@Nullable RowWriter writer;
  private transient @Nullable ByteArrayOutputStream buffer;
  private transient @Nullable BinaryEncoder encoder;

  ConfluentWriter(
      org.apache.beam.sdk.schemas.Schema rows,
      Schema schema,
      String subject,
      RegistrySettings settings) {
    this.rows = rows;
    this.schemaJson = schema.toString();
    this.subject = subject;
    this.settings = settings;
  }

  /**
   * @throws RegistryException when the registry cannot be reached or refuses the schema (an
   *     incompatible change under the subject's compatibility rule): the job fails, no row is
   *     written without its schema
   */
  byte[] write(Row row) throws FormatException {
    if (header == null) {
      open();
    }
    ByteArrayOutputStream out = buffer;
    out.reset();
    out.writeBytes(header);
    writer.write(row, encoder);
    return out.toByteArray();
  }

  private void open() {
    Schema schema = new Schema.Parser().parse(schemaJson);
    SchemaRegistryClient client = new SchemaRegistryClient(settings);
    int id =
        settings.autoRegister() ? client.register(subject, schema) : client.lookup(subject, schema);
    writer = AvroCodecs.writer(schema, rows);
    buffer = new ByteArrayOutputStream(256);
    encoder = EncoderFactory.get().directBinaryEncoder(buffer, null);
    header = ConfluentWireFormat.header(id);
  }
}
