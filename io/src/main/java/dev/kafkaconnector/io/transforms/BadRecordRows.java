package dev.kafkaconnector.io.transforms;

import dev.kafkaconnector.io.common.DeadLetterRecord;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Serializable;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns the connector's dead-letter {@link BadRecord}s into the rows of a schema transform's error
 * output, Beam's {@code error_handling} convention: {@code error_message} plus {@code failed_row}
 * (the raw value bytes for a read; the input row for a write, as Beam's {@link
 * ErrorHandling#errorSchema}). A write whose elements are not the input rows themselves (the change
 * events of {@code kafka_write_changes}) gives the coder of its elements and the way back to the
 * input row.
 */
final class BadRecordRows extends PTransform<PCollection<BadRecord>, PCollection<Row>> {
  private static final long serialVersionUID = 1L;

  /** The error rows of {@code kafka_read}: the bad record's coordinates and raw bytes. */
  static final Schema READ_ERRORS =
      Schema.builder()
          .addStringField("error_message")
          .addNullableField("failed_row", FieldType.BYTES)
          .addNullableField("topic", FieldType.STRING)
          .addNullableField("partition", FieldType.INT32)
          .addNullableField("offset", FieldType.INT64)
          .addNullableField("timestamp", FieldType.INT64)
          .addNullableField("key", FieldType.BYTES)
          .addNullableField(
              "headers", FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)))
          .build();

  /** The schema of the failed records, or null for a read (the dead-letter record's). */
  private final @Nullable Schema input;

  /** The failed record's coder and the way to the failed row (the read's dead-letter row). */
  private final FailedRows<?> failed;

  private BadRecordRows(@Nullable Schema input, FailedRows<?> failed) {
    this.input = input;
    this.failed = failed;
  }

  /** For a read: rows of {@link #READ_ERRORS}. */
  static BadRecordRows ofRead() {
    return new BadRecordRows(null, FailedRows.of(RowCoder.of(DeadLetterRecord.SCHEMA), r -> r));
  }

  /** For a write of rows of {@code input}: rows of {@code ErrorHandling.errorSchema(input)}. */
  static BadRecordRows ofWrite(Schema input) {
    return new BadRecordRows(input, FailedRows.of(RowCoder.of(input), r -> r));
  }

  /**
   * For a write of rows of {@code input} turned into elements of {@code coder} before the connector
   * wrote them: rows of {@code ErrorHandling.errorSchema(input)}, the failed row given back by
   * {@code toInput}.
   */
  static <T> BadRecordRows ofWrite(
      Schema input, Coder<T> coder, SerializableFunction<T, Row> toInput) {
    return new BadRecordRows(input, FailedRows.of(coder, toInput));
  }

  /** Decodes a bad record's bytes and gives the failed row. */
  private static final class FailedRows<T> implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Coder<T> coder;
    private final SerializableFunction<T, Row> toRow;

    private FailedRows(Coder<T> coder, SerializableFunction<T, Row> toRow) {
      this.coder = coder;
      this.toRow = toRow;
    }

    static <T> FailedRows<T> of(Coder<T> coder, SerializableFunction<T, Row> toRow) {
      return new FailedRows<>(coder, toRow);
    }

    /** The failed row, or null when the dead-letter output could not encode the record. */
    @Nullable Row decode(BadRecord bad) {
      byte[] encoded = bad.getRecord().getEncodedRecord();
      if (encoded == null) {
        return null;
      }
      try {
        return toRow.apply(coder.decode(new ByteArrayInputStream(encoded)));
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }
  }

  /** The schema of this transform's output. */
  Schema outputSchema() {
    return input == null ? READ_ERRORS : ErrorHandling.errorSchema(input);
  }

  @Override
  public PCollection<Row> expand(PCollection<BadRecord> records) {
    Schema output = outputSchema();
    return records
        .apply("ToErrorRows", ParDo.of(new ToRowFn(input, failed, output)))
        .setRowSchema(output);
  }

  private static final class ToRowFn extends DoFn<BadRecord, Row> {
    private static final long serialVersionUID = 1L;
    private final @Nullable Schema input;
    private final FailedRows<?> failedRows;
    private final Schema output;

    ToRowFn(@Nullable Schema input, FailedRows<?> failedRows, Schema output) {
      this.input = input;
      this.failedRows = failedRows;
      this.output = output;
    }

    @ProcessElement
    public void process(@Element BadRecord bad, OutputReceiver<Row> out) {
      String message = message(bad);
      @Nullable Row failed = failedRows.decode(bad);
      if (input != null) {
        out.output(
            Row.withSchema(output)
                .withFieldValue("failed_row", failed)
                .withFieldValue("error_message", message)
                .build());
        return;
      }
      Row.FieldValueBuilder row = Row.withSchema(output).withFieldValue("error_message", message);
      if (failed != null) {
        row =
            row.withFieldValue("failed_row", failed.getBytes("value"))
                .withFieldValue("topic", failed.getString("topic"))
                .withFieldValue("partition", failed.getInt32("partition"))
                .withFieldValue("offset", failed.getInt64("offset"))
                .withFieldValue("timestamp", failed.getInt64("timestamp"))
                .withFieldValue("key", failed.getBytes("key"))
                .withFieldValue("headers", failed.getMap("headers"));
      }
      out.output(row.build());
    }

    private static String message(BadRecord bad) {
      BadRecord.Failure failure = bad.getFailure();
      String description = failure.getDescription();
      if (description != null && !description.isEmpty()) {
        return description;
      }
      return failure.getException() != null ? failure.getException() : "bad record";
    }
  }
}
