package dev.kafkaconnector.io.transforms;

import dev.kafkaconnector.io.common.DeadLetterRecord;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns the connector's dead-letter {@link BadRecord}s into the rows of a schema transform's error
 * output, Beam's {@code error_handling} convention: {@code error_message} plus {@code failed_row}
 * (the raw value bytes for a read; the input row for a write, as Beam's {@link
 * ErrorHandling#errorSchema}).
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

  private BadRecordRows(@Nullable Schema input) {
    this.input = input;
  }

  /** For a read: rows of {@link #READ_ERRORS}. */
  static BadRecordRows ofRead() {
    return new BadRecordRows(null);
  }

  /** For a write of rows of {@code input}: rows of {@code ErrorHandling.errorSchema(input)}. */
  static BadRecordRows ofWrite(Schema input) {
    return new BadRecordRows(input);
  }

  /** The schema of this transform's output. */
  Schema outputSchema() {
    return input == null ? READ_ERRORS : ErrorHandling.errorSchema(input);
  }

  @Override
  public PCollection<Row> expand(PCollection<BadRecord> records) {
    Schema output = outputSchema();
    return records.apply("ToErrorRows", ParDo.of(new ToRowFn(input, output))).setRowSchema(output);
  }

  private static final class ToRowFn extends DoFn<BadRecord, Row> {
    private static final long serialVersionUID = 1L;
    private final @Nullable Schema input;
    private final Schema output;

    ToRowFn(@Nullable Schema input, Schema output) {
      this.input = input;
      this.output = output;
    }

    @ProcessElement
    public void process(@Element BadRecord bad, OutputReceiver<Row> out) {
      String message = message(bad);
      @Nullable Row failed = decode(bad, input == null ? DeadLetterRecord.SCHEMA : input);
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

    /** The failed record, or null when the dead-letter output could not encode it. */
    private static @Nullable Row decode(BadRecord bad, Schema schema) {
      byte[] encoded = bad.getRecord().getEncodedRecord();
      if (encoded == null) {
        return null;
      }
      try {
        return RowCoder.of(schema).decode(new ByteArrayInputStream(encoded));
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }
  }
}
