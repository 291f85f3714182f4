package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.RowEncoder;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * Encodes changelog rows as Debezium change events in Avro with a schema registry, as Flink's
 * {@code debezium-avro-confluent} does: {@code +I} and {@code +U} as {@code op = c} with the row in
 * {@code after}, {@code -U} and {@code -D} as {@code op = d} with the row in {@code before}. The
 * kind comes from the column {@code row-kind} when the schema has one, else every row is {@code
 * +I}.
 */
final class DebeziumAvroConfluentRowEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private final org.apache.beam.sdk.schemas.Schema columns;
  private final org.apache.beam.sdk.schemas.Schema envelope;
  private final int rowKind;
  private final ConfluentWriter writer;

  DebeziumAvroConfluentRowEncoder(
      org.apache.beam.sdk.schemas.Schema input,
      org.apache.beam.sdk.schemas.Schema columns,
      Schema avroEnvelope,
      String subject,
      RegistrySettings settings) {
    this.columns = columns;
    this.envelope = DebeziumAvroEnvelope.of(columns);
    this.rowKind =
        input.hasField(FormatMetadata.ROW_KIND) ? input.indexOf(FormatMetadata.ROW_KIND) : -1;
    this.writer = new ConfluentWriter(envelope, avroEnvelope, subject, settings);
  }

  @Override
  public byte[] encode(Row row) throws FormatException {
    String kind = rowKind < 0 ? "+I" : row.getString(rowKind);
    List<Object> values = new ArrayList<>(columns.getFieldCount());
    for (int i = 0; i < row.getFieldCount(); i++) {
      if (i != rowKind) {
        values.add(row.getValue(i));
      }
    }
    Row image = Row.withSchema(columns).attachValues(values);
    Row event;
    switch (kind == null ? "" : kind) {
      case "+I", "+U" -> event = Row.withSchema(envelope).addValues(null, image, "c").build();
      case "-U", "-D" -> event = Row.withSchema(envelope).addValues(image, null, "d").build();
      default ->
          throw new FormatException(
              DebeziumAvroConfluentFormatFactory.IDENTIFIER,
              FormatMetadata.ROW_KIND,
              "unknown change kind '" + kind + "' (expected +I, -U, +U or -D)");
    }
    return writer.write(event);
  }
}
