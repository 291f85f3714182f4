package dev.kafkaconnector.runners.bench;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Creates a benchmark topic and fills it with a {@link KafkaProducer} (linger.ms=20, batch.size=256
 * KiB, no compression, acks=1): random values ({@link #load}) or JSON objects ({@link #loadJson}).
 *
 * <p>Record {@code i} goes to partition {@code i % partitions}, so every partition holds exactly
 * the same number of records: legacy {@code KafkaIO}'s {@code withMaxNumRecords} splits the record
 * budget evenly over its partition readers, and a reader whose share exceeds its partition would
 * wait forever. Values are {@code valueBytes} random letters and digits (nothing compresses them
 * much, not that compression is on).
 */
final class TopicLoader {
  private static final byte[] ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".getBytes();

  private final String bootstrapServers;

  TopicLoader(String bootstrapServers) {
    this.bootstrapServers = bootstrapServers;
  }

  /**
   * Rounds a record count up to a multiple of the partition count.
   *
   * @return the count that {@link #load} really writes
   */
  static long evenCount(long records, int partitions) {
    return (records + partitions - 1) / partitions * partitions;
  }

  /**
   * Creates {@code name} (broker-default replication) and writes the data records and end markers.
   *
   * @param records data records wanted, rounded up by {@link #evenCount}
   */
  BenchmarkTopic load(String name, int partitions, long records, int valueBytes)
      throws InterruptedException, ExecutionException {
    SplittableRandom random = new SplittableRandom(42);
    return fill(name, partitions, records, false, i -> randomValue(random, valueBytes));
  }

  /**
   * Creates {@code name} and writes {@code records} (rounded up by {@link #evenCount}) JSON objects
   * of {@link JsonRows#SCHEMA}, without end markers.
   */
  BenchmarkTopic loadJson(String name, int partitions, long records)
      throws InterruptedException, ExecutionException {
    SplittableRandom random = new SplittableRandom(42);
    return fill(name, partitions, records, true, i -> JsonRows.value(i, random));
  }

  private static byte[] randomValue(SplittableRandom random, int valueBytes) {
    byte[] value = new byte[valueBytes];
    for (int b = 0; b < valueBytes; b++) {
      value[b] = ALPHABET[random.nextInt(ALPHABET.length)];
    }
    return value;
  }

  private BenchmarkTopic fill(
      String name, int partitions, long records, boolean json, LongFunction<byte[]> values)
      throws InterruptedException, ExecutionException {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      admin
          .createTopics(List.of(new NewTopic(name, Optional.of(partitions), Optional.empty())))
          .all()
          .get(60, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("Creating topic " + name + " timed out", e);
    }
    long count = evenCount(records, partitions);
    AtomicReference<Exception> failure = new AtomicReference<>();
    long bytes = 0;
    long checksum = 0;
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerConfig())) {
      for (long i = 0; i < count; i++) {
        byte[] value = values.apply(i);
        bytes += value.length;
        checksum += json ? JsonRows.qty(i) : value.length;
        producer.send(
            new ProducerRecord<>(name, (int) (i % partitions), null, value),
            (metadata, e) -> {
              if (e != null) {
                failure.compareAndSet(null, e);
              }
            });
      }
      producer.flush();
      throwIfFailed(failure, name);
      if (json) {
        return new BenchmarkTopic(name, partitions, count, bytes, Long.MAX_VALUE, true, checksum);
      }
      // Every data record now has a timestamp <= now; the markers are strictly later.
      Thread.sleep(5);
      long stopTime = System.currentTimeMillis();
      for (int p = 0; p < partitions; p++) {
        producer.send(new ProducerRecord<>(name, p, stopTime, null, new byte[0])).get();
      }
      throwIfFailed(failure, name);
      return new BenchmarkTopic(name, partitions, count, bytes, stopTime, false, checksum);
    }
  }

  private static void throwIfFailed(AtomicReference<Exception> failure, String topic) {
    if (failure.get() != null) {
      throw new IllegalStateException("Producing to " + topic + " failed", failure.get());
    }
  }

  private Map<String, Object> producerConfig() {
    return Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
        bootstrapServers,
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
        ByteArraySerializer.class,
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
        ByteArraySerializer.class,
        ProducerConfig.LINGER_MS_CONFIG,
        20,
        ProducerConfig.BATCH_SIZE_CONFIG,
        256 * 1024,
        ProducerConfig.COMPRESSION_TYPE_CONFIG,
        "none",
        ProducerConfig.ACKS_CONFIG,
        "1",
        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
        false);
  }
}
