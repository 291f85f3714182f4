package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.decode.BadRecordException;
import dev.kafkaconnector.io.source.spec.WatermarkPolicy;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Where a row's event time comes from when it is not the record timestamp: a column ({@link
 * EventTimeColumn}) or a function of the row ({@link FunctionEventTime}).
 */
interface RowEventTime {
  /**
   * The event time of {@code row}, in epoch milliseconds.
   *
   * @throws BadRecordException when the row has none, naming where it was looked for
   */
  long millisOf(Row row, ConsumerRecord<byte[], byte[]> record);

  /** The row event time of {@code policy}, or null when rows take their record's timestamp. */
  static @Nullable RowEventTime of(WatermarkPolicy policy) {
    if (policy.column() != null) {
      return new EventTimeColumn(policy.column());
    }
    return policy.function() == null ? null : new FunctionEventTime(policy.function());
  }
}
