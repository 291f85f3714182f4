package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Counts what a write case of {@link WriteBenchmark} left in its topic: by end offsets, or as a
 * read_committed consumer sees it (for the exactly-once cases, whose transaction markers take
 * offsets too).
 */
final class WrittenRecords {
  private WrittenRecords() {}

  /** The sum of the end offsets of {@code topic}'s {@code partitions}. */
  static long count(EmbeddedKafkaCluster kafka, String topic, int partitions) throws Exception {
    Map<TopicPartition, OffsetSpec> query = new HashMap<>();
    for (int p = 0; p < partitions; p++) {
      query.put(new TopicPartition(topic, p), OffsetSpec.latest());
    }
    try (Admin admin = Admin.create(kafka.adminProperties())) {
      long sum = 0;
      for (var info : admin.listOffsets(query).all().get().values()) {
        sum += info.offset();
      }
      return sum;
    }
  }

  /** The records a read_committed consumer sees in {@code topic} (read until it stops growing). */
  static long countCommitted(EmbeddedKafkaCluster kafka, String topic, int partitions) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                10_000,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
      List<TopicPartition> all = new ArrayList<>();
      for (int p = 0; p < partitions; p++) {
        all.add(new TopicPartition(topic, p));
      }
      consumer.assign(all);
      consumer.seekToBeginning(all);
      long count = 0;
      int empty = 0;
      while (empty < 10) {
        int polled = consumer.poll(java.time.Duration.ofMillis(200)).count();
        count += polled;
        empty = polled == 0 ? empty + 1 : 0;
      }
      return count;
    }
  }
}
