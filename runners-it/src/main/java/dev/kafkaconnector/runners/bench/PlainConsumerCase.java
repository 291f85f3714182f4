package dev.kafkaconnector.runners.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The upper limit: one {@link KafkaConsumer} (default fetch settings) assigned every partition,
 * {@code seekToBeginning}, polling until each partition's position reaches the end offset read at
 * the start. Timed from consumer creation to close. The JSON variant decodes every value to a row
 * of {@link JsonRows#SCHEMA} through a Jackson tree, on the polling thread. With more than one
 * thread ({@code plain-consumer-2}: the parallelism of our jobs), each thread has its own consumer
 * of every {@code threads}-th partition, and the case ends when the last of them is done.
 */
final class PlainConsumerCase implements ReadCase {
  private final String bootstrapServers;
  private final Duration timeout;
  private final boolean json;
  private final int threads;

  PlainConsumerCase(String bootstrapServers, Duration timeout, boolean json) {
    this(bootstrapServers, timeout, json, 1);
  }

  /**
   * @param threads consumers, each on its own thread with every {@code threads}-th partition
   */
  PlainConsumerCase(String bootstrapServers, Duration timeout, boolean json, int threads) {
    this.bootstrapServers = bootstrapServers;
    this.timeout = timeout;
    this.json = json;
    this.threads = threads;
  }

  @Override
  public String name() {
    return (json ? "plain-consumer-json" : "plain-consumer") + (threads > 1 ? "-" + threads : "");
  }

  @Override
  public boolean json() {
    return json;
  }

  @Override
  public long expectedMarkers(BenchmarkTopic topic) {
    return topic.markers();
  }

  @Override
  public Measurement run(BenchmarkTopic topic) throws IOException {
    RecordCounter.reset();
    long start = System.nanoTime();
    long deadline = start + timeout.toNanos();
    if (threads == 1) {
      read(topic, 0, deadline);
    } else {
      Shares.run(name(), threads, (share, count) -> read(topic, share, deadline));
    }
    long nanos = System.nanoTime() - start;
    return new Measurement(nanos, RecordCounter.snapshot());
  }

  /** Reads every {@code threads}-th partition from {@code share} on, adding to the counter. */
  private void read(BenchmarkTopic topic, int share, long deadline) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    long data = 0;
    long markers = 0;
    long bytes = 0;
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config())) {
      List<TopicPartition> partitions = new ArrayList<>();
      for (int p = share; p < topic.partitions(); p += threads) {
        partitions.add(new TopicPartition(topic.name(), p));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      List<TopicPartition> open = new ArrayList<>(partitions);
      while (!open.isEmpty()) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(name() + " did not finish in " + timeout);
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        for (ConsumerRecord<byte[], byte[]> record : records) {
          byte[] value = record.value();
          if (json) {
            Row row = JsonRows.decode(mapper, value);
            data++;
            bytes += row.getInt32("qty");
          } else if (value == null || value.length == 0) {
            markers++;
          } else {
            data++;
            bytes += value.length;
          }
        }
        open.removeIf(tp -> consumer.position(tp) >= end.get(tp));
      }
    }
    RecordCounter.add(data, markers, bytes);
  }

  private Map<String, Object> config() {
    return Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
        bootstrapServers,
        ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
        ByteArrayDeserializer.class,
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
        ByteArrayDeserializer.class,
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
        false,
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
        "earliest");
  }
}
