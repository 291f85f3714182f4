package dev.kafkaconnector.runners.bench;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The input of {@link ChangeStreamBenchmark}: a new topic of Debezium change messages of a 6-column
 * row over several tables (inserts, every 4th an update, every 10th a delete), spread round-robin
 * over its partitions.
 */
final class DebeziumChangeTopic {
  private DebeziumChangeTopic() {}

  /** Creates {@code topic} with {@code partitions} and writes {@code records} messages to it. */
  static void produce(String bootstrap, String topic, long records, int partitions, int tables)
      throws Exception {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
    }
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
      for (long i = 0; i < records; i++) {
        producer.send(
            new ProducerRecord<>(
                topic,
                (int) (i % partitions),
                null,
                message(i, tables).getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
  }

  /** The Debezium message of change number {@code i}, of table {@code t<i % tables>}. */
  static String message(long i, int tables) {
    int table = (int) (i % tables);
    String row =
        "{\"id\":"
            + i
            + ",\"name\":\"name-"
            + i
            + "\",\"qty\":"
            + (i % 100)
            + ",\"price\":"
            + (i % 1000) / 10.0
            + ",\"active\":"
            + (i % 2 == 0)
            + ",\"note\":\"note "
            + (i % 37)
            + "\"}";
    String op = i % 10 == 9 ? "d" : i % 4 == 3 ? "u" : "c";
    return "{\"before\":"
        + (op.equals("c") ? "null" : row)
        + ",\"after\":"
        + (op.equals("d") ? "null" : row)
        + ",\"source\":{\"db\":\"shop\",\"table\":\"t"
        + table
        + "\"},\"op\":\""
        + op
        + "\",\"ts_ms\":"
        + i
        + "}";
  }
}
