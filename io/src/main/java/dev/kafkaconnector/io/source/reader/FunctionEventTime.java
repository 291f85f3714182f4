package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.decode.BadRecordException;
import dev.kafkaconnector.io.source.spec.EventTimeFunction;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.joda.time.Instant;

/** The event time an {@link EventTimeFunction} computes; none, or a failure, is a bad record. */
final class FunctionEventTime implements RowEventTime {
  private final EventTimeFunction function;

  FunctionEventTime(EventTimeFunction function) {
    this.function = function;
  }

  @Override
  public long millisOf(Row row, ConsumerRecord<byte[], byte[]> record) {
    Instant time;
    try {
      time = function.eventTime(row);
    } catch (RuntimeException e) {
      throw new BadRecordException(
          record, "the event time (" + function + ") failed on the row: " + e.getMessage(), e);
    }
    if (time == null) {
      throw new BadRecordException(record, "the event time (" + function + ") is null", null);
    }
    return time.getMillis();
  }
}
