package dev.kafkaconnector.runners.pipeline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads back what a YAML job's Kafka sink wrote, with a plain consumer. */
final class KafkaReadBack {
  private static final ObjectMapper JSON = new ObjectMapper();

  private KafkaReadBack() {}

  /** The values of every record in {@code topic} now. */
  static List<JsonNode> values(String servers, String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class))) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      List<JsonNode> values = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
        assertTrue(System.nanoTime() < deadline, "read back " + topic);
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          values.add(JSON.readTree(record.value()));
        }
      }
      return values;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The ids and source tables of Debezium messages: "1@mytable1". */
  static Set<String> idsAtTables(List<JsonNode> messages) {
    Set<String> out = new TreeSet<>();
    for (JsonNode m : messages) {
      JsonNode image = m.get("after").isNull() ? m.get("before") : m.get("after");
      out.add(
          image.get("id").asText()
              + "@"
              + m.path("source").path("db").asText("")
              + "."
              + m.path("source").path("table").asText());
    }
    return out;
  }
}
