package dev.kafkaconnector.examples.pipeline;

import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The demo's topic {@code inventory} on the embedded broker: Canal JSON changes of two tables of
 * database {@code shop}; {@code products} gains a column ({@code weight}) mid-stream.
 */
final class SampleChanges {
  static final String TOPIC = "inventory";

  private SampleChanges() {}

  static List<String> messages() {
    List<String> out = new ArrayList<>();
    out.add(canal("INSERT", "products", "{\"id\":1,\"name\":\"scooter\"}", null));
    out.add(canal("INSERT", "products", "{\"id\":2,\"name\":\"car battery\"}", null));
    out.add(canal("INSERT", "customers", "{\"id\":101,\"first_name\":\"Sally\"}", null));
    out.add(canal("INSERT", "products", "{\"id\":3,\"name\":\"hammer\",\"weight\":0.75}", null));
    out.add(
        canal(
            "UPDATE",
            "products",
            "{\"id\":1,\"name\":\"scooter\",\"weight\":5.5}",
            "{\"weight\":null}"));
    out.add(canal("DELETE", "customers", "{\"id\":101,\"first_name\":\"Sally\"}", null));
    return out;
  }

  static String canal(String type, String table, String row, String old) {
    return "{\"data\":["
        + row
        + "],\"database\":\"shop\",\"table\":\""
        + table
        + "\",\"isDdl\":false,\"old\":"
        + (old == null ? "null" : "[" + old + "]")
        + ",\"pkNames\":[\"id\"],\"type\":\""
        + type
        + "\"}";
  }

  /** Creates the topic (one partition, so the changes keep their order) and writes them. */
  static void write(EmbeddedKafkaCluster kafka) throws Exception {
    kafka.createTopic(TOPIC, 1, Map.of("retention.ms", "-1"));
    send(kafka.bootstrapServers(), TOPIC);
  }

  /** Writes the changes, in order, to partition 0 of {@code topic} at {@code bootstrapServers}. */
  static void send(String bootstrapServers, String topic) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
      for (String message : messages()) {
        producer
            .send(new ProducerRecord<>(topic, 0, null, message.getBytes(StandardCharsets.UTF_8)))
            .get(30, TimeUnit.SECONDS);
      }
    }
  }
}
