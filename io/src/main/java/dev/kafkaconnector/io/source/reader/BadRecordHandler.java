package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.ConnectorMetricNames;
import dev.kafkaconnector.io.common.DeadLetterRecord;
import dev.kafkaconnector.io.source.decode.BadRecordException;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn.MultiOutputReceiver;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the user's choice to a record that could not be decoded: a dead-letter output (Beam's
 * {@code BadRecord}, carrying topic, partition, offset, timestamp, headers, key and value bytes and
 * the reason), a skip with a count ({@code ingestion.ignore-errors}, failing once more than {@code
 * ingestion.error-tolerance.max-count} failed), or failing the job. Nothing is dropped without a
 * counter and a log line: every bad record counts in {@code numRecordsInErrors} (FLIP-33's name),
 * those sent to the dead-letter output in {@code records-to-dead-letter} too.
 */
final class BadRecordHandler implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(BadRecordHandler.class);
  private static final int LOGGED_PER_SOURCE = 20;

  /** The schema of the records in the dead-letter output. */
  static final Schema KAFKA_RECORD = DeadLetterRecord.SCHEMA;

  private final ErrorPolicy policy;
  private final boolean deadLetter;
  private final Counter toDeadLetter =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.RECORDS_TO_DEAD_LETTER);
  private final Counter errors =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.RECORDS_IN_ERRORS);

  BadRecordHandler(ErrorPolicy policy, boolean deadLetter) {
    this.policy = policy;
    this.deadLetter = deadLetter;
  }

  /**
   * Handles {@code failure}.
   *
   * @param failures the source's count of skipped records in this JVM (its error budget)
   * @throws KafkaSourceException when the policy is to fail
   */
  void handle(BadRecordException failure, MultiOutputReceiver out, AtomicLong failures) {
    errors.inc();
    if (deadLetter) {
      try {
        BadRecordRouter.RECORDING_ROUTER.route(
            out, toRow(failure.record()), RowCoder.of(KAFKA_RECORD), failure, failure.getMessage());
      } catch (Exception e) {
        throw new KafkaSourceException(
            "Could not write the bad record to the dead-letter output: " + failure.getMessage(), e);
      }
      toDeadLetter.inc();
      return;
    }
    if (!policy.ignoreErrors()) {
      throw failure;
    }
    long count = failures.incrementAndGet();
    if (policy.maxCount() >= 0 && count > policy.maxCount()) {
      throw new KafkaSourceException(
          count
              + " records failed to decode, more than ingestion.error-tolerance.max-count = "
              + policy.maxCount()
              + ". Last: "
              + failure.getMessage(),
          failure);
    }
    if (count <= LOGGED_PER_SOURCE) {
      LOG.warn(
          "Skipping a bad record (ingestion.ignore-errors = true; {} so far{}): {}",
          count,
          count == LOGGED_PER_SOURCE ? ", further ones are only counted" : "",
          failure.getMessage());
    }
  }

  static Row toRow(ConsumerRecord<byte[], byte[]> record) {
    Map<String, byte[]> headers = new HashMap<>();
    for (Header header : record.headers()) {
      headers.put(header.key(), header.value());
    }
    return Row.withSchema(KAFKA_RECORD)
        .addValues(
            record.topic(),
            record.partition(),
            record.offset(),
            record.timestamp(),
            headers,
            record.key(),
            record.value())
        .build();
  }
}
