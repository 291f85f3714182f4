package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What the end-to-end read cases share: the broker, a producer, sources and runs per runner. */
abstract class ReadITSupport {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  static final Schema VALUE =
      Schema.builder().addNullableField("value", Schema.FieldType.STRING).build();
  static final Duration WAIT = Duration.ofSeconds(90);

  static TestProducer producer;

  /** Options for a job that runs to its end and whose run() blocks. */
  protected abstract PipelineOptions boundedOptions();

  /** Options for an unbounded job whose run() returns at once, so the test can cancel it. */
  protected abstract PipelineOptions streamingOptions();

  @BeforeAll
  static void startProducer() {
    producer = new TestProducer(KAFKA.bootstrapServers());
  }

  @AfterAll
  static void closeProducer() {
    producer.close();
  }

  KafkaConnectorRead source(String topic) {
    return KafkaConnectorIO.read()
        .withOptions(
            Map.of(
                "properties.bootstrap.servers",
                KAFKA.bootstrapServers(),
                "topic",
                topic,
                "format",
                "raw"))
        .withSchema(VALUE);
  }

  String newTopic(String prefix, int partitions) {
    String topic = KAFKA.newTopicName(prefix);
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  List<Row> runBounded(KafkaConnectorRead read) {
    return runBoundedWithResult(read).rows();
  }

  /** The rows of a finished bounded job and its result (for metrics). */
  record Run(List<Row> rows, PipelineResult result) {
    /** The committed (or attempted, where a runner has no committed) value of a counter. */
    long counter(String namespace, String name) {
      return dev.kafkaconnector.runners.BeamMetrics.counter(result, namespace, name);
    }
  }

  Run runBoundedWithResult(KafkaConnectorRead read) {
    Pipeline pipeline = Pipeline.create(boundedOptions());
    CollectingSink sink = new CollectingSink();
    pipeline.apply(read).apply(sink);
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();
    assertEquals(PipelineResult.State.DONE, result.getState());
    return new Run(sink.rows(), result);
  }

  static Set<String> values(List<Row> rows) {
    return rows.stream()
        .map(r -> r.getString("value"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  static Set<String> expected(int partitions, int from, int to) {
    Set<String> out = new TreeSet<>();
    for (int p = 0; p < partitions; p++) {
      for (int i = from; i < to; i++) {
        out.add("v-" + p + "-" + i);
      }
    }
    return out;
  }

  void commit(String group, Map<TopicPartition, Long> offsets) {
    try (KafkaConsumer<byte[], byte[]> c = consumer(group)) {
      Map<TopicPartition, OffsetAndMetadata> m = new HashMap<>();
      offsets.forEach((tp, o) -> m.put(tp, new OffsetAndMetadata(o)));
      c.commitSync(m);
    }
  }

  static KafkaConsumer<byte[], byte[]> consumer(String group) {
    return new KafkaConsumer<>(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            KAFKA.bootstrapServers(),
            ConsumerConfig.GROUP_ID_CONFIG,
            group,
            ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
            ByteArrayDeserializer.class,
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false));
  }

  /** Waits until the group's committed offsets equal the end offsets of all partitions. */
  static void awaitCommitted(String group, String topic, int partitions) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    Map<TopicPartition, OffsetSpec> query = new HashMap<>();
    for (int p = 0; p < partitions; p++) {
      query.put(new TopicPartition(topic, p), OffsetSpec.latest());
    }
    Map<TopicPartition, Long> ends = new HashMap<>();
    KAFKA.admin().listOffsets(query).all().get().forEach((tp, info) -> ends.put(tp, info.offset()));
    Map<TopicPartition, Long> committed = Map.of();
    while (System.nanoTime() < deadline) {
      committed = new HashMap<>();
      for (Map.Entry<TopicPartition, OffsetAndMetadata> e :
          KAFKA
              .admin()
              .listConsumerGroupOffsets(group)
              .partitionsToOffsetAndMetadata()
              .get()
              .entrySet()) {
        if (e.getValue() != null) {
          committed.put(e.getKey(), e.getValue().offset());
        }
      }
      if (committed.equals(ends)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("group " + group + " committed " + committed + ", expected " + ends);
  }

  static void assertMessageContains(Throwable e, String text) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    assertTrue(all.toString().contains(text), "expected '" + text + "' in:\n" + all);
  }
}
