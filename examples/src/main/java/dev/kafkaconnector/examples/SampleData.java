package dev.kafkaconnector.examples;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Writes a few orders with {@code depart} and {@code env} headers. */
final class SampleData {
  private static final String[][] ORDERS = {
    {"toy", "prod", "order-1 teddy bear"},
    {"book", "prod", "order-2 sci-fi novel"},
    {"book", "test", "order-3 test book"},
    {"food", "prod", "order-4 apples"},
    {"toy", "test", "order-5 test toy"},
    {"toy", "prod", "order-6 kite"},
    {"garden", "prod", "order-7 rake"},
    {"book", "prod", "order-8 cookbook"},
  };

  private SampleData() {}

  static void write(String bootstrapServers, String topic) {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
      for (String[] order : ORDERS) {
        List<Header> headers =
            List.of(header("depart", order[0]), header("env", order[1]));
        producer.send(
            new ProducerRecord<>(
                topic, null, null, bytes(order[2].split(" ")[0]), bytes(order[2]), headers));
      }
      producer.flush();
    }
  }

  private static Header header(String key, String value) {
    return new RecordHeader(key, bytes(value));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
