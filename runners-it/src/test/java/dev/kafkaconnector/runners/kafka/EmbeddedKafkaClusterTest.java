package dev.kafkaconnector.runners.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Starts real brokers in both modes and checks produce, consume, transactions and restarts. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class EmbeddedKafkaClusterTest {

  @Test
  void inJvmBrokerServesPlainAndTransactionalTraffic() throws Exception {
    Path directory;
    long startNanos = System.nanoTime();
    try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.inJvm().start()) {
      System.out.printf("in-JVM broker start: %d ms%n", millisSince(startNanos));
      directory = kafka.directory();
      assertTrue(kafka.bootstrapServers().startsWith("127.0.0.1:"));
      kafka.createTopic("plain", 3);
      try (Admin admin = Admin.create(kafka.adminProperties())) {
        assertEquals(
            3,
            admin
                .describeTopics(List.of("plain"))
                .allTopicNames()
                .get()
                .get("plain")
                .partitions()
                .size());
      }

      produce(kafka, "plain", "p", 30);
      List<ConsumerRecord<String, String>> plain = consume(kafka, "plain", 30, "read_uncommitted");
      assertEquals(expectedValues("p", 30), values(plain));
      assertEquals(3, plain.stream().map(ConsumerRecord::partition).distinct().count());

      kafka.createTopic("txn", 1);
      Map<String, Object> props = producerProps(kafka);
      props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "embedded-kafka-test-txn");
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
        producer.initTransactions();
        producer.beginTransaction();
        producer.send(new ProducerRecord<>("txn", "k", "aborted"));
        producer.flush();
        producer.abortTransaction();
        producer.beginTransaction();
        for (int i = 0; i < 5; i++) {
          producer.send(new ProducerRecord<>("txn", "k" + i, "t" + i));
        }
        producer.commitTransaction();
      }
      assertEquals(expectedValues("t", 5), values(consume(kafka, "txn", 5, "read_committed")));

      long restartNanos = System.nanoTime();
      kafka.restart();
      System.out.printf("in-JVM broker restart: %d ms%n", millisSince(restartNanos));
      assertEquals(
          expectedValues("p", 30), values(consume(kafka, "plain", 30, "read_uncommitted")));

      kafka.addPartitions("plain", 5);
      kafka.deleteTopic("txn");
      kafka.createTopic("txn", 2, Map.of("cleanup.policy", "compact"));
    }
    assertFalse(Files.exists(directory), "close() deletes the cluster directory");
  }

  @Test
  void childProcessBrokerKeepsAcknowledgedRecordsAcrossKill() {
    long startNanos = System.nanoTime();
    try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.childProcess().start()) {
      System.out.printf("child-process broker start: %d ms%n", millisSince(startNanos));
      String bootstrap = kafka.bootstrapServers();
      kafka.createTopic("durable", 2);
      produce(kafka, "durable", "before", 20);

      kafka.kill();
      assertFalse(kafka.isRunning());
      long restartNanos = System.nanoTime();
      kafka.restart();
      System.out.printf(
          "child-process broker restart after kill: %d ms%n", millisSince(restartNanos));

      assertEquals(bootstrap, kafka.bootstrapServers(), "a restart keeps the ports");
      assertEquals(
          expectedValues("before", 20), values(consume(kafka, "durable", 20, "read_uncommitted")));
      produce(kafka, "durable", "after", 10);
      Set<String> expected = expectedValues("before", 20);
      expected.addAll(expectedValues("after", 10));
      assertEquals(expected, values(consume(kafka, "durable", 30, "read_uncommitted")));
    }
  }

  private static void produce(EmbeddedKafkaCluster kafka, String topic, String prefix, int count) {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps(kafka))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, "key-" + i, prefix + i));
      }
      producer.flush();
    }
  }

  private static Map<String, Object> producerProps(EmbeddedKafkaCluster kafka) {
    Map<String, Object> props = new HashMap<>(kafka.adminProperties());
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    return props;
  }

  /**
   * Reads the whole topic from the beginning until {@code expected} records came or 30 s passed.
   */
  private static List<ConsumerRecord<String, String>> consume(
      EmbeddedKafkaCluster kafka, String topic, int expected, String isolation) {
    Map<String, Object> props = new HashMap<>(kafka.adminProperties());
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    List<ConsumerRecord<String, String>> records = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .collect(Collectors.toList());
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (records.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }

  private static Set<String> values(List<ConsumerRecord<String, String>> records) {
    return records.stream()
        .map(ConsumerRecord::value)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> expectedValues(String prefix, int count) {
    Set<String> values = new TreeSet<>();
    for (int i = 0; i < count; i++) {
      values.add(prefix + i);
    }
    return values;
  }

  private static long millisSince(long startNanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
  }
}
