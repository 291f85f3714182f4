package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.SourceSpec;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits read progress to {@code properties.group.id} after the runner made a checkpoint durable
 * (Beam bundle finalization). Commits are progress reports only: they are coalesced per partition,
 * made on a background thread, and a failure is logged, never thrown.
 */
final class OffsetCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(OffsetCommitter.class);
  private static final Map<String, OffsetCommitter> BY_READER = new ConcurrentHashMap<>();

  private final SourceSpec spec;
  private final Map<TopicPartition, Long> pending = new ConcurrentHashMap<>();
  /** What was last committed per partition; touched by the commit thread only. */
  private final Map<TopicPartition, Long> committed = new HashMap<>();
  private final ExecutorService executor;
  private KafkaConsumer<byte[], byte[]> consumer;

  private OffsetCommitter(SourceSpec spec) {
    this.spec = spec;
    this.executor =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "kafka-connector-commit-" + spec.groupId());
              t.setDaemon(true);
              return t;
            });
  }

  /** The committer of a source; one per source and JVM. */
  static OffsetCommitter of(SourceSpec spec) {
    return BY_READER.computeIfAbsent(spec.readerId(), id -> new OffsetCommitter(spec));
  }

  /** Commits {@code nextOffset} (the offset of the next record to read) for {@code partition}. */
  void commit(TopicPartition partition, long nextOffset) {
    pending.merge(partition, nextOffset, Math::max);
    executor.execute(this::flush);
  }

  private void flush() {
    Map<TopicPartition, OffsetAndMetadata> batch = new HashMap<>();
    for (TopicPartition tp : pending.keySet()) {
      Long offset = pending.remove(tp);
      if (offset != null && !offset.equals(committed.get(tp))) {
        batch.put(tp, new OffsetAndMetadata(offset));
      }
    }
    if (batch.isEmpty()) {
      return;
    }
    try {
      consumer().commitSync(batch, Duration.ofSeconds(30));
      batch.forEach((tp, om) -> committed.put(tp, om.offset()));
      LOG.debug("Committed {} to group {}", batch, spec.groupId());
    } catch (RuntimeException e) {
      LOG.warn(
          "Committing offsets {} to group '{}' failed; this only affects progress monitoring,"
              + " not the job's data: {}",
          batch,
          spec.groupId(),
          e.toString());
    }
  }

  private KafkaConsumer<byte[], byte[]> consumer() {
    if (consumer == null) {
      Map<String, Object> props = new HashMap<>(spec.clientProperties());
      props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
      props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
      props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
      props.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
      props.put(
          ConsumerConfig.CLIENT_ID_CONFIG,
          props.getOrDefault(ConsumerConfig.CLIENT_ID_CONFIG, "kafka-connector") + "-committer");
      consumer = new KafkaConsumer<>(props);
    }
    return consumer;
  }
}
