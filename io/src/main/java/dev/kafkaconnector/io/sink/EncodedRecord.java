package dev.kafkaconnector.io.sink;

import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One record to send, as encoded from an input element.
 *
 * @param topic where it goes
 * @param partition the partition from a {@code partition} metadata column, or null
 * @param timestamp epoch milliseconds from a {@code timestamp} column, or null (the producer's)
 * @param key the encoded key, or null
 * @param value the encoded value, or null (a tombstone)
 * @param headers from a {@code headers} column, or null
 */
public record EncodedRecord(
    String topic,
    @Nullable Integer partition,
    @Nullable Long timestamp,
    byte @Nullable [] key,
    byte @Nullable [] value,
    @Nullable Map<String, byte[]> headers) {

  /** Key plus value bytes. */
  public int size() {
    return (key == null ? 0 : key.length) + (value == null ? 0 : value.length);
  }
}
