package dev.kafkaconnector.io.sink;

import java.io.Serializable;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns one input element of a sink into the record to send: rows of {@code write()} ({@link
 * RowRecordEncoder}), change events of {@code writeChanges()}. The writers (at-least-once {@link
 * WriteFn}, exactly-once {@link ExactlyOnceWrites}) take any encoder, so producer lifecycle,
 * metrics, size checks, bad-record policy and secret handling are the same for every input.
 *
 * @param <T> the input element
 */
public interface RecordEncoder<T> extends Serializable {

  /**
   * Encodes one element.
   *
   * @return the record, or null when the element writes nothing (an upsert table's {@code -U} row,
   *     a schema change)
   * @throws BadRowException when the element cannot be written; the writer applies the bad-record
   *     policy
   */
  @Nullable EncodedRecord encode(T element) throws BadRowException;

  /**
   * Whether an update arrives as two elements (a {@code -U} followed by its {@code +U}) that the
   * writer pairs into one message with {@link #encodeUpdate}.
   */
  default boolean writesUpdates() {
    return false;
  }

  /** Whether {@code element} is the before image of an update ({@link #writesUpdates()}). */
  default boolean isUpdateBefore(T element) {
    return false;
  }

  /** Whether {@code element} is the after image of an update ({@link #writesUpdates()}). */
  default boolean isUpdateAfter(T element) {
    return false;
  }

  /** Encodes an update from its two elements ({@link #writesUpdates()}). */
  default EncodedRecord encodeUpdate(T before, T after) throws BadRowException {
    throw new UnsupportedOperationException("this encoder writes each element alone");
  }

  /** The row a {@code sink.partitioner} is shown for {@code element}, or null. */
  @Nullable Row partitionerRow(T element);

  /** Where records go, for bad-record messages: {@code topic 'orders'}, .... */
  String destination();

  /** Releases what encoding built and kept (caches); called in the writer's teardown. */
  default void close() {}
}
