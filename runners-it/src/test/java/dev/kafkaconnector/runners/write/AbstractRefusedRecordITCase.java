package dev.kafkaconnector.runners.write;

import static dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.counter;
import static dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.messages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.DeadLetters;
import dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.Entry;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A record the broker refuses for good: the topic's {@code max.message.bytes} (10,000) is below the
 * record (50,000 bytes) while the client's {@code max.request.size} (1 MB) lets it through. Four
 * rows in one bundle ({@code small-0}, {@code small-1}, the large one, {@code small-2}): with a
 * dead-letter handler the three small rows are in the topic and the large one in the dead-letter
 * output with a reason naming {@code max.message.bytes}; without one the job fails once, with that
 * reason and marked as not retried, even where the runner would restart it. Both delivery
 * guarantees that write through a producer: at-least-once and exactly-once.
 */
abstract class AbstractRefusedRecordITCase {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Schema LINE = Schema.builder().addStringField("line").build();
  private static final String LARGE = "large-" + "y".repeat(50_000);

  /** Per test run, how many times its input was exploded into rows: once per job attempt. */
  private static final Map<String, AtomicInteger> ATTEMPTS = new ConcurrentHashMap<>();

  /** Options of a finite at-least-once job whose run() blocks (restarts allowed on Flink). */
  protected abstract PipelineOptions atLeastOnceOptions();

  /** Options of a finite exactly-once job whose run() blocks (restarts allowed on Flink). */
  protected abstract PipelineOptions exactlyOnceOptions();

  @Test
  void atLeastOnceSendsTheRefusedRecordToTheDeadLetterOutputAndWritesTheOthers() throws Exception {
    deadLettered(atLeastOnceOptions(), Map.of());
  }

  @Test
  void atLeastOnceWithoutAHandlerFailsOnceNamingTheTopicConfig() {
    failsOnce(atLeastOnceOptions(), Map.of());
  }

  @Test
  void exactlyOnceSendsTheRefusedRecordToTheDeadLetterOutputAndWritesTheOthers() throws Exception {
    deadLettered(exactlyOnceOptions(), exactlyOnce());
  }

  @Test
  void exactlyOnceWithoutAHandlerFailsOnceNamingTheTopicConfig() {
    failsOnce(exactlyOnceOptions(), exactlyOnce());
  }

  private static Map<String, String> exactlyOnce() {
    return Map.of(
        "sink.delivery-guarantee",
        "exactly-once",
        "sink.transactional-id-prefix",
        "refused-" + System.nanoTime());
  }

  private void deadLettered(PipelineOptions options, Map<String, String> guarantee)
      throws Exception {
    String topic = refusingTopic();
    String run = UUID.randomUUID().toString();
    Pipeline pipeline = Pipeline.create(options);
    DeadLetters dead = new DeadLetters();
    try (BadRecordErrorHandler<?> handler = pipeline.registerBadRecordErrorHandler(dead)) {
      input(pipeline, run).apply(write(topic, guarantee).withBadRecordErrorHandler(handler));
    }
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish());

