package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer assigned to one partition, with the records of its last poll that were not handed
 * out yet. It outlives a single {@code @ProcessElement} call: when the runner checkpoints the
 * restriction and resumes it, the same reader continues with its buffered and prefetched records,
 * without a new consumer or a seek.
 *
 * <p>The reader belongs to one incarnation of its topic, named by the topic id of its descriptor
 * (or, for a descriptor without id, the id looked up at its first existence check and kept in the
 * reader, not in checkpointed state: a restored or rescaled reader looks it up again). It takes the
 * partition as gone only when the admin client confirms that this id no longer exists; a consumer
 * saying "unknown partition" only makes it ask. What the kept id means on restore from an older
 * savepoint, rescale, a second job and a re-created topic is written down at {@link
 * dev.kafkaconnector.io.source.spec.PartitionDescriptor}.
 *
 * <p>When its position is out of range, the reader first checks that the topic is the same
 * incarnation (a re-created topic's partition has other offsets: that read ends instead), then
 * continues at the partition's earliest (or end) offset, logs both offsets and counts the reset in
 * the {@code kafka-connector} counter {@code offset-resets}.
 */
final class PartitionReader implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PartitionReader.class);

  /**
   * How often the topic id is checked while the consumer's metadata still lists the partition (a
   * topic deleted and re-created at once may never look missing to the consumer).
   */
  static final Duration ID_CHECK_INTERVAL = Duration.ofSeconds(30);

  /** How often a read waiting for offsets behind the last stable offset says so. */
  private static final long BLOCKED_WARNING_EVERY_NANOS = Duration.ofMinutes(1).toNanos();

  private final TopicPartition partition;
  private final Consumer<byte[], byte[]> consumer;
  private final TopicLookup topics;
  private final String isolationLevel;
  private final Counter offsetResets = Metrics.counter(SourceMetrics.NAMESPACE, "offset-resets");

  /** The topic id of the descriptor the reader was made for (null: none), its key in the pool. */
  private final @Nullable String descriptorTopicId;

  /** The id of the topic incarnation this reader reads, or null until known. */
  private @Nullable String topicId;

  private boolean gone;
  private long lastIdCheckNanos = System.nanoTime();
  private long lastBlockedWarningNanos;
  private List<ConsumerRecord<byte[], byte[]>> buffer = Collections.emptyList();
  private int index;

  /** The offset the next handed-out record may have at the earliest. */
  private long nextOffset;

  private volatile long endOffsetEstimate = -1;
  private volatile long lastUsedNanos = System.nanoTime();

  /** When the last poll gave records (or the reader was made). */
  private long lastRecordNanos = System.nanoTime();

  /** The wall-clock time of the last poll that gave records, in ms. */
  private long lastFetchMillis = System.currentTimeMillis();

  private long lastExistenceCheckNanos = System.nanoTime();

  /**
   * @param topicId the id of the topic incarnation to read, or null to look it up by name at the
   *     first existence check
   * @param isolationLevel the consumer's {@code isolation.level}, for messages
   */
  PartitionReader(
      TopicPartition partition,
      @Nullable String topicId,
      Consumer<byte[], byte[]> consumer,
      TopicLookup topics,
      String isolationLevel,
      long start) {
    this.partition = partition;
    this.topicId = topicId;
    this.descriptorTopicId = topicId;
    this.consumer = consumer;
    this.topics = topics;
    this.isolationLevel = isolationLevel;
    if (topicId == null) {
      // Look the id up at the first existence check.
      lastIdCheckNanos -= ID_CHECK_INTERVAL.toNanos();
    }
    consumer.assign(List.of(partition));
    seek(start);
  }

  TopicPartition partition() {
    return partition;
  }

  /** The topic id of the descriptor this reader was made for, or null when it had none. */
  @Nullable String descriptorTopicId() {
    return descriptorTopicId;
  }

  /** Whether the cluster confirmed that the topic incarnation this reader reads is gone. */
  boolean gone() {
    return gone;
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
   * The records of the last poll not handed out yet, polling for up to {@code timeout} when none is
   * left; empty when nothing arrived. The list is a view that {@link #advance} does not change:
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

  /** The wall-clock time (ms) when the records handed out now were fetched. */
  long lastFetchMillis() {
    return lastFetchMillis;
  }

  /** The consumer's own metrics (a live view). */
  Map<MetricName, ? extends Metric> clientMetrics() {
    return consumer.metrics();
  }

  /** How long the partition has given no records. */
  long nanosWithoutRecords() {
    return System.nanoTime() - lastRecordNanos;
  }

  /** Whether records past the position are known to exist (the last poll saw them). */
  boolean behind() {
    return endOffsetEstimate >= 0 && fetchPosition() < endOffsetEstimate;
  }

  /** Whether the partition was caught up at the last poll (no record left before its end). */
  boolean caughtUp() {
    return endOffsetEstimate >= 0 && fetchPosition() >= endOffsetEstimate;
  }

  /**
   * Whether the partition still exists, asked at most every {@code every} while it gives no
   * records; true when not asked this time or when the cluster gives no clear answer. The
   * consumer's metadata is asked first; when it does not list the partition, or every {@link
   * #ID_CHECK_INTERVAL} anyway, the admin client is asked whether the topic id still exists: only a
   * confirmed deletion (id unknown, or no topic under the name when the id was never known) ends
   * the read. An authentication or authorization failure is thrown.
   */
  boolean stillExists(Duration every) {
    if (gone) {
      return false;
    }
    long now = System.nanoTime();
    if (now - lastExistenceCheckNanos < every.toNanos()
        || now - lastRecordNanos < every.toNanos()) {
      return true;
    }
    lastExistenceCheckNanos = now;
    boolean listed;
    try {
      List<PartitionInfo> partitions =
          consumer.partitionsFor(partition.topic(), Duration.ofSeconds(5));
      listed =
          partitions != null
              && partitions.stream().anyMatch(p -> p.partition() == partition.partition());
    } catch (RuntimeException e) {
      rethrowRefusal(e);
      LOG.debug("Could not check that {} exists: {}", partition, e.toString());
      listed = false;
    }
    if (listed && now - lastIdCheckNanos < ID_CHECK_INTERVAL.toNanos()) {
      return true;
    }
    return !confirmGone();
  }

  /**
   * Asks the admin client whether this reader's topic incarnation is gone; remembers the answer.
   * False when the cluster gives no clear answer.
   */
  private boolean confirmGone() {
    lastIdCheckNanos = System.nanoTime();
    try {
      if (topicId == null) {
        Optional<String> id = topics.idOf(partition.topic());
        if (id.isEmpty()) {
          gone = true;
        } else {
          topicId = id.get();
        }
      } else if (!topics.exists(topicId)) {
        gone = true;
      }
    } catch (RuntimeException e) {
      rethrowRefusal(e);
      LOG.info(
          "Topic '{}' partition {} looks missing, but the cluster could not confirm it (topic id"
              + " {}); reading on: {}",
          partition.topic(),
          partition.partition(),
          topicId,
          e.toString());
      return false;
    }
    if (gone) {
      LOG.warn(
          "Topic '{}' (topic id {}) no longer exists: the read of partition {} ends at offset {}",
          partition.topic(),
          topicId,
          partition.partition(),
          nextOffset);
    }
    return gone;
  }

  private static void rethrowRefusal(RuntimeException e) {
    if (AuthenticationFailures.find(e) != null || AuthenticationFailures.findDenial(e) != null) {
      // Not a question of existence: the reader fails (see ReadPartitionFn).
      throw e;
    }
  }

  /**
   * Says (at most once a minute) why a bounded read waits although it reached the partition's
   * visible end: its stop offset lies beyond the last stable offset, which a transaction still open
   * holds back under {@code read_committed} (the read goes on once the transaction commits or
   * aborts, at the latest after the producer's {@code transaction.timeout.ms}), or beyond the end
   * offset under {@code read_uncommitted} (the records are not written yet).
   */
  void warnIfWaitingBefore(long stop) {
    long end = endOffsetEstimate;
    long now = System.nanoTime();
    if (end < 0 || end >= stop || fetchPosition() < end) {
      return;
    }
    if (lastBlockedWarningNanos != 0
        && now - lastBlockedWarningNanos < BLOCKED_WARNING_EVERY_NANOS) {
      return;
    }
    lastBlockedWarningNanos = now;
    if (isolationLevel.equalsIgnoreCase("read_committed")) {
      LOG.warn(
          "Bounded read of topic '{}' partition {} waits: its stop offset {} (scan.bounded.mode)"
              + " lies beyond the last stable offset {}, held back by a transaction that is still"
              + " open. The read goes on when that transaction commits or aborts (at the latest"
              + " when its producer's transaction.timeout.ms expires). 'scan.bounded.mode' ="
              + " 'latest-offset' ends at the last stable offset instead.",
          partition.topic(),
          partition.partition(),
          stop,
          end);
    } else {
      LOG.warn(
          "Bounded read of topic '{}' partition {} waits: its stop offset {} (scan.bounded.mode)"
              + " lies beyond the partition's end offset {}; the read goes on as records arrive.",
          partition.topic(),
          partition.partition(),
          stop,
          end);
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
      records = Collections.emptyList();
      if (!confirmGone()) {
        resetOutOfRange(e.offsetOutOfRangePartitions().getOrDefault(partition, nextOffset));
      }
    }
    buffer = records;
    index = 0;
    if (!records.isEmpty()) {
      lastRecordNanos = System.nanoTime();
      lastFetchMillis = System.currentTimeMillis();
    }
    if (gone) {
      return; // the position was out of range and is not reset: nothing more to read
    }
    OptionalLong lag = consumer.currentLag(partition);
    if (lag.isPresent()) {
      endOffsetEstimate = consumer.position(partition) + lag.getAsLong();
    }
  }

  /**
   * Continues after an out-of-range position: at the end when the offset is past it, else at the
   * earliest offset (records deleted by retention). Logged with both offsets and counted.
   */
  private void resetOutOfRange(long missing) {
    long earliest = consumer.beginningOffsets(List.of(partition)).get(partition);
    long end = consumer.endOffsets(List.of(partition)).get(partition);
    long to;
    if (missing > end) {
      to = end;
      LOG.warn(
          "Offset {} of topic '{}' partition {} is past the end of the partition; continuing at"
              + " the end offset {} (counted in kafka-connector/offset-resets).",
          missing,
          partition.topic(),
          partition.partition(),
          end);
    } else {
      to = earliest;
      LOG.warn(
          "Offset {} of topic '{}' partition {} is no longer in Kafka (deleted by retention);"
              + " continuing at the earliest offset {}. Records {}..{} were not read (counted in"
              + " kafka-connector/offset-resets).",
          missing,
          partition.topic(),
          partition.partition(),
          earliest,
          missing,
          earliest - 1);
    }
    offsetResets.inc();
    consumer.seek(partition, to);
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
