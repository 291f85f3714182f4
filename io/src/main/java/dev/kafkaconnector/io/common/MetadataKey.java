package dev.kafkaconnector.io.common;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.joda.time.Instant;

/**
 * The metadata a Kafka record carries besides its key and value, readable as columns with {@code
 * metadata.list}. Keys and types are the spec's.
 */
public enum MetadataKey {
  TOPIC("topic", FieldType.STRING, true, r -> r.topic()),
  PARTITION("partition", FieldType.INT32, true, r -> r.partition()),
  OFFSET("offset", FieldType.INT64, false, r -> r.offset()),
  TIMESTAMP("timestamp", FieldType.DATETIME, true, r -> new Instant(r.timestamp())),
  TIMESTAMP_TYPE("timestamp-type", FieldType.STRING, false, r -> r.timestampType().name),
  HEADERS(
      "headers",
      FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)),
      true,
      MetadataKey::headers),
  LEADER_EPOCH(
      "leader-epoch", FieldType.INT32.withNullable(true), false, r -> r.leaderEpoch().orElse(null)),
  RAW_KEY("__raw_key__", FieldType.BYTES.withNullable(true), false, r -> r.key()),
  RAW_VALUE("__raw_value__", FieldType.BYTES.withNullable(true), false, r -> r.value());

  /** Reads one metadata value from a record. */
  @FunctionalInterface
  public interface Extractor extends Serializable {
    Object extract(ConsumerRecord<byte[], byte[]> record);
  }

  private static final Map<String, MetadataKey> BY_KEY = new HashMap<>();

  static {
    for (MetadataKey k : values()) {
      BY_KEY.put(k.key, k);
    }
  }

  private final String key;
  private final FieldType type;
  private final Extractor extractor;
  private final boolean writable;

  MetadataKey(String key, FieldType type, boolean writable, Extractor extractor) {
    this.key = key;
    this.type = type;
    this.writable = writable;
    this.extractor = extractor;
  }

  /** Whether a sink can write this metadata (topic, partition, timestamp, headers). */
  public boolean writable() {
    return writable;
  }

  /** The key as written in {@code metadata.list}. */
  public String key() {
    return key;
  }

  /** The Beam type of the column. */
  public FieldType type() {
    return type;
  }

  public Extractor extractor() {
    return extractor;
  }

  /** The metadata key written as {@code key}. */
  public static Optional<MetadataKey> fromKey(String key) {
    return Optional.ofNullable(BY_KEY.get(key));
  }

  /** All keys, for messages. */
  public static String allKeys() {
    return Arrays.stream(values()).map(MetadataKey::key).toList().toString();
  }

  /**
   * Headers as a map. When a key occurs more than once the last value wins, as in Flink's Kafka
   * connector.
   */
  private static Map<String, byte[]> headers(ConsumerRecord<byte[], byte[]> record) {
    Map<String, byte[]> out = new HashMap<>();
    for (Header header : record.headers()) {
      out.put(header.key(), header.value());
    }
    return out;
  }

  @Override
  public String toString() {
    return key;
  }
}
