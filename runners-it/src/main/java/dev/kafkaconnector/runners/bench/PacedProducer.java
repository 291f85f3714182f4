package dev.kafkaconnector.runners.bench;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes records at a fixed rate into the input topic of a latency case, in a thread of its own:
 * record {@code i} goes to partition {@code i % partitions} and its value carries {@code i} and the
 * {@link System#nanoTime()} of its send (the benchmark's producer, job and output consumer share
 * one JVM, so one clock) and its wall-clock time in milliseconds (to compare with the broker's
 * append time of the copy), padded to the value size. Pacing is by the clock, not by sleeps per
 * record: each wake-up sends what is due, so a late wake-up does not lower the rate.
 */
final class PacedProducer implements AutoCloseable {
  /** Offsets of the sequence number and the send time in a value. */
  static final int SEQUENCE_AT = 0;

  static final int SENT_AT = 8;

  /** Offset of the send time by the wall clock ({@link System#currentTimeMillis()}). */
  static final int SENT_WALL_AT = 16;

  private final Thread thread;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private volatile long sent;
  private volatile long elapsedNanos;
  private volatile boolean stopped;

  /**
   * Starts writing {@code count} records numbered from {@code first} at {@code perSecond}.
   *
   * @param valueBytes the size of each value (at least 24)
   */
  PacedProducer(
      String bootstrapServers,
      String topic,
      int partitions,
      long first,
      long count,
      int perSecond,
      int valueBytes) {
    this.thread =
        new Thread(
            () -> {
              try {
                write(
                    bootstrapServers,
                    topic,
                    partitions,
                    first,
                    count,
                    perSecond,
                    Math.max(24, valueBytes));
              } catch (Throwable t) {
                failure.compareAndSet(null, t);
              }
            },
            "latency-producer-" + topic);
    thread.setDaemon(true);
    thread.start();
  }

  /** The rate at which the records were handed to the producer (after {@link #await}). */
  double sentPerSecond() {
    return elapsedNanos <= 0 ? 0 : sent * 1e9 / elapsedNanos;
  }

  /** Waits until every record is written; rethrows the first failed send. */
  void await() throws InterruptedException {
    thread.join();
    Throwable t = failure.get();
    if (t != null) {
      throw new IllegalStateException("Writing the input records failed", t);
    }
  }

  @Override
  public void close() throws InterruptedException {
    stopped = true;
    thread.join();
  }

  private void write(
      String bootstrapServers,
      String topic,
      int partitions,
      long first,
      long count,
      int perSecond,
      int valueBytes) {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.LINGER_MS_CONFIG,
                1,
                ProducerConfig.ACKS_CONFIG,
                "1"))) {
      long start = System.nanoTime();
      long i = 0;
      while (i < count && !stopped) {
        long due =
            Math.min(
                count, (System.nanoTime() - start) * perSecond / TimeUnit.SECONDS.toNanos(1) + 1);
        for (; i < due; i++) {
          long sequence = first + i;
          byte[] value = new byte[valueBytes];
          ByteBuffer buffer = ByteBuffer.wrap(value);
          buffer.putLong(SEQUENCE_AT, sequence);
          buffer.putLong(SENT_WALL_AT, System.currentTimeMillis());
          buffer.putLong(SENT_AT, System.nanoTime());
          producer.send(
              new ProducerRecord<>(topic, (int) (sequence % partitions), null, value),
              (metadata, e) -> {
                if (e != null) {
                  failure.compareAndSet(null, e);
                }
              });
        }
        sent = i;
        LockSupport.parkNanos(100_000);
      }
      elapsedNanos = System.nanoTime() - start;
      producer.flush();
    }
  }
}
