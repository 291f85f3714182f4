package dev.kafkaconnector.formats.protobuf;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import java.io.IOException;
import java.io.ObjectInputStream;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * Writes each row as one protobuf message of the configured class. The descriptor and the
 * converters are looked up once (again after deserialization, on the worker).
 */
final class ProtobufRowEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private final Schema schema;
  private final String messageClassName;
  private final String nullStringLiteral;
  private transient ProtoWriters.MessageWriter writer;

  /**
   * @throws IllegalArgumentException when the class cannot be used or a column does not fit it
   */
  ProtobufRowEncoder(Schema schema, String messageClassName, String nullStringLiteral) {
    this.schema = schema;
    this.messageClassName = messageClassName;
    this.nullStringLiteral = nullStringLiteral;
    init();
  }

  private void init() {
    writer =
        new ProtoWriters.MessageWriter(
            ProtobufMessageClass.load(messageClassName).descriptor(),
            schema,
            "",
            nullStringLiteral);
  }

  @Override
  public byte[] encode(Row row) throws FormatException {
    return writer.write(row).toByteArray();
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    init();
  }
}
