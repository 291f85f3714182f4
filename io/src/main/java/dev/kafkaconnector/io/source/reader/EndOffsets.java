package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.spec.ConsumerSettings;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * End offsets of a source's partitions in this JVM: estimates that the readers report after each
 * poll, and, for a partition no reader here has read yet (a restriction sized on another worker), a
 * look-up at the broker, kept for a few seconds so that runners asking for sizes often do not each
 * cause a request.
 */
final class EndOffsets {
  private static final Logger LOG = LoggerFactory.getLogger(EndOffsets.class);
  private static final long LOOKUP_TTL_NANOS = Duration.ofSeconds(5).toNanos();
  private static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(5);

  private record Estimate(long endOffset, long atNanos) {}

  private final SourceSpec spec;
  private final Map<TopicPartition, Estimate> estimates = new ConcurrentHashMap<>();
  private KafkaConsumer<byte[], byte[]> lookup;
  private boolean closed;

  EndOffsets(SourceSpec spec) {
    this.spec = spec;
  }

  /** Records what a reader saw; -1 (unknown) is ignored. */
  void report(TopicPartition partition, long endOffset) {
    if (endOffset >= 0) {
      estimates.put(partition, new Estimate(endOffset, System.nanoTime()));
    }
  }

  /** The last known end offset, without any request; -1 when none is known. */
  long cached(TopicPartition partition) {
    Estimate e = estimates.get(partition);
    return e == null ? -1 : e.endOffset();
  }

  /**
   * The end offset, asking the broker when no fresh estimate is known; -1 when the broker cannot be
   * asked (logged).
   */
  long current(TopicPartition partition) {
    Estimate e = estimates.get(partition);
    if (e != null && System.nanoTime() - e.atNanos() < LOOKUP_TTL_NANOS) {
      return e.endOffset();
    }
    synchronized (this) {
      if (closed) {
        return e == null ? -1 : e.endOffset();
      }
      try {
        if (lookup == null) {
          lookup = new KafkaConsumer<>(ConsumerSettings.reader(spec, "end-offsets"));
        }
        Long end = lookup.endOffsets(List.of(partition), LOOKUP_TIMEOUT).get(partition);
        if (end != null) {
          report(partition, end);
          return end;
        }
      } catch (RuntimeException ex) {
        LOG.warn("Looking up the end offset of {} failed: {}", partition, ex.toString());
      }
      return e == null ? -1 : e.endOffset();
    }
  }

  synchronized void close() {
    closed = true;
    if (lookup != null) {
      lookup.close(Duration.ZERO);
      lookup = null;
    }
  }
}
