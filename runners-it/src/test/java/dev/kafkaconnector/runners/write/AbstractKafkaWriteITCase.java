package dev.kafkaconnector.runners.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.runners.BeamMetrics;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.metrics.Lineage;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
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
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * End-to-end write cases against a real broker: records are read back with a plain consumer (or the
 * connector's reader) after the job finished. One subclass per runner.
 */
abstract class AbstractKafkaWriteITCase {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  static final Duration WAIT = Duration.ofSeconds(60);

  /** Options of a finite job whose run() blocks. */
  protected abstract PipelineOptions options();

  String newTopic(String prefix, int partitions) {
    String topic = KAFKA.newTopicName(prefix);
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  KafkaConnectorWrite sink(String topic) {
    KafkaConnectorWrite write =
        KafkaConnectorIO.write().withBootstrapServers(KAFKA.bootstrapServers());
    return topic == null ? write : write.withTopic(topic);
  }

  PipelineResult run(Schema schema, List<Row> rows, KafkaConnectorWrite write) {
    Pipeline pipeline = Pipeline.create(options());
    rows(pipeline, schema, rows).apply(write);
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish());
    return result;
  }

  /** Reads {@code count} records of {@code topic} from the start (all partitions). */
  static List<ConsumerRecord<byte[], byte[]>> readBack(String topic, int count) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                KAFKA.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"))) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (out.size() < count && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
      }
      // One more short poll: nothing beyond the expected records may be there.
      consumer.poll(Duration.ofMillis(500)).forEach(out::add);
      return out;
    }
  }

  static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  static final Schema ORDER =
      Schema.builder()
          .addInt64Field("id")
          .addStringField("name")
          .addNullableField("ts", FieldType.DATETIME)
          .addNullableField(
              "hdrs", FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)))
          .addNullableField("p", FieldType.INT32)
          .build();

  static Row order(long id, String name, long ts, Map<String, byte[]> headers, Integer partition) {
    return Row.withSchema(ORDER).addValues(id, name, new Instant(ts), headers, partition).build();
  }

  @Test
  void writesKeyValueHeadersTimestampAndPartition() {
    String topic = newTopic("kv", 3);
    long ts = 1_700_000_000_000L;
    List<Row> rows =
        List.of(
            order(1, "apple", ts, Map.of("src", "a".getBytes(StandardCharsets.UTF_8)), 2),
            order(2, "pear", ts + 1, Map.of(), 0));
    run(
        ORDER,
        rows,
        sink(topic)
            .withOptions(
                Map.of(
                    "key.format", "json",
                    "key.fields", "id",
                    "value.format", "json",
                    "value.fields-include", "EXCEPT_KEY"))
            .withMetadataColumn("ts", "timestamp")
            .withMetadataColumn("hdrs", "headers")
            .withMetadataColumn("p", "partition"));
    List<ConsumerRecord<byte[], byte[]>> back = readBack(topic, 2);
    assertEquals(2, back.size(), back.toString());
    Map<String, ConsumerRecord<byte[], byte[]>> byKey = new TreeMap<>();
    back.forEach(r -> byKey.put(text(r.key()), r));
    ConsumerRecord<byte[], byte[]> apple = byKey.get("{\"id\":1}");
    assertEquals("{\"name\":\"apple\"}", text(apple.value()));
    assertEquals(ts, apple.timestamp());
    assertEquals(2, apple.partition());
    assertEquals("a", text(apple.headers().lastHeader("src").value()));
    assertEquals(0, byKey.get("{\"id\":2}").partition());
  }

  @Test
  void topicPerRowFromTheTopicColumn() {
    String first = newTopic("per-row-a", 1);
    String second = newTopic("per-row-b", 1);
    Schema schema = Schema.builder().addStringField("line").addStringField("topic").build();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      rows.add(Row.withSchema(schema).addValues("r" + i, i % 2 == 0 ? first : second).build());
    }
    run(schema, rows, sink(null).withOptions(Map.of("format", "raw", "metadata.list", "topic")));
    assertEquals(Set.of("r0", "r2", "r4"), values(readBack(first, 3)));
    assertEquals(Set.of("r1", "r3", "r5"), values(readBack(second, 3)));
  }

  @Test
  void partitionersSpreadRecordsAsDocumented() {
    Schema schema = Schema.builder().addStringField("line").build();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      rows.add(Row.withSchema(schema).addValue("r" + i).build());
    }
    String roundRobin = newTopic("rr", 4);
    run(
        schema,
        rows,
        sink(roundRobin)
            .withOptions(
                Map.of(
                    "format", "raw", "sink.partitioner", "round-robin", "sink.parallelism", "1")));
    assertEquals(Map.of(0, 2, 1, 2, 2, 2, 3, 2), perPartition(readBack(roundRobin, 8)));

    String fixed = newTopic("fixed", 4);
    run(
        schema,
        rows,
        sink(fixed)
            .withOptions(
                Map.of("format", "raw", "sink.partitioner", "fixed", "sink.parallelism", "2")));
    Map<Integer, Integer> fixedCounts = perPartition(readBack(fixed, 8));
    assertEquals(8, fixedCounts.values().stream().mapToInt(Integer::intValue).sum());
    assertTrue(
        Set.of(0, 1).containsAll(fixedCounts.keySet()),
        "two writer shards write to partitions 0 and 1 only: " + fixedCounts);

    String custom = newTopic("custom", 3);
    run(
        schema,
        rows,
        sink(custom).withOption("format", "raw").withPartitioner(LastPartitionPartitioner.class));
    assertEquals(Map.of(2, 8), perPartition(readBack(custom, 8)));
  }

  @Test
  void changelogRowsRoundTripThroughDebeziumJson() {
    String topic = newTopic("changelog", 1);
    Schema schema =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("name", FieldType.STRING)
            .addStringField("kind")
            .build();
    List<Row> rows =
        List.of(
            Row.withSchema(schema).addValues(1L, "a", "+I").build(),
            Row.withSchema(schema).addValues(1L, "a", "-U").build(),
            Row.withSchema(schema).addValues(1L, "b", "+U").build(),
            Row.withSchema(schema).addValues(1L, "b", "-D").build());
    // One bundle, in order: the -U/+U pair is written as one update message.
    run(
        schema,
        rows,
        sink(topic)
            .withOptions(Map.of("format", "debezium-json"))
            .withMetadataColumn("kind", "row-kind"));
    List<ConsumerRecord<byte[], byte[]>> back = readBack(topic, 3);
    List<String> ops = new ArrayList<>();
    back.forEach(r -> ops.add(text(r.value()).replaceAll(".*\"op\":\"(.)\".*", "$1")));
    assertEquals(
        List.of("c", "u", "d"), ops, back.stream().map(r -> text(r.value())).toList().toString());
  }

  @Test
  void rowsThatCannotBeWrittenGoToTheDeadLetterOutput() {
    String topic = newTopic("bad", 1);
    Schema schema = Schema.builder().addStringField("line").addStringField("kind").build();
    String big = "x".repeat(5000);
    List<Row> rows =
        List.of(
            Row.withSchema(schema).addValues("ok", "+I").build(),
            Row.withSchema(schema).addValues("deleted", "-D").build(),
            Row.withSchema(schema).addValues(big, "+I").build());
    Pipeline pipeline = Pipeline.create(options());
    DeadLetters dead = new DeadLetters();
    try (BadRecordErrorHandler<?> handler = pipeline.registerBadRecordErrorHandler(dead)) {
      pipeline
          .apply(Create.of(List.of(rows)).withCoder(ListCoder.of(RowCoder.of(schema))))
          .apply(ParDo.of(new Explode()))
          .setRowSchema(schema)
          .apply(
              sink(topic)
                  .withOptions(Map.of("format", "json", "properties.max.request.size", "2000"))
                  .withMetadataColumn("kind", "row-kind")
                  .withBadRecordErrorHandler(handler));
    }
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish());
    assertEquals(
        List.of("{\"line\":\"ok\"}"),
        readBack(topic, 1).stream().map(r -> text(r.value())).toList());
    // FLIP-33's sink metrics, the producer's own ones and Beam's lineage.
    assertEquals(1, BeamMetrics.counter(result, "numRecordsOut"));
    assertEquals("{\"line\":\"ok\"}".length(), BeamMetrics.counter(result, "numBytesOut"));
    assertEquals(2, BeamMetrics.counter(result, "numRecordsOutErrors"));
    assertEquals(2, BeamMetrics.counter(result, "records-to-dead-letter"));
    for (String name : List.of("request-latency-avg", "record-error-rate", "record-send-rate")) {
      OptionalLong value = BeamMetrics.gauge(result, "KafkaProducer." + name);
      assertTrue(value.isPresent() && value.getAsLong() >= 0, name + ": " + value);
    }
    assertEquals(
        Set.of(BeamMetrics.kafkaFqn(KAFKA.bootstrapServers(), topic)),
        BeamMetrics.lineage(result, Lineage.Type.SINK));
    List<String> reasons = DeadLetters.reasons(dead.id);
    assertEquals(2, reasons.size(), reasons.toString());
    assertTrue(
        reasons.stream()
            .anyMatch(
                r -> r.contains("'-D'") && r.contains("column 'row-kind'") && r.contains(topic)),
        reasons.toString());
    assertTrue(reasons.stream().anyMatch(r -> r.contains("max.request.size")), reasons.toString());
  }

  @Test
  void aBadRowFailsTheJobByDefaultNamingTopicColumnAndReason() {
    String topic = newTopic("fail", 1);
    Schema schema = Schema.builder().addStringField("line").addStringField("kind").build();
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                run(
                    schema,
                    List.of(Row.withSchema(schema).addValues("gone", "-D").build()),
                    sink(topic)
                        .withOption("format", "json")
                        .withMetadataColumn("kind", "row-kind")));
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    assertTrue(all.toString().contains(topic) && all.toString().contains("'-D'"), all.toString());
  }

  @Test
  void writtenRecordsReadBackThroughTheConnector() {
    String topic = newTopic("roundtrip", 2);
    Schema schema = Schema.builder().addInt64Field("id").addStringField("name").build();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      rows.add(Row.withSchema(schema).addValues((long) i, "n" + i).build());
    }
    run(
        schema,
        rows,
        sink(topic)
            .withOptions(Map.of("key.format", "raw", "key.fields", "name", "format", "csv")));
    Pipeline pipeline = Pipeline.create(options());
    PCollection<Row> back =
        pipeline.apply(
            KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers", KAFKA.bootstrapServers(),
                        "topic", topic,
                        "key.format", "raw",
                        "key.fields", "name",
                        "format", "csv",
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "latest-offset"))
                .withSchema(schema));
    back.apply(ParDo.of(new Collect(topic)));
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    assertEquals(
        new TreeSet<>(rows.stream().map(Row::toString).toList()),
        new TreeSet<>(Collect.rows(topic)));
  }

  /**
   * The rows as one element exploded in order by one DoFn, which the runners fuse with the writer:
   * one bundle, in order (Create alone may split them over workers).
   */
  static PCollection<Row> rows(Pipeline pipeline, Schema schema, List<Row> rows) {
    return pipeline
        .apply(Create.of(List.of(rows)).withCoder(ListCoder.of(RowCoder.of(schema))))
        .apply(ParDo.of(new Explode()))
        .setRowSchema(schema);
  }

  static final class Explode extends DoFn<List<Row>, Row> {
    @ProcessElement
    public void process(@Element List<Row> rows, OutputReceiver<Row> out) {
      rows.forEach(out::output);
    }
  }

  @Test
  void upsertTableRoundTripsThroughLatestPerKey() {
    String topic = newTopic("upsert", 2);
    Schema schema =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("name", FieldType.STRING)
            .addStringField("kind")
            .build();
    List<Row> changes =
        List.of(
            Row.withSchema(schema).addValues(1L, "a", "+I").build(),
            Row.withSchema(schema).addValues(2L, "b", "+I").build(),
            Row.withSchema(schema).addValues(1L, "a", "-U").build(),
            Row.withSchema(schema).addValues(1L, "a2", "+U").build(),
            Row.withSchema(schema).addValues(3L, "c", "+I").build(),
            Row.withSchema(schema).addValues(2L, "b", "-D").build());
    Map<String, String> upsert =
        Map.of("connector", "upsert-kafka", "key.format", "json", "value.format", "json");
    run(
        schema,
        changes,
        sink(topic)
            .withOptions(upsert)
            .withPrimaryKey("id")
            .withMetadataColumn("kind", "row-kind"));
    List<ConsumerRecord<byte[], byte[]>> back = readBack(topic, 5);
    assertEquals(5, back.size(), "the -U row is not written: " + back);
    ConsumerRecord<byte[], byte[]> last =
        back.stream()
            .filter(r -> text(r.key()).equals("{\"id\":2}") && r.value() == null)
            .findFirst()
            .orElseThrow();
    assertEquals(null, last.value(), "a -D row is a tombstone");

    Schema table =
        Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();
    Pipeline pipeline = Pipeline.create(options());
    pipeline
        .apply(
            KafkaConnectorIO.read()
                .withOptions(upsert)
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers", KAFKA.bootstrapServers(),
                        "topic", topic,
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "latest-offset",
                        "metadata.list", "row-kind,offset,partition"))
                .withSchema(table)
                .withPrimaryKey("id"))
        .apply(KafkaConnectorIO.latestPerKey()) // the primary key comes from the read's schema
        .apply(ParDo.of(new Collect(topic)));
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    List<String> current = Collect.rows(topic);
    assertEquals(2, current.size(), current.toString());
    assertTrue(
        current.stream().anyMatch(r -> r.contains("id: 1,") && r.contains("\"a2\"")),
        current.toString());
    assertTrue(
        current.stream().anyMatch(r -> r.contains("id: 3,") && r.contains("\"c\"")),
        current.toString());
  }

  @Test
  void upsertBufferWritesTheLatestRowPerKey() {
    String topic = newTopic("upsert-buffer", 1);
    Schema schema =
        Schema.builder().addInt64Field("id").addNullableField("v", FieldType.STRING).build();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rows.add(Row.withSchema(schema).addValues((long) (i % 3), "v" + i).build());
    }
    run(
        schema,
        rows,
        sink(topic)
            .withOptions(
                Map.of(
                    "connector",
                    "upsert-kafka",
                    "key.format",
                    "json",
                    "value.format",
                    "json",
                    "sink.buffer-flush.max-rows",
                    "1000",
                    "sink.buffer-flush.interval",
                    "1 h"))
            .withPrimaryKey("id"));
    assertEquals(
        Set.of("{\"id\":0,\"v\":\"v27\"}", "{\"id\":1,\"v\":\"v28\"}", "{\"id\":2,\"v\":\"v29\"}"),
        values(readBack(topic, 3)),
        "one bundle, one record per key: the latest");
  }

  static Set<String> values(List<ConsumerRecord<byte[], byte[]>> records) {
    return records.stream()
        .map(r -> text(r.value()))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  static Map<Integer, Integer> perPartition(List<ConsumerRecord<byte[], byte[]>> records) {
    Map<Integer, Integer> out = new TreeMap<>();
    records.forEach(r -> out.merge(r.partition(), 1, Integer::sum));
    return out;
  }

  /** Collects rows as strings per test key, in this JVM. */
  static final class Collect extends DoFn<Row, Void> {
    private static final Map<String, List<String>> ROWS =
        new java.util.concurrent.ConcurrentHashMap<>();
    private final String key;

    Collect(String key) {
      this.key = key;
      ROWS.put(key, java.util.Collections.synchronizedList(new ArrayList<>()));
    }

    static List<String> rows(String key) {
      return new ArrayList<>(ROWS.get(key));
    }

    @ProcessElement
    public void process(@Element Row row) {
      ROWS.get(key).add(row.toString());
    }
  }

  /** Keeps the reasons of dead-lettered rows in this JVM. */
  static final class DeadLetters
      extends org.apache.beam.sdk.transforms.PTransform<PCollection<BadRecord>, PCollection<Long>> {
    private static final Map<String, List<String>> REASONS =
        new java.util.concurrent.ConcurrentHashMap<>();
    final String id = java.util.UUID.randomUUID().toString();

    DeadLetters() {
      REASONS.put(id, java.util.Collections.synchronizedList(new ArrayList<>()));
    }

    static List<String> reasons(String id) {
      return new ArrayList<>(REASONS.get(id));
    }

    @Override
    public PCollection<Long> expand(PCollection<BadRecord> input) {
      String key = id;
      input.apply(
          ParDo.of(
              new DoFn<BadRecord, Void>() {
                @ProcessElement
                public void process(@Element BadRecord record) {
                  REASONS.get(key).add(record.getFailure().getDescription());
                }
              }));
      return input.getPipeline().apply(Create.of(0L));
    }
  }
}
