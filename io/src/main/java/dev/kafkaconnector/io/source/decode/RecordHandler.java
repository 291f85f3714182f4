package dev.kafkaconnector.io.source.decode;

import java.io.Serializable;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What the reader does with each Kafka record it claims: turns it into zero or more outputs. {@link
 * RecordDecoder} gives rows of one schema; the change-stream source gives change events. One
 * instance serves one reader instance (a DoFn instance on one thread), so a handler may keep state
 * between records in transient fields, opened in {@link #open} and dropped in {@link #close}.
 *
 * @param <T> the output type
 */
public interface RecordHandler<T> extends Serializable {

  /** Receives the outputs of one record. */
  @FunctionalInterface
  interface Emitter<T> {
    void emit(T output);
  }

  /**
   * Handles one record.
   *
   * @throws BadRecordException naming topic, partition, offset and the reason, when the record
   *     cannot be turned into outputs (the source's bad-record policy takes it)
   */
  void handle(ConsumerRecord<byte[], byte[]> record, Emitter<T> out);

  /** Called when the reader is set up, before any record. */
  default void open() {}

  /** Called when the reader is torn down: drops what {@link #open} or records built. */
  default void close() {}
}
