package dev.kafkaconnector.runners.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The baselines of {@link ChangeStreamBenchmark}: what a hand-written CDC consumer does at the
 * least, with a plain {@code KafkaConsumer} and Jackson (no schemas), reading a topic of Debezium
 * messages to its end offsets; alone, or writing every change to another topic.
 */
final class PlainChangeCases {
  private final String bootstrap;
  private final String topic;
  private final int partitions;

  PlainChangeCases(String bootstrap, String topic, int partitions) {
    this.bootstrap = bootstrap;
    this.topic = topic;
    this.partitions = partitions;
  }

  /** Polls to the end offsets; per message: parse, table id, op, the after image's members. */
  long consume() {
    ObjectMapper mapper = new ObjectMapper();
    long seen = 0;
    Map<String, Long> perTable = new HashMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProps(bootstrap))) {
      List<TopicPartition> all = assignFromStart(consumer);
      Map<TopicPartition, Long> ends = consumer.endOffsets(all);
      while (all.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          JsonNode node = mapper.readTree(r.value());
          String table =
              node.path("source").path("db").asText()
                  + "."
                  + node.path("source").path("table").asText();
          JsonNode image =
              node.path("op").asText().equals("d") ? node.path("before") : node.path("after");
          Map<String, Object> row = new HashMap<>();
          image
              .fields()
              .forEachRemaining(
                  f ->
                      row.put(
                          f.getKey(),
                          f.getValue().isNumber()
                              ? f.getValue().numberValue()
                              : f.getValue().asText()));
          perTable.merge(table, (long) row.size(), Long::sum);
          seen++;
        }
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    return seen;
  }

  /**
   * The baseline of source to sink: poll, parse, write the Debezium message of the change (before,
   * after, op, source.db / source.table) with Jackson, send to partition 0 of {@code out}; flush at
   * the end.
   */
  void copyTo(String out) throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    Map<String, Object> props = new HashMap<>();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProps(bootstrap));
        KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
      List<TopicPartition> all = assignFromStart(consumer);
      Map<TopicPartition, Long> ends = consumer.endOffsets(all);
      while (all.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
          JsonNode node = mapper.readTree(r.value());
          ObjectNode message = mapper.createObjectNode();
          message.set("before", node.get("before"));
          message.set("after", node.get("after"));
          message.put("op", node.path("op").asText());
          ObjectNode source = message.putObject("source");
          source.put("db", node.path("source").path("db").asText());
          source.put("table", node.path("source").path("table").asText());
          producer.send(new ProducerRecord<>(out, 0, null, mapper.writeValueAsBytes(message)));
        }
      }
      producer.flush();
    }
  }

  /** Assigns every partition of the topic to {@code consumer}, at the beginning. */
  private List<TopicPartition> assignFromStart(KafkaConsumer<byte[], byte[]> consumer) {
    List<TopicPartition> all = new ArrayList<>();
    for (int i = 0; i < partitions; i++) {
      all.add(new TopicPartition(topic, i));
    }
    consumer.assign(all);
    consumer.seekToBeginning(all);
    return all;
  }

  /** A byte-array consumer of {@code bootstrap} without auto commit. */
  static Map<String, Object> consumerProps(String bootstrap) {
    Map<String, Object> props = new HashMap<>();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    return props;
  }
}
