package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import org.apache.avro.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/** Decodes Confluent-framed Avro records into rows of the columns ({@link ConfluentRecords}). */
final class AvroConfluentRowDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  private final ConfluentRecords records;

  AvroConfluentRowDecoder(
      org.apache.beam.sdk.schemas.Schema columns, Schema readerSchema, RegistrySettings settings) {
    this.records =
        new ConfluentRecords(
            AvroConfluentFormatFactory.IDENTIFIER, columns, readerSchema, settings);
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    if (message == null) {
      throw new FormatException(
          AvroConfluentFormatFactory.IDENTIFIER,
          null,
          "the record has a null value (tombstone), which is not an Avro record");
    }
    out.collect(records.read(message));
  }
}
