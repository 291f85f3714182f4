package dev.kafkaconnector.runners.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.runners.write.WriteCorpus.Case;
import dev.kafkaconnector.runners.write.WriteCorpus.Sink;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The write-side bad-row corpus ({@link WriteCorpus}) of every value format through the sink to a
 * real broker, under the sink's two policies. Dead-letter output: one pipeline writes every
 * format's rows (plus per-row topics and an upsert table): each good row is a record in its topic,
 * each bad row is in the dead-letter output with a reason naming its topic, column and why, and
 * records written + dead letters + rows written as no record by design (an upsert {@code -U}, a row
 * a later one of its key replaced in the upsert buffer) add up to the input rows. Fail (the
 * default): per format, a job with a bad row fails naming the topic, column and reason. A record
 * the broker refuses: {@link AbstractRefusedRecordITCase}.
 */
abstract class AbstractBadRowWriteITCase {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  private static final Duration WAIT = Duration.ofSeconds(60);

  /** Options of a finite job whose run() blocks. */
  protected abstract PipelineOptions options();

  private static Sink sink(String format, long base) {
    String topic = KAFKA.newTopicName("bad-out-" + format);
    KAFKA.createTopic(topic, 1);
    return WriteCorpus.of(format, topic, base);
  }

  private static PCollection<Row> input(
      Pipeline pipeline, String name, Schema schema, List<Row> rows) {
    // One element exploded by one DoFn, fused with the writer: the rows in one bundle, in order.
    return pipeline
        .apply(
            name + "/Create", Create.of(List.of(rows)).withCoder(ListCoder.of(RowCoder.of(schema))))
        .apply(name + "/Explode", ParDo.of(new AbstractKafkaWriteITCase.Explode()))
        .setRowSchema(schema);
  }

  @Test
  void everyRowIsWrittenOrDeadLetteredAndTheCountsAddUp() throws Exception {
    List<Sink> sinks = new ArrayList<>();
    for (int i = 0; i < WriteCorpus.FORMATS.size(); i++) {
      sinks.add(sink(WriteCorpus.FORMATS.get(i), 100L * (i + 1)));
    }
    // Per-row topics: a row without a topic is a bad row.
    String perRow = KAFKA.newTopicName("bad-out-per-row");
    KAFKA.createTopic(perRow, 1);
    Schema topicRow =
        Schema.builder().addInt64Field("id").addNullableField("topic", FieldType.STRING).build();
    List<Row> topicRows =
        List.of(
            Row.withSchema(topicRow).addValues(1L, perRow).build(),
            Row.withSchema(topicRow).addValues(2L, null).build(),
            Row.withSchema(topicRow).addValues(3L, "").build());
    // An upsert table with a buffer: a -U row is written as no record, a row replaced by a later
    // one of its key in the buffer is not written; a bad partition is still a bad row.
    String upsert = KAFKA.newTopicName("bad-out-upsert");
    KAFKA.createTopic(upsert, 1);
    Schema upsertRow =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("v", FieldType.STRING)
            .addStringField("kind")
            .addNullableField("p", FieldType.INT32)
            .build();
    List<Row> upsertRows =
        List.of(
            Row.withSchema(upsertRow).addValues(1L, "a", "+I", null).build(),
            Row.withSchema(upsertRow).addValues(1L, "a", "-U", null).build(),
            Row.withSchema(upsertRow).addValues(1L, "b", "+U", null).build(),
            Row.withSchema(upsertRow).addValues(2L, "c", "+I", null).build(),
            Row.withSchema(upsertRow).addValues(3L, null, "-D", null).build(),
            Row.withSchema(upsertRow).addValues(4L, "d", "+I", 5).build());

    Pipeline pipeline = Pipeline.create(options());
    DeadLetters dead = new DeadLetters();
    try (BadRecordErrorHandler<?> handler = pipeline.registerBadRecordErrorHandler(dead)) {
      for (Sink s : sinks) {
        input(pipeline, s.format(), s.schema(), s.rows())
            .apply(
                "Write " + s.format(),
                s.write(KAFKA.bootstrapServers()).withBadRecordErrorHandler(handler));
      }
      input(pipeline, "per-row", topicRow, topicRows)
          .apply(
              "Write per-row",
              KafkaConnectorIO.write()
                  .withBootstrapServers(KAFKA.bootstrapServers())
                  .withOptions(Map.of("format", "json", "metadata.list", "topic"))
                  .withBadRecordErrorHandler(handler));
      input(pipeline, "upsert", upsertRow, upsertRows)
          .apply(
              "Write upsert",
              KafkaConnectorIO.write()
                  .withBootstrapServers(KAFKA.bootstrapServers())
                  .withTopic(upsert)
                  .withOptions(
                      Map.of(
                          "connector",
                          "upsert-kafka",
                          "key.format",
                          "json",
                          "value.format",
                          "json",
                          "sink.buffer-flush.max-rows",
                          "100",
                          "sink.buffer-flush.interval",
                          "1 h"))
                  .withPrimaryKey("id")
                  .withMetadataColumn("kind", "row-kind")
                  .withMetadataColumn("p", "partition")
                  .withBadRecordErrorHandler(handler));
    }
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish());