    assertEquals(
        Set.of("small-0", "small-1", "small-2"),
        readCommitted(topic, 3),
        "every small row is in the topic, once");
    List<Entry> letters = DeadLetters.letters(dead.id);
    assertEquals(1, letters.size(), "the large row only: " + letters);
    String reason = letters.get(0).reason();
    assertTrue(
        reason.contains("max.message.bytes")
            && reason.contains("10000")
            && reason.contains("topic '" + topic + "'"),
        reason);
    Row row = RowCoder.of(LINE).decode(new ByteArrayInputStream(letters.get(0).encoded()));
    assertEquals(LARGE, row.getString("line"));
    assertEquals(1, counter(result, "records-to-dead-letter"));
    assertEquals(1, ATTEMPTS.get(run).get(), "job attempts");
  }

  private void failsOnce(PipelineOptions options, Map<String, String> guarantee) {
    String topic = refusingTopic();
    String run = UUID.randomUUID().toString();
    Pipeline pipeline = Pipeline.create(options);
    input(pipeline, run).apply(write(topic, guarantee));
    Exception e = assertThrows(Exception.class, () -> pipeline.run().waitUntilFinish());
    String all = messages(e);
    assertTrue(
        all.contains("max.message.bytes")
            && all.contains("10000")
            && all.contains("topic '" + topic + "'"),
        all);
    assertTrue(all.contains("NotRetriedException"), "marked as not retried:\n" + all);
    assertEquals(1, ATTEMPTS.get(run).get(), "job attempts (no restart on a refused record)");
    // Nothing of the failed bundle is dropped silently: what is in the topic is small rows only.
    assertTrue(Set.of("small-0", "small-1", "small-2").containsAll(readCommitted(topic, 0)));
  }

  private static String refusingTopic() {
    String topic = KAFKA.newTopicName("refused");
    KAFKA.createTopic(topic, 1, Map.of("max.message.bytes", "10000"));
    return topic;
  }

  private static KafkaConnectorWrite write(String topic, Map<String, String> guarantee) {
    Map<String, String> options = new HashMap<>(guarantee);
    options.put("format", "raw");
    return KafkaConnectorIO.write()
        .withBootstrapServers(KAFKA.bootstrapServers())
        .withTopic(topic)
        .withOptions(options);
  }

  /** The four rows in one bundle, in order; counts the job attempts of {@code run}. */
  private static PCollection<Row> input(Pipeline pipeline, String run) {
    List<Row> rows = new ArrayList<>();
    for (String line : List.of("small-0", "small-1", LARGE, "small-2")) {
      rows.add(Row.withSchema(LINE).addValue(line).build());
    }
    return input(pipeline, run, LINE, rows);
  }

  /** {@code rows} in one bundle, in order; counts the job attempts of {@code run}. */
  static PCollection<Row> input(Pipeline pipeline, String run, Schema schema, List<Row> rows) {
    ATTEMPTS.put(run, new AtomicInteger());
    return pipeline
        .apply(Create.of(List.of(rows)).withCoder(ListCoder.of(RowCoder.of(schema))))
        .apply(ParDo.of(new CountingExplode(run)))
        .setRowSchema(schema);
  }

  /** How many times the input of {@code run} was exploded into rows: once per job attempt. */
  static int attempts(String run) {
    return ATTEMPTS.get(run).get();
  }

  /** Emits the rows of its one input element and counts how often that element was processed. */
  static final class CountingExplode extends DoFn<List<Row>, Row> {
    private final String run;

    CountingExplode(String run) {
      this.run = run;
    }

    @ProcessElement
    public void process(@Element List<Row> rows, OutputReceiver<Row> out) {
      ATTEMPTS.get(run).incrementAndGet();
      rows.forEach(out::output);
    }
  }

  /**
   * The values in the topic (read_committed) once {@code count} arrived or the deadline passed,
   * then once more; fails on a duplicate.
   */
  private static Set<String> readCommitted(String topic, int count) {
    return readCommitted(KAFKA.bootstrapServers(), topic, count);
  }

  /** {@link #readCommitted(String, int)} from the cluster at {@code bootstrapServers}. */
  static Set<String> readCommitted(String bootstrapServers, String topic, int count) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
      List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      List<String> out = new ArrayList<>();
      long deadline = System.nanoTime() + (count == 0 ? Duration.ofSeconds(2) : WAIT).toNanos();
      while ((count == 0 || out.size() < count) && System.nanoTime() < deadline) {
        consumer
            .poll(Duration.ofMillis(200))
            .forEach(r -> out.add(new String(r.value(), StandardCharsets.UTF_8)));
      }
      consumer
          .poll(Duration.ofMillis(300))
          .forEach(r -> out.add(new String(r.value(), StandardCharsets.UTF_8)));
      Set<String> distinct = new TreeSet<>(out);
      assertEquals(out.size(), distinct.size(), "no record twice: " + out);
      return distinct;
    }
  }
}
