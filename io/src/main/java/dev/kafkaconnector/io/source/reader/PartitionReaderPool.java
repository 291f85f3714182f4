package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.ConsumerSettings;
import dev.kafkaconnector.io.source.SourceSpec;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The idle {@link PartitionReader}s of one source in this JVM, by partition. A reader is lent to
 * one {@code @ProcessElement} call at a time and given back afterwards, so that a resumed
 * restriction continues with the same consumer and its prefetched records; readers unused for a
 * minute are closed when the pool is next used, and all of them when the source's last DoFn is
 * torn down. Lending, giving back and closing hold one lock, so a reader is never closed while it
 * is lent.
 */
final class PartitionReaderPool {
  private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final long PRUNE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
  private static final AtomicLong CLIENT_IDS = new AtomicLong();

  private final SourceSpec spec;
  private final EndOffsets endOffsets;
  private final Map<TopicPartition, PartitionReader> idle = new HashMap<>();
  private long lastPruneNanos = System.nanoTime();
  private boolean closed;

  PartitionReaderPool(SourceSpec spec, EndOffsets endOffsets) {
    this.spec = spec;
    this.endOffsets = endOffsets;
  }

  /** A reader positioned at {@code offset}, reusing an idle one when there is one. */
  PartitionReader borrow(TopicPartition partition, long offset) {
    PartitionReader reader;
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the readers of " + spec.subscription() + " are closed");
      }
      reader = idle.remove(partition);
      pruneIdle();
    }
    if (reader == null) {
      reader = new PartitionReader(partition, newConsumer(partition), offset);
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
        previous = idle.put(reader.partition(), reader);
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
    Map<TopicPartition, PartitionReader> toClose;
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
