package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.decode.RecordHandler;
import org.apache.beam.sdk.transforms.DoFn.OutputReceiver;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;

/**
 * The reader's main output with the timestamp of the record being handled: one per call of the
 * reader, not one per record. With an event-time column ({@code scan.watermark.column}) or
 * function, each row's timestamp is its event time instead, and moves the partition's watermark.
 */
final class TimestampedOutput<T> implements RecordHandler.Emitter<T> {
  private final OutputReceiver<T> receiver;
  private final @Nullable RowEventTime column;
  private final PartitionWatermark watermark;

  /** The timestamp of the record being handled, set by the reader before the handler runs. */
  Instant timestamp = BoundedWindow.TIMESTAMP_MIN_VALUE;

  /** The record being handled, set by the reader before the handler runs. */
  @Nullable ConsumerRecord<byte[], byte[]> record;

  /** The timestamp (ms) of the last output, or Long.MIN_VALUE before the first. */
  long lastEmittedMillis = Long.MIN_VALUE;

  TimestampedOutput(
      OutputReceiver<T> receiver, @Nullable RowEventTime column, PartitionWatermark watermark) {
    this.receiver = receiver;
    this.column = column;
    this.watermark = watermark;
  }

  /** Whether rows carry their own event time, so the record's timestamp is not used. */
  boolean timedByColumn() {
    return column != null;
  }

  @Override
  public void emit(T output) {
    if (column != null && output instanceof Row row) {
      Instant eventTime = watermark.eventTime(column.millisOf(row, record));
      lastEmittedMillis = eventTime.getMillis();
      receiver.outputWithTimestamp(output, eventTime);
      return;
    }
    lastEmittedMillis = timestamp.getMillis();
    receiver.outputWithTimestamp(output, timestamp);
  }
}
