package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import java.io.IOException;
import java.io.ObjectInputStream;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes one Avro binary record (no container file header, no schema-registry prefix) per message
 * into a row. The readers are built once from the schema (again after deserialization); the {@link
 * BinaryDecoder} is reused across messages.
 */
final class AvroRowDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  private final org.apache.beam.sdk.schemas.Schema schema;
  private final String avroSchemaJson;
  private transient AvroReaders.RecordReader reader;
  private transient @Nullable BinaryDecoder decoder;

  /**
   * @throws IllegalArgumentException when a column does not fit the Avro schema
   */
  AvroRowDecoder(org.apache.beam.sdk.schemas.Schema schema, Schema avroSchema) {
    this.schema = schema;
    this.avroSchemaJson = avroSchema.toString();
    this.reader = AvroReaders.record(avroSchema, schema, "");
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    if (message == null) {
      throw new FormatException(
          AvroFormatFactory.IDENTIFIER,
          null,
          "the record has a null value (tombstone), which is not an Avro record");
    }
    BinaryDecoder in = DecoderFactory.get().binaryDecoder(message, decoder);
    decoder = in;
    Row row = reader.read(in);
    boolean end;
    try {
      end = in.isEnd();
    } catch (IOException e) {
      throw new FormatException(AvroFormatFactory.IDENTIFIER, null, e.toString(), e);
    }
    if (!end) {
      throw new FormatException(
          AvroFormatFactory.IDENTIFIER,
          null,
          "bytes are left after the record: the message was not written with this schema");
    }
    out.collect(row);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    reader = AvroReaders.record(new Schema.Parser().parse(avroSchemaJson), schema, "");
  }
}
