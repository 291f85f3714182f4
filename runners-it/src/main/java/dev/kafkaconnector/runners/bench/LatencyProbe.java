package dev.kafkaconnector.runners.bench;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads the output topic of a latency case from its start, in a thread of its own, and keeps each
 * record's end-to-end latency: its arrival here ({@link System#nanoTime()} after the poll that
 * returned it) less the send time the producer wrote into it. A record seen twice (at-least-once)
 * keeps its first latency and counts as a duplicate. Exactly-once cases read {@code
 * read_committed}, so a record arrives when its transaction commits. The output topic keeps the
 * broker's append time ({@code message.timestamp.type=LogAppendTime}), so each record also tells
 * how long it took to reach the output topic (in milliseconds, by the wall clock), which splits the
 * job's share of the latency from the time this consumer took to fetch it.
 */
final class LatencyProbe implements AutoCloseable {
  private final long[] latencyNanos;

  /** Per record: the output topic's append time less the wall-clock send time, in ms. */
  private final int[] appendMillis;

  /** Per record: its wall-clock send time, in ms (for the {@link LatencyTimeline}). */
  private final long[] sentWallMillis;

  private final Thread thread;
  private volatile boolean stopped;
  private volatile long received;
  private volatile long duplicates;
  private volatile long lastArrival;
  private volatile Throwable failure;
  private final long measuredFrom;

  /** The earliest send time of a measured record seen so far. */
  private volatile long firstMeasuredSend = Long.MAX_VALUE;

  /**
   * @param records how many records the input gets (sequence numbers 0 to {@code records - 1})
   * @param measuredFrom the first measured sequence number (the ones before are the warm-up)
   */
  LatencyProbe(
      String bootstrapServers,
      String topic,
      int partitions,
      long records,
      long measuredFrom,
      boolean readCommitted) {
    this.measuredFrom = measuredFrom;
    this.latencyNanos = new long[Math.toIntExact(records)];
    this.appendMillis = new int[Math.toIntExact(records)];
    this.sentWallMillis = new long[Math.toIntExact(records)];
    Arrays.fill(latencyNanos, -1);
    this.thread =
        new Thread(
            () -> {
              try {
                read(bootstrapServers, topic, partitions, readCommitted);
              } catch (Throwable t) {
                failure = t;
              }
            },
            "latency-probe-" + topic);
    thread.setDaemon(true);
    thread.start();
  }

  /** Waits until every record arrived or {@code timeout} passed; false when some are missing. */
  boolean awaitAll(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (received < latencyNanos.length && System.nanoTime() < deadline && failure == null) {
      Thread.sleep(50);
    }
    return received == latencyNanos.length;
  }

  /** Waits until the first record arrived (the job runs) or {@code timeout} passed. */
  boolean awaitAny(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (received == 0 && System.nanoTime() < deadline && failure == null) {
      Thread.sleep(20);
    }
    return received > 0;
  }

  /** The figures of the measured records (see the constructor). */
  LatencyStats stats() {
    if (failure != null) {
      throw new IllegalStateException("Reading the output failed", failure);
    }
    long[] measured =
        Arrays.copyOfRange(latencyNanos, Math.toIntExact(measuredFrom), latencyNanos.length);
    long lost = Arrays.stream(measured).filter(l -> l < 0).count();
    long[] seen = Arrays.stream(measured).filter(l -> l >= 0).sorted().toArray();
    long[] appended = new long[seen.length];
    int a = 0;
    for (int i = Math.toIntExact(measuredFrom); i < latencyNanos.length; i++) {
      if (latencyNanos[i] >= 0) {
        appended[a++] = appendMillis[i] * 1_000_000L;
      }
    }
    Arrays.sort(appended);
    double seconds = (lastArrival - firstMeasuredSend) / 1e9;
    return new LatencyStats(
        measured.length,
        seen.length,
        lost,
        duplicates,
        seconds > 0 ? seen.length / seconds : 0,
        percentileMillis(seen, 0.50),
        percentileMillis(seen, 0.99),
        percentileMillis(seen, 0.999),
        seen.length == 0 ? Double.NaN : seen[seen.length - 1] / 1e6,
        percentileMillis(appended, 0.50),
        percentileMillis(appended, 0.99));
  }

  /**
   * The records after the first (sent alone, before the paced input) by send time, warm-up
   * included; call once the run is over, like {@link #stats()}.
   */
  LatencyTimeline timeline() {
    return LatencyTimeline.of(
        sentWallMillis, latencyNanos, appendMillis, 1, Math.toIntExact(measuredFrom));
  }

  private static double percentileMillis(long[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int index = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
  }

  @Override
  public void close() throws InterruptedException {
    stopped = true;
    thread.join();
  }

  private void read(String bootstrapServers, String topic, int partitions, boolean readCommitted) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                readCommitted ? "read_committed" : "read_uncommitted",
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
                5,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                5000))) {
      List<TopicPartition> all =
          IntStream.range(0, partitions).mapToObj(p -> new TopicPartition(topic, p)).toList();
      consumer.assign(all);
      consumer.seekToBeginning(all);
      while (!stopped) {
        var records = consumer.poll(Duration.ofMillis(20));
        long now = System.nanoTime();
        for (ConsumerRecord<byte[], byte[]> record : records) {
          ByteBuffer value = ByteBuffer.wrap(record.value());
          int sequence = Math.toIntExact(value.getLong(PacedProducer.SEQUENCE_AT));
          long sentAt = value.getLong(PacedProducer.SENT_AT);
          long latency = now - sentAt;
          if (sequence >= measuredFrom && sentAt < firstMeasuredSend) {
            firstMeasuredSend = sentAt;
          }
          if (latencyNanos[sequence] >= 0) {
            duplicates++;
          } else {
            latencyNanos[sequence] = Math.max(0, latency);
            long sentWall = value.getLong(PacedProducer.SENT_WALL_AT);
            sentWallMillis[sequence] = sentWall;
            appendMillis[sequence] = (int) Math.max(0, record.timestamp() - sentWall);
            received++;
            lastArrival = now;
          }
        }
      }
    }
  }
}
