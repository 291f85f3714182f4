package dev.kafkaconnector.io.source.decode;

import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A record that could not be turned into rows. The message names the topic, partition and offset
 * and the reason (format, field); the record is kept for a dead-letter output.
 */
public final class BadRecordException extends KafkaSourceException {
  private static final long serialVersionUID = 1L;

  private final transient ConsumerRecord<byte[], byte[]> record;

  public BadRecordException(ConsumerRecord<byte[], byte[]> record, String reason, Throwable cause) {
    super(
        "Cannot decode the record at topic '"
            + record.topic()
            + "' partition "
            + record.partition()
            + " offset "
            + record.offset()
            + ": "
            + reason,
        cause);
    this.record = record;
  }

  /** The record that failed. */
  public ConsumerRecord<byte[], byte[]> record() {
    return record;
  }
}
