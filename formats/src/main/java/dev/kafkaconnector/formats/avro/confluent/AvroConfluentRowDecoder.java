package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.avro.AvroCodecs;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes Confluent-framed Avro records into rows. The reader for each writer schema id is made
 * once, at the first message with that id (one registry request), and kept for the decoder's life;
 * an id the registry does not have, or whose schema cannot be read into the columns, is kept as
 * such too, so a run of bad messages costs one request, not one per message.
 */
final class AvroConfluentRowDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  private final org.apache.beam.sdk.schemas.Schema columns;
  private final String readerSchemaJson;
  private final RegistrySettings settings;
  private transient @Nullable Map<Integer, Reader> readers;
  private transient @Nullable Reader lastReader;
  private transient int lastId;
  private transient @Nullable Schema readerSchema;
  private transient @Nullable SchemaRegistryClient client;
  private transient @Nullable BinaryDecoder decoder;

  /** A writer schema's reader, or why its messages cannot be read. */
  private record Reader(AvroCodecs.@Nullable RowReader rows, @Nullable String problem) {}

  AvroConfluentRowDecoder(
      org.apache.beam.sdk.schemas.Schema columns, Schema readerSchema, RegistrySettings settings) {
    this.columns = columns;
    this.readerSchemaJson = readerSchema.toString();
    this.settings = settings;
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    if (message == null) {
      throw new FormatException(
          AvroConfluentFormatFactory.IDENTIFIER,
          null,
          "the record has a null value (tombstone), which is not an Avro record");
    }
    int id = ConfluentWireFormat.schemaId(message);
    Reader reader = reader(id);
    if (reader.rows() == null) {
      throw new FormatException(AvroConfluentFormatFactory.IDENTIFIER, null, reader.problem());
    }
    BinaryDecoder in =
        DecoderFactory.get()
            .binaryDecoder(
                message,
                ConfluentWireFormat.HEADER,
                message.length - ConfluentWireFormat.HEADER,
                decoder);
    decoder = in;
    Row row = reader.rows().read(in);
    boolean end;
    try {
      end = in.isEnd();
    } catch (IOException e) {
      throw new FormatException(AvroConfluentFormatFactory.IDENTIFIER, null, e.toString(), e);
    }
    if (!end) {
      throw new FormatException(
          AvroConfluentFormatFactory.IDENTIFIER,
          null,
          "bytes are left after the record: it was not written with schema id " + id);
    }
    out.collect(row);
  }

  /** The reader of schema {@code id}: most messages in a row share one, which is kept apart. */
  private Reader reader(int id) {
    Reader last = lastReader;
    if (last != null && id == lastId) {
      return last;
    }
    Map<Integer, Reader> known = readers;
    if (known == null) {
      known = new HashMap<>();
      readers = known;
    }
    Reader reader = known.get(id);
    if (reader == null) {
      reader = resolve(id);
      known.put(id, reader);
    }
    lastReader = reader;
    lastId = id;
    return reader;
  }

  /**
   * Fetches schema {@code id} and builds its reader.
   *
   * @throws RegistryException when the registry cannot answer (not a bad record)
   */
  private Reader resolve(int id) {
    if (client == null) {
      client = new SchemaRegistryClient(settings);
      readerSchema = new Schema.Parser().parse(readerSchemaJson);
    }
    Schema writer;
    try {
      writer = client.schemaById(id);
    } catch (RegistryException.NotFound e) {
      return new Reader(null, "schema id " + id + " is unknown: " + e.getMessage());
    }
    try {
      return new Reader(AvroCodecs.resolvingReader(writer, readerSchema, columns), null);
    } catch (IllegalArgumentException e) {
      return new Reader(
          null,
          "the writer's schema (id "
              + id
              + ", "
              + writer.getFullName()
              + ") cannot be read into the columns: "
              + e.getMessage());
    }
  }
}
