package dev.kafkaconnector.formats.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.IgnoredParseErrors;
import dev.kafkaconnector.formats.RowDecoder;
import java.io.IOException;
import java.io.ObjectInputStream;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Parses each message with the generated class's parser and converts it to a row. The class, its
 * parser and the converters are looked up once (again after deserialization, on the worker). With
 * {@code protobuf.ignore-parse-errors} a message that cannot be decoded is skipped and counted, as
 * Flink does.
 */
final class ProtobufRowDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  private final Schema schema;
  private final String messageClassName;
  private final boolean ignoreParseErrors;
  private final boolean readDefaultValues;
  private transient Parser<? extends Message> parser;
  private transient ProtoReaders.MessageReader reader;
  private transient IgnoredParseErrors ignored;

  /**
   * @throws IllegalArgumentException when the class cannot be used or a column does not fit it
   */
  ProtobufRowDecoder(
      Schema schema,
      String messageClassName,
      boolean ignoreParseErrors,
      boolean readDefaultValues) {
    this.schema = schema;
    this.messageClassName = messageClassName;
    this.ignoreParseErrors = ignoreParseErrors;
    this.readDefaultValues = readDefaultValues;
    init();
  }

  private void init() {
    ProtobufMessageClass type = ProtobufMessageClass.load(messageClassName);
    parser = type.parser();
    reader = new ProtoReaders.MessageReader(type.descriptor(), schema, "", readDefaultValues);
    ignored = IgnoredParseErrors.of(ProtobufFormatFactory.IDENTIFIER);
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    Row row;
    try {
      row = decodeRow(message);
    } catch (FormatException e) {
      if (ignoreParseErrors) {
        ignored.inc();
        return;
      }
      throw e;
    }
    out.collect(row);
  }

  private Row decodeRow(byte @Nullable [] message) throws FormatException {
    if (message == null) {
      throw new FormatException(
          ProtobufFormatFactory.IDENTIFIER,
          null,
          "the record has a null value (tombstone), which is not a protobuf message");
    }
    Message parsed;
    try {
      parsed = parser.parseFrom(message);
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      throw new FormatException(
          ProtobufFormatFactory.IDENTIFIER,
          null,
          "not a valid " + messageClassName + " message (" + e.getMessage() + ")",
          e);
    }
    return reader.read(parsed);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    init();
  }
}
