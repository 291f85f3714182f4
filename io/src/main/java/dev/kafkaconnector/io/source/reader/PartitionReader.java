package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer assigned to one partition, with the records of its last poll that were not handed
 * out yet. It outlives a single {@code @ProcessElement} call: when the runner checkpoints the
 * restriction and resumes it, the same reader continues with its buffered and prefetched records,
 * without a new consumer or a seek.
 */
final class PartitionReader implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PartitionReader.class);

  private final TopicPartition partition;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private List<ConsumerRecord<byte[], byte[]>> buffer = Collections.emptyList();
  private int index;
  /** The offset the next handed-out record may have at the earliest. */
  private long nextOffset;
  private volatile long endOffsetEstimate = -1;
  private volatile long lastUsedNanos = System.nanoTime();
  /** When the last poll gave records (or the reader was made). */
  private long lastRecordNanos = System.nanoTime();
  private long lastExistenceCheckNanos = System.nanoTime();
  private int missingAnswers;

  PartitionReader(TopicPartition partition, KafkaConsumer<byte[], byte[]> consumer, long start) {
    this.partition = partition;
    this.consumer = consumer;
    consumer.assign(List.of(partition));
    seek(start);
  }

  TopicPartition partition() {
    return partition;
  }

  /** Moves to {@code offset}, dropping buffered records. */
  void seek(long offset) {
    consumer.seek(partition, offset);
    buffer = Collections.emptyList();
    index = 0;
    nextOffset = offset;
  }

  /** Where the next record would come from, for reuse checks. */
  long nextOffset() {
    return nextOffset;
  }

  /**
   * The records of the last poll not handed out yet, polling for up to {@code timeout} when none
   * is left; empty when nothing arrived. The list is a view that {@link #advance} does not change:
   * record {@code i} of it is the one consumed by the {@code i+1}-th {@link #advance}.
   */
  List<ConsumerRecord<byte[], byte[]>> pending(Duration timeout) {
    if (index >= buffer.size()) {
      poll(timeout);
      if (index >= buffer.size()) {
        return Collections.emptyList();
      }
    }
    return buffer.subList(index, buffer.size());
  }

  /** Consumes the first record {@link #pending} returned and not consumed yet. */
  void advance() {
    nextOffset = buffer.get(index).offset() + 1;
    index++;
  }

  /**
   * The consumer's fetch position when nothing is buffered (it can be past the last record because
   * of transaction markers or compaction).
   */
  long fetchPosition() {
    return index < buffer.size() ? buffer.get(index).offset() : consumer.position(partition);
  }

  /** The last known end offset of the partition, or -1 when unknown yet. */
  long endOffsetEstimate() {
    return endOffsetEstimate;
  }

  /** How long the partition has given no records. */
  long nanosWithoutRecords() {
    return System.nanoTime() - lastRecordNanos;
  }

  /** Whether the partition was caught up at the last poll (no record left before its end). */
  boolean caughtUp() {
    return endOffsetEstimate >= 0 && fetchPosition() >= endOffsetEstimate;
  }

  /**
   * Whether the partition still exists, asked at most every {@code every} while it gives no
   * records; true when not asked this time or when the broker cannot be asked. A partition is only
   * taken as gone when the broker said so twice in a row. An authentication or authorization
   * failure is thrown.
   */
  boolean stillExists(Duration every) {
    long now = System.nanoTime();
    if (now - lastExistenceCheckNanos < every.toNanos()
        || now - lastRecordNanos < every.toNanos()) {
      return true;
    }
    lastExistenceCheckNanos = now;
    try {
      List<org.apache.kafka.common.PartitionInfo> partitions =
          consumer.partitionsFor(partition.topic(), Duration.ofSeconds(5));
      boolean exists =
          partitions != null
              && partitions.stream().anyMatch(p -> p.partition() == partition.partition());
      missingAnswers = exists ? 0 : missingAnswers + 1;
      return missingAnswers < 2;
    } catch (RuntimeException e) {
      if (AuthenticationFailures.find(e) != null || AuthenticationFailures.findDenial(e) != null) {
        // Not a question of existence: the reader fails (see ReadPartitionFn).
        throw e;
      }
      LOG.debug("Could not check that {} exists: {}", partition, e.toString());
      return true;
    }
  }

  void touch() {
    lastUsedNanos = System.nanoTime();
  }

  long idleNanos() {
    return System.nanoTime() - lastUsedNanos;
  }

  private void poll(Duration timeout) {
    List<ConsumerRecord<byte[], byte[]>> records;
    try {
      records = consumer.poll(timeout).records(partition);
    } catch (OffsetOutOfRangeException e) {
      long missing = e.offsetOutOfRangePartitions().getOrDefault(partition, nextOffset);
      long earliest = consumer.beginningOffsets(List.of(partition)).get(partition);
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      if (missing > end) {
        LOG.warn(
            "Offset {} of {} is past the end of the partition ({}); continuing at the end.",
            missing,
            partition,
            end);
        consumer.seek(partition, end);
      } else {
        LOG.warn(
            "Offset {} of {} is no longer in Kafka (deleted by retention); continuing at the"
                + " earliest offset {}. Records {}..{} were not read.",
            missing,
            partition,
            earliest,
            missing,
            earliest - 1);
        consumer.seek(partition, earliest);
      }
      records = Collections.emptyList();
    }
    buffer = records;
    index = 0;
    if (!records.isEmpty()) {
      lastRecordNanos = System.nanoTime();
    }
    OptionalLong lag = consumer.currentLag(partition);
    if (lag.isPresent()) {
      endOffsetEstimate = consumer.position(partition) + lag.getAsLong();
    }
  }

  @Override
  public void close() {
    try {
      // Readers have no group to leave or offsets to commit; a graceful close would wait for the
      // fetch still parked at the broker (up to fetch.max.wait.ms).
      consumer.close(Duration.ZERO);
    } catch (RuntimeException e) {
      LOG.warn("Closing the consumer of {} failed: {}", partition, e.toString());
    }
  }
}
