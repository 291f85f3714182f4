package dev.kafkaconnector.io.sink;

import java.io.Serializable;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn.MultiOutputReceiver;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.values.Row;

/**
 * The sink's bad-row policy: fail naming the topic, column and reason, or send the row to the
 * dead-letter output ({@code withBadRecordErrorHandler}) with that reason, counted in {@code
 * kafka-connector:records-to-dead-letter}.
 */
final class BadRows implements Serializable {
  private static final long serialVersionUID = 1L;

  private final SinkSpec spec;
  private final Schema inputSchema;
  private final boolean deadLetter;
  private final Counter toDeadLetter = Metrics.counter("kafka-connector", "records-to-dead-letter");

  BadRows(SinkSpec spec, Schema inputSchema, boolean deadLetter) {
    this.spec = spec;
    this.inputSchema = inputSchema;
    this.deadLetter = deadLetter;
  }

  boolean deadLetter() {
    return deadLetter;
  }

  Schema inputSchema() {
    return inputSchema;
  }

  /** Applies the policy to {@code row}, from a {@code @ProcessElement} call. */
  void handle(Row row, BadRowException e, MultiOutputReceiver out) {
    String reason = describe(e);
    if (!deadLetter) {
      throw new KafkaSinkException(reason, e);
    }
    try {
      BadRecordRouter.RECORDING_ROUTER.route(out, row, RowCoder.of(inputSchema), e, reason);
    } catch (Exception routing) {
      throw new KafkaSinkException(
          "Could not write the bad row to the dead-letter output: " + reason, routing);
    }
    counted();
  }

  void counted() {
    toDeadLetter.inc();
  }

  String describe(BadRowException e) {
    return "Cannot write a row to Kafka (topic "
        + (spec.topic() != null ? "'" + spec.topic() + "'" : "from the row's 'topic' column")
        + (e.column() != null ? ", column '" + e.column() + "'" : "")
        + "): " + e.getMessage();
  }
}
