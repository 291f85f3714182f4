package dev.kafkaconnector.runners.cdc.sink;

import static dev.kafkaconnector.runners.cdc.sink.ChangeStreamSample.JSON;
import static dev.kafkaconnector.runners.cdc.sink.ChangeStreamSample.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads what the CDC sink wrote with a plain consumer and checks it against the changes. */
public final class WrittenChanges {
  static final Duration WAIT = Duration.ofSeconds(60);

  private WrittenChanges() {}

  /** Every record of {@code topic} (all partitions, read_committed), by partition then offset. */
  public static List<ConsumerRecord<byte[], byte[]>> readBack(
      String servers, String topic, int count) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                servers,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"))) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (out.size() < count && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
      }
      consumer.poll(Duration.ofMillis(500)).forEach(out::add); // nothing more may be there
      out.sort(
          Comparator.comparingInt((ConsumerRecord<byte[], byte[]> r) -> r.partition())
              .thenComparingLong(ConsumerRecord::offset));
      return out;
    }
  }

  static JsonNode value(ConsumerRecord<byte[], byte[]> record) {
    try {
      return JSON.readTree(record.value());
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Checks Debezium messages against the changes, in order: op, images, source, partition 0. */
  static void assertDebezium(
      List<ConsumerRecord<byte[], byte[]>> records, List<DataChangeEvent> changes) {
    assertEquals(changes.size(), records.size(), "records");
    for (int i = 0; i < changes.size(); i++) {
      DataChangeEvent change = changes.get(i);
      JsonNode m = value(records.get(i));
      String op =
          switch (change.op()) {
            case INSERT -> "c";
            case UPDATE -> "u";
            case DELETE -> "d";
          };
      assertEquals(op, m.get("op").asText(), m.toString());
      assertEquals(json(change.before()), m.get("before").toString(), "before of " + m);
      assertEquals(json(change.after()), m.get("after").toString(), "after of " + m);
      assertEquals(change.tableId().schemaName(), m.at("/source/db").asText());
      assertEquals(change.tableId().tableName(), m.at("/source/table").asText());
      assertEquals(0, records.get(i).partition(), "all-to-zero");
    }
  }

  /** Checks Canal messages against the changes, in order: type, data, old, database, table. */
  static void assertCanal(
      List<ConsumerRecord<byte[], byte[]>> records, List<DataChangeEvent> changes) {
    assertEquals(changes.size(), records.size(), "records");
    for (int i = 0; i < changes.size(); i++) {
      DataChangeEvent change = changes.get(i);
      JsonNode m = value(records.get(i));
      assertEquals(change.op().name(), m.get("type").asText(), m.toString());
      Row data = change.after() != null ? change.after() : change.before();
      assertEquals(json(data), m.at("/data/0").toString(), "data of " + m);
      assertEquals(
          change.op() == DataChangeEvent.Op.UPDATE ? json(change.before()) : "",
          m.at("/old/0").isMissingNode() ? "" : m.at("/old/0").toString(),
          "old of " + m);
      assertEquals(change.tableId().schemaName(), m.get("database").asText());
      assertEquals(change.tableId().tableName(), m.get("table").asText());
      assertEquals(change.primaryKey().get(0), m.at("/pkNames/0").asText());
    }
  }

  /**
   * Each record in the partition Kafka's default partitioner picks for its key bytes (murmur2,
   * modulo the partition count), and each key's changes in order. Checking the partitioner's choice
   * rather than "keys spread over partitions" keeps the test deterministic: the keys hold a random
   * database name, and 1 run in 729 hashes all seven keys of a table to one of three partitions.
   */
  static void assertPerKeyPartitions(
      List<ConsumerRecord<byte[], byte[]>> records,
      List<DataChangeEvent> changes,
      int partitionCount) {
    assertEquals(changes.size(), records.size(), "records");
    Map<String, List<String>> written = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      String key = text(r.key());
      assertEquals(
          keyPartition(r.key(), partitionCount),
          r.partition(),
          "the default partitioner's partition for key " + key);
      JsonNode m = value(r);
      written
          .computeIfAbsent(key, k -> new ArrayList<>())
          .add(m.get("op").asText() + m.get("before") + m.get("after"));
    }
    Map<String, List<String>> expected = new HashMap<>();
    for (DataChangeEvent c : changes) {
      String column = c.tableId().tableName().equals("items") ? "sku" : "id";
      String keyValue = ChangeStreamSample.key(c);
      String key =
          "{\"TableId\":\""
              + c.tableId()
              + "\",\""
              + column
              + "\":"
              + (column.equals("sku") ? "\"" + keyValue + "\"" : keyValue)
              + "}";
      String op =
          switch (c.op()) {
            case INSERT -> "c";
            case UPDATE -> "u";
            case DELETE -> "d";
          };
      expected
          .computeIfAbsent(key, k -> new ArrayList<>())
          .add(op + json(c.before()) + json(c.after()));
    }
    assertEquals(expected, written, "each key's changes, in order");
  }

  /** The partition Kafka's default partitioner gives a record with these key bytes. */
  public static int keyPartition(byte[] key, int partitionCount) {
    return BuiltInPartitioner.partitionForKey(key, partitionCount);
  }
}
