package dev.kafkaconnector.runners.read;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Writes test records with explicit partition, timestamp and headers. */
public final class TestProducer implements AutoCloseable {
  private final KafkaProducer<byte[], byte[]> producer;

  public TestProducer(String bootstrapServers) {
    producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.LINGER_MS_CONFIG,
                5,
                ProducerConfig.ACKS_CONFIG,
                "all"));
  }

  public static Header header(String key, String value) {
    return new RecordHeader(key, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
  }

  public void send(
      String topic, int partition, Long timestamp, String key, String value, Header... headers) {
    producer.send(
        new ProducerRecord<>(
            topic,
            partition,
            timestamp,
            key == null ? null : key.getBytes(StandardCharsets.UTF_8),
            value == null ? null : value.getBytes(StandardCharsets.UTF_8),
            List.of(headers)));
  }

  /** Sends {@code count} records "v-<partition>-<i>" to each of {@code partitions}, and flushes. */
  void fill(String topic, int partitions, int count) {
    for (int p = 0; p < partitions; p++) {
      for (int i = 0; i < count; i++) {
        send(topic, p, null, "k" + i, "v-" + p + "-" + i);
      }
    }
    flush();
  }

  public void sendRaw(ProducerRecord<byte[], byte[]> record) {
    producer.send(record);
  }

  public void flush() {
    producer.flush();
  }

  void sendSync(String topic, int partition, String value)
      throws ExecutionException, InterruptedException {
    producer
        .send(new ProducerRecord<>(topic, partition, null, value.getBytes(StandardCharsets.UTF_8)))
        .get();
  }

  @Override
  public void close() {
    producer.close();
  }
}
