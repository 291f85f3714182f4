package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.spec.ConsumerSettings;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits one source's read progress to its {@code properties.group.id} after the runner made a
 * checkpoint durable (Beam bundle finalization). Commits are progress reports only: they are
 * coalesced per partition, made on one background thread (started at the first commit), and a
 * failure is logged, never thrown. {@link #close()} flushes what is pending, closes the consumer
 * and stops the thread.
 */
final class OffsetCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(OffsetCommitter.class);

  private final SourceSpec spec;
  private final Map<TopicPartition, Long> pending = new ConcurrentHashMap<>();

  /** What was last committed per partition; touched by the commit thread only. */
  private final Map<TopicPartition, Long> committed = new HashMap<>();

  private ExecutorService executor;
  private KafkaConsumer<byte[], byte[]> consumer;
  private boolean closed;

  OffsetCommitter(SourceSpec spec) {
    this.spec = spec;
  }

  /** Commits {@code nextOffset} (the offset of the next record to read) for {@code partition}. */
  void commit(TopicPartition partition, long nextOffset) {
    pending.merge(partition, nextOffset, Math::max);
    synchronized (this) {
      if (closed) {
        LOG.debug("Not committing {} for {}: the source was closed", nextOffset, partition);
        return;
      }
      if (executor == null) {
        executor =
            Executors.newSingleThreadExecutor(
                r -> {
                  Thread t = new Thread(r, "kafka-connector-commit-" + spec.groupId());
                  t.setDaemon(true);
                  return t;
                });
      }
      try {
        executor.execute(this::flush);
      } catch (RejectedExecutionException e) {
        LOG.debug("Not committing {} for {}: the committer stopped", nextOffset, partition);
      }
    }
  }

  /** Flushes pending commits, then closes the consumer and stops the thread. */
  void close() {
    ExecutorService toStop;
    synchronized (this) {
      closed = true;
      toStop = executor;
    }
    if (toStop == null) {
      return;
    }
    toStop.execute(
        () -> {
          flush();
          if (consumer != null) {
            consumer.close(Duration.ofSeconds(5));
            consumer = null;
          }
        });
    toStop.shutdown();
    try {
      if (!toStop.awaitTermination(15, TimeUnit.SECONDS)) {
        LOG.warn("The offset committer of group '{}' did not stop in 15 s", spec.groupId());
        toStop.shutdownNow();
      }
    } catch (InterruptedException e) {
      toStop.shutdownNow();
      Thread.currentThread().interrupt();
    }
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
      if (consumer == null) {
        consumer = new KafkaConsumer<>(ConsumerSettings.groupClient(spec, "committer"));
      }
      consumer.commitSync(batch, Duration.ofSeconds(30));
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
}
