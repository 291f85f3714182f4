package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.SourceSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Per-JVM pool of {@link PartitionReader}s keyed by source and partition. A reader is lent to one
 * {@code @ProcessElement} call at a time and returned afterwards; readers unused for a minute are
 * closed.
 */
final class PartitionReaderPool {
  private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final Map<Key, PartitionReader> IDLE = new ConcurrentHashMap<>();
  private static final Map<Key, Long> END_OFFSETS = new ConcurrentHashMap<>();
  private static final AtomicLong CLIENT_IDS = new AtomicLong();
  private static final ScheduledExecutorService REAPER =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "kafka-connector-reader-reaper");
            t.setDaemon(true);
            return t;
          });

  static {
    REAPER.scheduleWithFixedDelay(PartitionReaderPool::closeIdle, 10, 10, TimeUnit.SECONDS);
  }

  private record Key(String readerId, TopicPartition partition) {}

  private PartitionReaderPool() {}

  /** A reader positioned at {@code offset}, reusing an idle one when there is one. */
  static PartitionReader borrow(SourceSpec spec, TopicPartition partition, long offset) {
    PartitionReader reader = IDLE.remove(new Key(spec.readerId(), partition));
    if (reader == null) {
      reader = new PartitionReader(partition, newConsumer(spec, partition), offset);
    } else if (reader.nextOffset() != offset) {
      reader.seek(offset);
    }
    reader.touch();
    return reader;
  }

  /** Returns a reader for later reuse. */
  static void release(SourceSpec spec, PartitionReader reader) {
    reader.touch();
    long end = reader.endOffsetEstimate();
    if (end >= 0) {
      END_OFFSETS.put(new Key(spec.readerId(), reader.partition()), end);
    }
    PartitionReader previous = IDLE.put(new Key(spec.readerId(), reader.partition()), reader);
    if (previous != null && previous != reader) {
      previous.close();
    }
  }

  /** The last end offset a reader of this source saw for {@code partition}, or -1. */
  static long endOffsetEstimate(SourceSpec spec, TopicPartition partition) {
    return END_OFFSETS.getOrDefault(new Key(spec.readerId(), partition), -1L);
  }

  private static void closeIdle() {
    IDLE.entrySet()
        .removeIf(
            e -> {
              if (e.getValue().idleNanos() > IDLE_NANOS) {
                e.getValue().close();
                return true;
              }
              return false;
            });
  }

  private static KafkaConsumer<byte[], byte[]> newConsumer(SourceSpec spec, TopicPartition tp) {
    Map<String, Object> props = new HashMap<>(spec.clientProperties());
    // Readers are assigned, not subscribed: the group is only used for commits and look-ups.
    props.remove(ConsumerConfig.GROUP_ID_CONFIG);
    props.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
    props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
    props.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
    String clientId = (String) props.getOrDefault(ConsumerConfig.CLIENT_ID_CONFIG, "kafka-connector");
    props.put(
        ConsumerConfig.CLIENT_ID_CONFIG,
        clientId + "-reader-" + tp + "-" + CLIENT_IDS.incrementAndGet());
    return new KafkaConsumer<>(props);
  }
}
