package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Encodes a row as one Avro binary record (no container file header, no schema-registry prefix).
 * The writers are built once from the schema (again after deserialization); the output buffer and
 * the encoder are reused across rows.
 */
final class AvroRowEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private final org.apache.beam.sdk.schemas.Schema schema;
  private final String avroSchemaJson;
  private transient AvroWriters.RecordWriter writer;
  private transient @Nullable ByteArrayOutputStream buffer;
  private transient @Nullable BinaryEncoder encoder;

  /**
   * @throws IllegalArgumentException when a column does not fit the Avro schema
   */
  AvroRowEncoder(org.apache.beam.sdk.schemas.Schema schema, Schema avroSchema) {
    this.schema = schema;
    this.avroSchemaJson = avroSchema.toString();
    this.writer = AvroWriters.record(avroSchema, schema, "");
  }

  @Override
  public byte[] encode(Row row) throws FormatException {
    ByteArrayOutputStream out = buffer;
    if (out == null) {
      out = new ByteArrayOutputStream(256);
      buffer = out;
      encoder = EncoderFactory.get().directBinaryEncoder(out, null);
    }
    out.reset();
    writer.write(row, encoder);
    return out.toByteArray();
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    writer = AvroWriters.record(new Schema.Parser().parse(avroSchemaJson), schema, "");
  }
}
