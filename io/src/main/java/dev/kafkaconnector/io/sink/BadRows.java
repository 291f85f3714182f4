package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.ConnectorMetricNames;
import dev.kafkaconnector.io.common.NotRetriedException;
import java.io.Serializable;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn.MultiOutputReceiver;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;

/**
 * The sink's bad-row policy: fail once (not retried) naming the topic, column and reason, or send
 * the row to the dead-letter output ({@code withBadRecordErrorHandler}) with that reason, counted
 * in {@code kafka-connector:records-to-dead-letter} and in FLIP-33's {@code numRecordsOutErrors}.
 */
final class BadRows<T> implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String destination;
  private final Coder<T> coder;
  private final boolean deadLetter;
  private final Counter toDeadLetter =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.RECORDS_TO_DEAD_LETTER);
  private final Counter errors =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.RECORDS_OUT_ERRORS);

  /**
   * @param destination where the records go, as {@link RecordEncoder#destination()} says
   * @param coder the input elements' coder, for the dead-letter output
   */
  BadRows(String destination, Coder<T> coder, boolean deadLetter) {
    this.destination = destination;
    this.coder = coder;
    this.deadLetter = deadLetter;
  }

  boolean deadLetter() {
    return deadLetter;
  }

  Coder<T> coder() {
    return coder;
  }

  /** Applies the policy to {@code row}, from a {@code @ProcessElement} call. */
  void handle(T row, BadRowException e, MultiOutputReceiver out) {
    String reason = describe(e);
    if (!deadLetter) {
      throw fail(reason, e);
    }
    try {
      BadRecordRouter.RECORDING_ROUTER.route(out, row, coder, e, reason);
    } catch (Exception routing) {
      throw new KafkaSinkException(
          "Could not write the bad row to the dead-letter output: " + reason, routing);
    }
    counted();
  }

  /**
   * The failure for a bad row without a dead-letter output. The same row fails the same way on
   * every attempt, so it is marked {@link NotRetriedException}: Flink fails the job once instead of
   * restarting it on the same input. The row's own error is kept as a suppressed exception.
   */
  static KafkaSinkException fail(String reason, BadRowException e) {
    KafkaSinkException failure = new KafkaSinkException(reason, NotRetriedException.cause());
    failure.addSuppressed(e);
    return failure;
  }

  void counted() {
    toDeadLetter.inc();
    errors.inc();
  }

  String describe(BadRowException e) {
    return "Cannot write a row to Kafka ("
        + destination
        + (e.column() != null ? ", column '" + e.column() + "'" : "")
        + "): "
        + e.getMessage();
  }
}
