package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes Debezium change events in Avro with a schema registry into changelog rows: {@code c} and
 * {@code r} give {@code +I} of {@code after}, {@code u} gives {@code -U} of {@code before} (when
 * the event has it) and {@code +U} of {@code after}, {@code d} gives {@code -D} of {@code before}.
 * The change kind is the metadata {@code row-kind} when asked for. Tombstones (the null value
 * Debezium writes after a delete) are skipped and counted in {@code
 * kafka-connector:debezium-avro-confluent.tombstones-skipped}.
 */
final class DebeziumAvroConfluentRowDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  private final ConfluentRecords records;
  private final org.apache.beam.sdk.schemas.Schema columns;
  private final org.apache.beam.sdk.schemas.Schema produced;
  private final boolean withRowKind;
  private transient @Nullable Counter tombstones;

  DebeziumAvroConfluentRowDecoder(
      org.apache.beam.sdk.schemas.Schema columns,
      org.apache.beam.sdk.schemas.Schema produced,
      boolean withRowKind,
      Schema readerEnvelope,
      RegistrySettings settings) {
    this.columns = columns;
    this.produced = produced;
    this.withRowKind = withRowKind;
    this.records =
        new ConfluentRecords(
            DebeziumAvroConfluentFormatFactory.IDENTIFIER,
            DebeziumAvroEnvelope.of(columns),
            readerEnvelope,
            settings);
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    if (message == null) {
      if (tombstones == null) {
        tombstones =
            Metrics.counter(
                "kafka-connector",
                DebeziumAvroConfluentFormatFactory.IDENTIFIER + ".tombstones-skipped");
      }
      tombstones.inc();
      return;
    }
    Row envelope = records.read(message);
    String op = envelope.getString(DebeziumAvroEnvelope.OP);
    Row before = envelope.getRow(DebeziumAvroEnvelope.BEFORE);
    Row after = envelope.getRow(DebeziumAvroEnvelope.AFTER);
    List<Row> rows = new ArrayList<>(2);
    switch (op == null ? "" : op) {
      case "c", "r" -> rows.add(row(required(after, op, "after"), "+I"));
      case "u" -> {
        if (before != null) {
          rows.add(row(before, "-U"));
        }
        rows.add(row(required(after, op, "after"), "+U"));
      }
      case "d" -> rows.add(row(required(before, op, "before"), "-D"));
      default ->
          throw new FormatException(
              DebeziumAvroConfluentFormatFactory.IDENTIFIER,
              DebeziumAvroEnvelope.OP,
              "unknown operation '" + op + "' (expected c, r, u or d)");
    }
    rows.forEach(out::collect);
  }

  private static Row required(@Nullable Row image, String op, String field) throws FormatException {
    if (image == null) {
      throw new FormatException(
          DebeziumAvroConfluentFormatFactory.IDENTIFIER,
          field,
          "operation '" + op + "' without '" + field + "' image");
    }
    return image;
  }

  private Row row(Row image, String kind) {
    if (!withRowKind) {
      return Row.withSchema(columns).attachValues(image.getValues());
    }
    List<Object> values = new ArrayList<>(image.getValues());
    values.add(kind);
    return Row.withSchema(produced).attachValues(values);
  }
}
