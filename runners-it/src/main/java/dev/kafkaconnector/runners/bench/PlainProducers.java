package dev.kafkaconnector.runners.bench;

import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** The write benchmark's baselines: plain {@code KafkaProducer}s writing the same records. */
final class PlainProducers {
  private PlainProducers() {}

  /** One producer with Kafka's defaults (acks=all). */
  static void one(String bootstrapServers, String topic, long records) {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class))) {
      for (long i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(topic, WriteBenchmark.value(i)));
      }
      producer.flush();
    }
  }

  /**
   * The fair baseline of our jobs (parallelism 2): {@code threads} producers on threads of their
   * own with our sink's producer settings ({@code batch.size} 64 KB, acks=all), each writing its
   * share of the records.
   */
  static void parallel(String bootstrapServers, String topic, long records, int threads) {
    Shares.run(
        "plain-producer-" + threads,
        threads,
        (share, count) -> {
          try (KafkaProducer<byte[], byte[]> producer =
              new KafkaProducer<>(
                  Map.of(
                      ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                      bootstrapServers,
                      ProducerConfig.ACKS_CONFIG,
                      "all",
                      ProducerConfig.BATCH_SIZE_CONFIG,
                      64 * 1024,
                      ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                      ByteArraySerializer.class,
                      ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                      ByteArraySerializer.class))) {
            for (long i = share; i < records; i += count) {
              producer.send(new ProducerRecord<>(topic, WriteBenchmark.value(i)));
            }
            producer.flush();
          }
        });
  }

  /** A transactional producer committing every {@code perTransaction} records. */
  static void transactional(
      String bootstrapServers, String topic, long records, int perTransaction) {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                "bench-" + topic,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class))) {
      producer.initTransactions();
      producer.beginTransaction();
      for (long i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(topic, WriteBenchmark.value(i)));
        if ((i + 1) % perTransaction == 0) {
          producer.commitTransaction();
          producer.beginTransaction();
        }
      }
      producer.commitTransaction();
    }
  }
}
