package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.decode.RecordHandler;
import org.apache.beam.sdk.transforms.DoFn.OutputReceiver;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.joda.time.Instant;

/**
 * The reader's main output with the timestamp of the record being handled: one per call of the
 * reader, not one per record.
 */
final class TimestampedOutput<T> implements RecordHandler.Emitter<T> {
  private final OutputReceiver<T> receiver;

  /** The timestamp of the record being handled, set by the reader before the handler runs. */
  Instant timestamp = BoundedWindow.TIMESTAMP_MIN_VALUE;

  TimestampedOutput(OutputReceiver<T> receiver) {
    this.receiver = receiver;
  }

  @Override
  public void emit(T output) {
    receiver.outputWithTimestamp(output, timestamp);
  }
}