    // Which rows went to the dead-letter output, per sink, by id, with their reasons.
    Map<String, Map<Long, String>> deadById = new TreeMap<>();
    List<Entry> letters = DeadLetters.letters(dead.id);
    for (Entry letter : letters) {
      String reason = letter.reason();
      Sink of =
          sinks.stream()
              .filter(s -> reason.contains("topic '" + s.topic() + "'"))
              .findFirst()
              .orElse(null);
      Schema schema =
          of != null
              ? of.schema()
              : reason.contains("topic '" + upsert + "'") ? upsertRow : topicRow;
      Row row = RowCoder.of(schema).decode(new ByteArrayInputStream(letter.encoded()));
      String sinkName = of != null ? of.format() : schema == upsertRow ? "upsert" : "per-row";
      long id = of != null ? of.id(row) : row.getInt64("id");
      assertEquals(
          null,
          deadById.computeIfAbsent(sinkName, k -> new TreeMap<>()).put(id, reason),
          "one dead letter per row: " + sinkName + " " + id);
    }

    long input = topicRows.size() + upsertRows.size();
    for (Sink s : sinks) {
      input += s.cases().size();
      Map<Long, String> reasons = deadById.getOrDefault(s.format(), Map.of());
      Set<Long> expectedBad = new TreeSet<>();
      for (Case c : s.cases()) {
        if (c.written()) {
          continue;
        }
        expectedBad.add(c.id());
        String reason = reasons.get(c.id());
        assertTrue(
            reason != null,
            s.format() + ": " + c + " is not in the dead-letter output: " + reasons);
        assertTrue(reason.contains(c.reason()), s.format() + ": " + c + ": " + reason);
        if (c.column() != null) {
          assertTrue(
              reason.contains("column '" + c.column() + "'"),
              s.format() + ": " + c + ": " + reason);
        }
      }
      assertEquals(expectedBad, reasons.keySet(), s.format() + ": the dead-lettered rows");
      List<ConsumerRecord<byte[], byte[]>> records = readBack(s.topic(), s.written());
      assertEquals(s.written(), records.size(), s.format() + ": the good rows' records");
    }
    assertEquals(Set.of(2L, 3L), deadById.getOrDefault("per-row", Map.of()).keySet());
    deadById.get("per-row").values().forEach(r -> assertTrue(r.contains("no topic"), r));
    assertEquals(1, readBack(perRow, 1).size());
    assertEquals(Set.of(4L), deadById.getOrDefault("upsert", Map.of()).keySet());
    List<ConsumerRecord<byte[], byte[]>> upserts = readBack(upsert, 3);
    assertEquals(
        Set.of(
            "{\"id\":1}={\"id\":1,\"v\":\"b\"}",
            "{\"id\":2}={\"id\":2,\"v\":\"c\"}",
            "{\"id\":3}=null"),
        upserts.stream()
            .map(r -> text(r.key()) + "=" + text(r.value()))
            .collect(Collectors.toSet()));

