package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.avro.AvroCodecs;
import java.io.IOException;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Reads Confluent-framed Avro records into rows of one schema, for the registry formats. The reader
 * for each writer schema id is made once, at the first message with that id (one registry request),
 * and kept; an id the registry does not have, or whose schema cannot be read into the rows, is kept
 * as such too, so a run of bad messages costs one request, not one per message. The last id's
 * reader is kept apart: most messages in a row share one.
 */
final class ConfluentRecords implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String format;
  private final org.apache.beam.sdk.schemas.Schema rows;
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

  ConfluentRecords(
      String format,
      org.apache.beam.sdk.schemas.Schema rows,
      Schema readerSchema,
      RegistrySettings settings) {
    this.format = format;
    this.rows = rows;
    this.readerSchemaJson = readerSchema.toString();
    this.settings = settings;
  }

  /**
   * The row of {@code message}.
   *
   * @throws FormatException for a message outside the wire format, an unknown id, a writer schema
   *     the rows cannot be read from, or bytes that are not a record of it
   * @throws RegistryException when the registry cannot answer (not a bad record)
   */
  Row read(byte[] message) throws FormatException {
    int id = ConfluentWireFormat.schemaId(message, format);
    Reader reader = reader(id);
    if (reader.rows() == null) {
      throw new FormatException(format, null, reader.problem());
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
      throw new FormatException(format, null, e.toString(), e);
    }
    if (!end) {
      throw new FormatException(
          format, null, "bytes are left after the record: it was not written with schema id " + id);
    }
    return row;
  }

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
      return new Reader(AvroCodecs.resolvingReader(writer, readerSchema, rows), null);
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
