package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import org.apache.avro.Schema;
import org.apache.beam.sdk.values.Row;

/** Encodes rows as Confluent-framed Avro records ({@link ConfluentWriter}). */
final class AvroConfluentRowEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private final ConfluentWriter writer;

  AvroConfluentRowEncoder(
      org.apache.beam.sdk.schemas.Schema columns,
      Schema schema,
      String subject,
      RegistrySettings settings) {
    this.writer = new ConfluentWriter(columns, schema, subject, settings);
  }

  @Override
  public byte[] encode(Row row) throws FormatException {
    return writer.write(row);
  }
}