    long written = counter(result, "numRecordsOut");
    long deadLettered = counter(result, "records-to-dead-letter");
    long withoutRecord = counter(result, "rows-without-record");
    long superseded = counter(result, "rows-superseded");
    assertEquals(letters.size(), deadLettered, "records-to-dead-letter");
    assertEquals(deadLettered, counter(result, "numRecordsOutErrors"), "numRecordsOutErrors");
    assertEquals(1, withoutRecord, "the upsert -U row");
    assertEquals(1, superseded, "the upsert row replaced in the buffer");
    assertEquals(
        input,
        written + deadLettered + withoutRecord + superseded,
        "written "
            + written
            + " + dead-lettered "
            + deadLettered
            + " + without record "
            + withoutRecord
            + " + superseded "
            + superseded
            + " = the input rows");
  }

  @Test
  void aBadRowFailsTheJobNamingTopicColumnAndReasonInEveryFormat() {
    for (int i = 0; i < WriteCorpus.FORMATS.size(); i++) {
      Sink s = sink(WriteCorpus.FORMATS.get(i), 1000L * (i + 1));
      Case bad = s.failCase();
      Pipeline pipeline = Pipeline.create(options());
      input(pipeline, s.format(), s.schema(), List.of(s.cases().get(0).row(), bad.row()))
          .apply(s.write(KAFKA.bootstrapServers()));
      Exception e =
          assertThrows(
              Exception.class, () -> pipeline.run().waitUntilFinish(), s.format() + ": " + bad);
      String all = messages(e);
      assertTrue(
          all.contains("topic '" + s.topic() + "'")
              && all.contains(bad.reason())
              && (bad.column() == null || all.contains("column '" + bad.column() + "'")),
          s.format() + ": " + bad + ":\n" + all);
    }
    // A row without a topic (no 'topic' option, a null 'topic' column).
    Schema topicRow =
        Schema.builder().addInt64Field("id").addNullableField("topic", FieldType.STRING).build();
    Pipeline pipeline = Pipeline.create(options());
    input(
            pipeline,
            "per-row",
            topicRow,
            List.of(Row.withSchema(topicRow).addValues(1L, null).build()))
        .apply(
            KafkaConnectorIO.write()
                .withBootstrapServers(KAFKA.bootstrapServers())
                .withOptions(Map.of("format", "json", "metadata.list", "topic")));
    Exception e = assertThrows(Exception.class, () -> pipeline.run().waitUntilFinish());
    assertTrue(
        messages(e).contains("column 'topic'") && messages(e).contains("no topic"), messages(e));
  }

  static String messages(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    return all.toString();
  }

  static String text(byte[] bytes) {
    return bytes == null ? "null" : new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }

  static long counter(PipelineResult result, String name) {
    return dev.kafkaconnector.runners.BeamMetrics.counter(result, name);
  }

  /**
   * Reads the topic (one partition) from the start until {@code count} records or the deadline,
   * then once more.
   */
  static List<ConsumerRecord<byte[], byte[]>> readBack(String topic, long count) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class))) {
      List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (out.size() < count && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
      }
      consumer.poll(Duration.ofMillis(300)).forEach(out::add); // nothing beyond them
      return out;
    }
  }

  /** A dead letter: its reason and the input row as the sink's coder encoded it. */
  record Entry(String reason, byte[] encoded) {}

  /** Keeps the dead letters in this JVM. */
  static final class DeadLetters extends PTransform<PCollection<BadRecord>, PCollection<Long>> {
    private static final Map<String, List<Entry>> LETTERS = new ConcurrentHashMap<>();
    final String id = UUID.randomUUID().toString();

    DeadLetters() {
      LETTERS.put(id, Collections.synchronizedList(new ArrayList<>()));
    }

    static List<Entry> letters(String id) {
      return new ArrayList<>(LETTERS.get(id));
    }

    @Override
    public PCollection<Long> expand(PCollection<BadRecord> input) {
      String key = id;
      input.apply(
          ParDo.of(
              new DoFn<BadRecord, Void>() {
                @ProcessElement
                public void process(@Element BadRecord record) {
                  LETTERS
                      .get(key)
                      .add(
                          new Entry(
                              record.getFailure().getDescription(),
                              record.getRecord().getEncodedRecord()));
                }
              }));
      return input.getPipeline().apply(Create.of(0L));
    }
  }
}
