package dev.kafkaconnector.examples.sql;

import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The shell's sample topic {@code orders} on the embedded broker: a few JSON orders with fixed
 * record timestamps, and the Flink DDL of the table over it.
 */
final class SampleOrders {
  static final String TOPIC = "orders";
  static final int PARTITIONS = 2;

  /** 2026-01-01T10:00:00Z; record i is i minutes later. */
  private static final long FIRST_TIMESTAMP = 1_767_261_600_000L;

  private static final String[][] ORDERS = {
    {"1", "teddy bear", "toy", "12.5"},
    {"2", "sci-fi novel", "book", "8.9"},
    {"3", "apples", "food", "3.2"},
    {"4", "kite", "toy", "15.0"},
    {"5", "rake", "garden", "21.0"},
    {"6", "cookbook", "book", "19.9"},
  };

  private SampleOrders() {}

  /**
   * Creates the topic and writes the orders, keyed by id, alternating partitions. The topic keeps
   * its records forever: their fixed timestamps are older than the broker's default retention.
   */
  static void write(EmbeddedKafkaCluster kafka) throws Exception {
    kafka.createTopic(TOPIC, PARTITIONS, Map.of("retention.ms", "-1"));
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
      for (int i = 0; i < ORDERS.length; i++) {
        String[] o = ORDERS[i];
        String json =
            "{\"id\": "
                + o[0]
                + ", \"product\": \""
                + o[1]
                + "\", \"depart\": \""
                + o[2]
                + "\", \"price\": "
                + o[3]
                + "}";
        producer
            .send(
                new ProducerRecord<>(
                    TOPIC, i % PARTITIONS, FIRST_TIMESTAMP + 60_000L * i, bytes(o[0]), bytes(json)))
            .get(30, TimeUnit.SECONDS);
      }
    }
  }

  static int count() {
    return ORDERS.length;
  }

  /** The Flink DDL of table {@code orders} on the broker at {@code bootstrapServers}. */
  static String ddl(String bootstrapServers) {
    return """
        CREATE TABLE orders (
          id INT,
          product STRING,
          depart STRING,
          price DOUBLE,
          ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
          part INT METADATA FROM 'partition' VIRTUAL,
          record_offset BIGINT METADATA FROM 'offset' VIRTUAL
        ) WITH (
          'connector' = 'kafka',
          'topic' = '%s',
          'properties.bootstrap.servers' = '%s',
          'scan.startup.mode' = 'earliest-offset',
          'scan.bounded.mode' = 'latest-offset',
          'format' = 'json'
        )"""
        .formatted(TOPIC, bootstrapServers);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
