package dev.kafkaconnector.examples;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes a few orders with {@code depart} and {@code env} headers, creating the topic first when it
 * does not exist. Every Kafka call is bounded by {@link #TIMEOUT}: the clients' defaults (60 s to
 * wait for the metadata of each record) would make a mistake look like a hang.
 */
final class SampleData {
  /** Bound on each Kafka call the demo makes before its pipeline runs. */
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** Partitions of a topic the demo creates (the demo reads with parallelism 2). */
  static final int PARTITIONS = 2;

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

  /**
   * Writes the sample orders to {@code topic}, creating it with {@value #PARTITIONS} partitions
   * (the broker's default replication factor) when it does not exist.
   *
   * @throws DemoException when the topic cannot be created or a record cannot be written in time
   */
  static void write(String bootstrapServers, String topic) {
    if (partitions(bootstrapServers, topic).isEmpty()) {
      createTopic(bootstrapServers, topic);
    }
    int millis = (int) TIMEOUT.toMillis();
    List<Future<RecordMetadata>> sent = new ArrayList<>();
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, millis,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, millis,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, millis))) {
      for (String[] order : ORDERS) {
        List<Header> headers = List.of(header("depart", order[0]), header("env", order[1]));
        sent.add(
            producer.send(
                new ProducerRecord<>(
                    topic, null, null, bytes(order[2].split(" ")[0]), bytes(order[2]), headers)));
      }
      producer.flush();
      for (Future<RecordMetadata> result : sent) {
        result.get(); // complete after flush(); throws what the producer met
      }
    } catch (ExecutionException e) {
      throw new DemoException(
          "Cannot write sample data to topic '"
              + topic
              + "' at "
              + bootstrapServers
              + ": "
              + e.getCause().getMessage(),
          e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DemoException("Interrupted while writing sample data", e);
    }
    System.out.println("Wrote " + ORDERS.length + " sample orders to '" + topic + "'");
  }

  /**
   * The number of partitions of {@code topic}, or empty when it does not exist.
   *
   * @throws DemoException when the cluster does not answer in time
   */
  static Optional<Integer> partitions(String bootstrapServers, String topic) {
    try (Admin admin = admin(bootstrapServers)) {
      TopicDescription description =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
              .get(topic);
      return Optional.of(description.partitions().size());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return Optional.empty();
      }
      throw new DemoException(
          "Cannot describe topic '"
              + topic
              + "' at "
              + bootstrapServers
              + ": "
              + e.getCause().getMessage(),
          e.getCause());
    } catch (TimeoutException e) {
      throw new DemoException(
          "Cannot describe topic '" + topic + "' at " + bootstrapServers + " within " + TIMEOUT, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DemoException("Interrupted while describing topic " + topic, e);
    }
  }

  private static void createTopic(String bootstrapServers, String topic) {
    try (Admin admin = admin(bootstrapServers)) {
      admin
          .createTopics(List.of(new NewTopic(topic, Optional.of(PARTITIONS), Optional.empty())))
          .all()
          .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      System.out.println("Created topic '" + topic + "' with " + PARTITIONS + " partitions");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof TopicExistsException) {
        return; // created meanwhile by someone else: fine
      }
      throw new DemoException(
          "Cannot create topic '"
              + topic
              + "' at "
              + bootstrapServers
              + ": "
              + e.getCause().getMessage(),
          e.getCause());
    } catch (TimeoutException e) {
      throw new DemoException(
          "Cannot create topic '" + topic + "' at " + bootstrapServers + " within " + TIMEOUT, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DemoException("Interrupted while creating topic " + topic, e);
    }
  }

  private static Admin admin(String bootstrapServers) {
    int millis = (int) TIMEOUT.toMillis();
    return Admin.create(
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
            AdminClientConfig.CLIENT_ID_CONFIG, "kafka-connector-demo",
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis,
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis));
  }

  private static Header header(String key, String value) {
    return new RecordHeader(key, bytes(value));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
