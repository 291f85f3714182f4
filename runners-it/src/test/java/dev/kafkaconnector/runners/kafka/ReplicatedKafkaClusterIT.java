package dev.kafkaconnector.runners.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A cluster of three child-process nodes ({@code brokers(3)}): all registered, a topic and the
 * internal topics with replication factor 3 and {@code min.insync.replicas} 2, and a transactional
 * producer that keeps working while the leader of its partition is killed with {@code kill -9} and
 * after it is started again.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ReplicatedKafkaClusterIT {

  @Test
  void threeBrokersReplicateAndSurviveTheLeadersKill() throws Exception {
    long startNanos = System.nanoTime();
    try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.childProcess().brokers(3).start();
        Admin admin = Admin.create(kafka.adminProperties())) {
      System.out.printf("3-broker cluster start: %d ms%n", millisSince(startNanos));
      assertEquals(List.of(1, 2, 3), kafka.brokerIds());
      assertEquals(3, kafka.bootstrapServers().split(",").length);
      assertEquals(3, admin.describeCluster().nodes().get().size());
      kafka.createTopic("replicated", 2);
      send(kafka, "replicated", "before", 20);

      TopicDescription topic = describe(admin, "replicated");
      for (TopicPartitionInfo partition : topic.partitions()) {
        assertEquals(3, partition.replicas().size(), partition.toString());
        assertEquals(3, partition.isr().size(), partition.toString());
      }
      for (String internal : List.of("__consumer_offsets", "__transaction_state")) {
        for (TopicPartitionInfo partition : describe(admin, internal).partitions()) {
          assertEquals(3, partition.replicas().size(), internal + " " + partition);
        }
      }
      assertEquals("2", topicConfig(admin, "replicated", "min.insync.replicas"));
      assertEquals("2", topicConfig(admin, "__transaction_state", "min.insync.replicas"));
      assertEquals("false", topicConfig(admin, "replicated", "unclean.leader.election.enable"));

      int leader = topic.partitions().get(0).leader().id();
      long killNanos = System.nanoTime();
      kafka.killBroker(leader);
      assertFalse(kafka.isRunning(leader));
      send(kafka, "replicated", "one-down", 20); // acks=all: 2 in-sync replicas are enough
      int newLeader = describe(admin, "replicated").partitions().get(0).leader().id();
      assertNotEquals(leader, newLeader, "a new leader is elected");
      kafka.startBroker(leader);
      System.out.printf(
          "leader %d killed, writes went on through %d, back in %d ms%n",
          leader, newLeader, millisSince(killNanos));
      assertTrue(kafka.isRunning(leader));
      assertBackInSync(admin, "replicated");
      send(kafka, "replicated", "after", 20);
      assertEquals(60, readCommitted(kafka, "replicated").size());
      assertThrows(IllegalArgumentException.class, () -> kafka.killBroker(4));
    }
    assertThrows(
        IllegalStateException.class, () -> EmbeddedKafkaCluster.inJvm().brokers(3).build());
  }

  /**
   * Every partition of {@code topic} has its 3 replicas in sync. Polled with a short deadline:
   * {@code startBroker} saw the node back in every in-sync replica set (a change the controller has
   * committed), but the broker that answers this test's request, possibly the node just started,
   * may apply that change to its metadata cache a moment later.
   */
  private static void assertBackInSync(Admin admin, String topic) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (true) {
      List<TopicPartitionInfo> partitions = describe(admin, topic).partitions();
      if (partitions.stream().allMatch(p -> p.isr().size() == 3) || System.nanoTime() > deadline) {
        for (TopicPartitionInfo partition : partitions) {
          assertEquals(3, partition.isr().size(), "back in sync: " + partition);
        }
        return;
      }
      Thread.sleep(100);
    }
  }

  private static TopicDescription describe(Admin admin, String topic) throws Exception {
    return admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
  }

  private static String topicConfig(Admin admin, String topic, String key) throws Exception {
    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    Config config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
    return config.get(key).value();
  }

  /** Sends {@code count} records in one transaction (acks=all, idempotent). */
  private static void send(EmbeddedKafkaCluster kafka, String topic, String prefix, int count) {
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                "replicated-" + prefix))) {
      producer.initTransactions();
      producer.beginTransaction();
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, "k" + i, prefix + i));
      }
      producer.commitTransaction();
    }
  }

  private static List<ConsumerRecord<String, String>> readCommitted(
      EmbeddedKafkaCluster kafka, String topic) {
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"))) {
      List<TopicPartition> partitions =
          List.of(new TopicPartition(topic, 0), new TopicPartition(topic, 1));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
      List<ConsumerRecord<String, String>> records = new java.util.ArrayList<>();
      Set<TopicPartition> done = new HashSet<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (done.size() < partitions.size() && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
        for (TopicPartition p : partitions) {
          if (consumer.position(p) >= end.get(p)) {
            done.add(p);
          }
        }
      }
      return records;
    }
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
