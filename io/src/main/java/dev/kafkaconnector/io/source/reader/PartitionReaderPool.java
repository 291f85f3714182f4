package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.spec.ConsumerSettings;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The idle {@link PartitionReader}s of one source in this JVM, by partition. A reader is lent to
 * one {@code @ProcessElement} call at a time and given back afterwards, so that a resumed
 * restriction continues with the same consumer and its prefetched records; readers unused for a
 * minute are closed when the pool is next used, and all of them when the source's last DoFn is torn
 * down. Lending, giving back and closing hold one lock, so a reader is never closed while it is
 * lent. Readers are kept by partition and topic id, so a descriptor of a re-created topic never
 * gets the reader of the incarnation before it.
 */
final class PartitionReaderPool {
  private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final long PRUNE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
  private static final AtomicLong CLIENT_IDS = new AtomicLong();

  private final SourceSpec spec;
  private final EndOffsets endOffsets;
  private final TopicLookup topics;
  private final Map<Key, PartitionReader> idle = new HashMap<>();
  private long lastPruneNanos = System.nanoTime();
  private boolean closed;

  /** A partition of one topic incarnation (null id: not known). */
  private record Key(TopicPartition partition, @Nullable String topicId) {}

  PartitionReaderPool(SourceSpec spec, EndOffsets endOffsets, TopicLookup topics) {
    this.spec = spec;
    this.endOffsets = endOffsets;
    this.topics = topics;
  }

  /**
   * A reader of {@code partition} positioned at {@code offset}, reusing an idle one when there is
   * one.
   *
   * @param topicId the id of the topic incarnation to read, or null when the descriptor has none
   */
  PartitionReader borrow(TopicPartition partition, @Nullable String topicId, long offset) {
    PartitionReader reader;
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the readers of " + spec.subscription() + " are closed");
      }
      reader = idle.remove(new Key(partition, topicId));
      pruneIdle();
    }
    if (reader == null) {
      reader =
          new PartitionReader(
              partition,
              topicId,
              newConsumer(partition),
              topics,
              ConsumerSettings.isolationLevel(spec),
              offset);
    } else if (reader.nextOffset() != offset) {
      reader.seek(offset);
    }
    reader.touch();
    return reader;
  }

  /** Gives a reader back for later reuse (or closes it when the pool is closed). */
  void release(PartitionReader reader) {
    reader.touch();
    endOffsets.report(reader.partition(), reader.endOffsetEstimate());
    PartitionReader previous;
    synchronized (this) {
      if (closed) {
        previous = reader;
      } else {
        previous = idle.put(new Key(reader.partition(), reader.descriptorTopicId()), reader);
      }
    }
    if (previous != null && previous != reader) {
      previous.close();
    } else if (previous == reader) {
      reader.close();
    }
  }

  /** Closes every idle reader; readers given back later are closed at once. */
  void close() {
    Map<Key, PartitionReader> toClose;
    synchronized (this) {
      closed = true;
      toClose = new HashMap<>(idle);
      idle.clear();
    }
    toClose.values().forEach(PartitionReader::close);
  }

  /** Under the lock: closes readers idle for more than a minute, at most every 10 s. */
  private void pruneIdle() {
    long now = System.nanoTime();
    if (now - lastPruneNanos < PRUNE_EVERY_NANOS) {
      return;
    }
    lastPruneNanos = now;
    for (Iterator<PartitionReader> it = idle.values().iterator(); it.hasNext(); ) {
      PartitionReader reader = it.next();
      if (reader.idleNanos() > IDLE_NANOS) {
        it.remove();
        reader.close();
      }
    }
  }

  private KafkaConsumer<byte[], byte[]> newConsumer(TopicPartition tp) {
    return new KafkaConsumer<>(
        ConsumerSettings.reader(spec, "reader-" + tp + "-" + CLIENT_IDS.incrementAndGet()));
  }
}
