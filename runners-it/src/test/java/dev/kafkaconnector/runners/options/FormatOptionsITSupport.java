package dev.kafkaconnector.runners.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.io.KafkaConnectorWriteChanges;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.runners.read.TestProducer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the format-option cases share: one broker for the class, a producer, sources and sinks with
 * the spec's option keys, a collector of any pipeline output into this JVM, and a plain consumer
 * that reads written records back.
 */
abstract class FormatOptionsITSupport {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  static final Duration WAIT = Duration.ofSeconds(60);
  private static final Map<String, Queue<Object>> COLLECTED = new ConcurrentHashMap<>();

  static TestProducer producer;

  /** Options of a finite job (read(), write(), writeChanges()) whose run() blocks. */
  protected abstract PipelineOptions options();

  /** Options of a finite job with readChanges(), whose keyed schema step needs order per table. */
  protected abstract PipelineOptions changeOptions();

  @BeforeAll
  static void startProducer() {
    producer = new TestProducer(KAFKA.bootstrapServers());
  }

  @AfterAll
  static void closeProducer() {
    producer.close();
  }

  /** A new topic of one partition holding {@code values}, in order. */
  static String topic(String prefix, String... values) {
    String topic = KAFKA.newTopicName(prefix);
    KAFKA.createTopic(topic, 1);
    for (String value : values) {
      producer.send(topic, 0, null, null, value);
    }
    producer.flush();
    return topic;
  }

  /** The options of a bounded read of {@code topic} from its start to its end, plus more. */
  static Map<String, String> source(String topic, String... keyValues) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("properties.bootstrap.servers", KAFKA.bootstrapServers());
    options.put("topic", topic);
    options.put("scan.startup.mode", "earliest-offset");
    options.put("scan.bounded.mode", "latest-offset");
    put(options, keyValues);
    return options;
  }

  static KafkaConnectorRead read(String topic, Schema schema, String... keyValues) {
    return KafkaConnectorIO.read().withOptions(source(topic, keyValues)).withSchema(schema);
  }

  static KafkaConnectorWrite write(String topic, String... keyValues) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("properties.bootstrap.servers", KAFKA.bootstrapServers());
    options.put("topic", topic);
    put(options, keyValues);
    return KafkaConnectorIO.write().withOptions(options);
  }

  static KafkaConnectorWriteChanges writeChanges(String topic, String... keyValues) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("topic", topic);
    put(options, keyValues);
    return KafkaConnectorIO.writeChanges()
        .withBootstrapServers(KAFKA.bootstrapServers())
        .withOptions(options);
  }

  private static void put(Map<String, String> options, String... keyValues) {
    for (int i = 0; i < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
  }

  static void run(Pipeline pipeline) {
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
  }

  /** Reads {@code count} record values of {@code topic} from its start, as text, in log order. */
  static List<String> readBack(String topic, int count) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                KAFKA.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
      List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      List<String> out = new ArrayList<>();
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (out.size() < count && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          out.add(r.value() == null ? null : new String(r.value(), StandardCharsets.UTF_8));
        }
      }
      // One more short poll: nothing beyond the expected records may be there.
      consumer
          .poll(Duration.ofMillis(300))
          .forEach(r -> out.add(new String(r.value(), StandardCharsets.UTF_8)));
      return out;
    }
  }

  static void assertMessageContains(Throwable e, String text) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    assertTrue(all.toString().contains(text), "expected '" + text + "' in:\n" + all);
  }

  /** Collects the elements of a PCollection into this JVM (DirectRunner, embedded Flink). */
  static final class Collect<T> extends PTransform<PCollection<T>, PDone> {
    private final String id = UUID.randomUUID().toString();

    Collect() {
      COLLECTED.put(id, new ConcurrentLinkedQueue<>());
    }

    @SuppressWarnings("unchecked")
    List<T> items() {
      return new ArrayList<>((Queue<T>) (Queue<?>) COLLECTED.get(id));
    }

    @Override
    public PDone expand(PCollection<T> input) {
      input.apply("Collect", ParDo.of(new CollectFn<T>(id)));
      return PDone.in(input.getPipeline());
    }
  }

  private static final class CollectFn<T> extends DoFn<T, Void> {
    private final String id;

    CollectFn(String id) {
      this.id = id;
    }

    @ProcessElement
    public void process(@Element T element) {
      COLLECTED.get(id).add(element);
    }
  }
}
