package dev.kafkaconnector.runners.cdc.sink;

import static dev.kafkaconnector.runners.cdc.sink.ChangeStreamSample.json;
import static dev.kafkaconnector.runners.cdc.sink.WrittenChanges.assertCanal;
import static dev.kafkaconnector.runners.cdc.sink.WrittenChanges.assertDebezium;
import static dev.kafkaconnector.runners.cdc.sink.WrittenChanges.assertPerKeyPartitions;
import static dev.kafkaconnector.runners.cdc.sink.WrittenChanges.text;
import static dev.kafkaconnector.runners.cdc.sink.WrittenChanges.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWriteChanges;
import dev.kafkaconnector.io.cdc.SchemaChangeBehavior;
import dev.kafkaconnector.io.cdc.SchemaEvolution;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The CDC sink end to end against a real broker: a change stream of three tables with a schema
 * change mid-stream, updates and deletes, written with each topic mapping, both value formats and
 * both partition strategies, then read back with a plain consumer (table ids, before / after per
 * op, the evolved schema, partitions) and with {@code KafkaConnectorIO.read()} (the changelog). The
 * events travel as one list exploded by one DoFn fused with the writer, so one writer sees them in
 * stream order (a Create of single events may be split over workers). One subclass per runner.
 */
abstract class AbstractChangeSinkITCase {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  private static final AtomicInteger DATABASES = new AtomicInteger();

  /** Options of a finite job whose run() blocks. */
  protected abstract PipelineOptions options();

  /**
   * Options of a finite streaming job whose run() blocks, for the exactly-once sink (on Flink it
   * needs checkpoints) and for the schema-evolution step, whose input keeps its order per table
   * only when streaming on Flink (batch groups the keyed step's input, in any order).
   */
  protected abstract PipelineOptions streamingOptions();

  static String newDatabase() {
    return "cdc"
        + DATABASES.incrementAndGet()
        + "x"
        + Long.toString(System.nanoTime() % 1_000_000, 36);
  }

  static void createTopics(int partitions, String... topics) {
    for (String topic : topics) {
      KAFKA.createTopic(topic, partitions);
    }
  }

  KafkaConnectorWriteChanges sink(String... keyValues) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
    return KafkaConnectorIO.writeChanges()
        .withBootstrapServers(KAFKA.bootstrapServers())
        .withOptions(options);
  }

  void write(
      PipelineOptions options,
      List<ChangeEvent> events,
      boolean evolve,
      KafkaConnectorWriteChanges sink) {
    Pipeline pipeline = Pipeline.create(options);
    PCollection<ChangeEvent> changes =
        pipeline
            .apply(Create.of(List.of(events)).withCoder(ListCoder.of(ChangeEventCoder.of())))
            .apply(ParDo.of(new Explode()))
            .setCoder(ChangeEventCoder.of());
    if (evolve) {
      changes = changes.apply(SchemaEvolution.of(SchemaChangeBehavior.LENIENT));
    }
    changes.apply(sink);
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
  }

  static final class Explode extends DoFn<List<ChangeEvent>, ChangeEvent> {
    @ProcessElement
    public void process(@Element List<ChangeEvent> events, OutputReceiver<ChangeEvent> out) {
      events.forEach(out::output);
    }
  }

  static List<ConsumerRecord<byte[], byte[]>> readBack(String topic, int count) {
    return WrittenChanges.readBack(KAFKA.bootstrapServers(), topic, count);
  }

  /** No mapping, debezium-json, all-to-zero: each table to the topic of its id, in order. */
  @Test
  void eachTableToTheTopicOfItsIdAsDebezium() {
    ChangeStreamSample sample = new ChangeStreamSample(newDatabase(), true);
    createTopics(2, sample.t1.identifier(), sample.t2.identifier(), sample.t3.identifier());
    write(options(), sample.events, false, sink());
    for (TableId table : List.of(sample.t1, sample.t2, sample.t3)) {
      List<DataChangeEvent> changes = sample.changes(table);
      assertDebezium(readBack(table.identifier(), changes.size()), changes);
    }
    // Rows follow the evolved schema: price only after the added column.
    List<ConsumerRecord<byte[], byte[]>> t1 = readBack(sample.t1.identifier(), 11);
    assertTrue(!value(t1.get(0)).get("after").has("price"));
    assertTrue(value(t1.get(8)).get("after").has("price"));
    // Key: table id and primary key.
    assertEquals("{\"TableId\":\"" + sample.t1 + "\",\"id\":1}", text(t1.get(0).key()));
    assertReadBack(
        sample.t1.identifier(),
        "debezium-json",
        "value.source.table",
        sample.changes(sample.t1),
        ChangeStreamSample.S1_WIDER);
  }

  /** topic: every table in one topic, in stream order, table ids kept. */
  @Test
  void aFixedTopicTakesEveryTable() {
    ChangeStreamSample sample = new ChangeStreamSample(newDatabase(), true);
    String topic = KAFKA.newTopicName("cdc-all");
    createTopics(2, topic);
    write(
        options(),
        sample.events,
        false,
        sink("topic", topic, "debezium-json.include-schema.enabled", "true"));
    List<ConsumerRecord<byte[], byte[]>> records = readBack(topic, sample.changes().size());
    assertEquals(sample.changes().size(), records.size());
    for (int i = 0; i < records.size(); i++) {
      DataChangeEvent change = sample.changes().get(i);
      JsonNode m = value(records.get(i));
      assertEquals(change.tableId().tableName(), m.at("/payload/source/table").asText());
      assertEquals(json(change.after()), m.at("/payload/after").toString());
      assertEquals("struct", m.at("/schema/type").asText());
      assertEquals(0, records.get(i).partition());
    }
  }

  /** The comma form of the mapping, canal-json: two tables in one topic, the third by its id. */
  @Test
  void commaMappingAsCanal() {
    ChangeStreamSample sample = new ChangeStreamSample(newDatabase(), true);
    String shared = KAFKA.newTopicName("cdc-mytable");
    createTopics(1, shared, sample.t3.identifier());
    write(
        options(),
        sample.events,
        false,
        sink(
            "value.format",
            "canal-json",
            "key.format",
            "csv",
            "sink.tableId-to-topic.mapping",
            sample.t1 + "," + sample.t2 + ":" + shared));
    List<DataChangeEvent> both = new ArrayList<>();
    for (DataChangeEvent c : sample.changes()) {
      if (!c.tableId().equals(sample.t3)) {
        both.add(c);
      }
    }
    List<ConsumerRecord<byte[], byte[]>> records = readBack(shared, both.size());
    assertCanal(records, both);
    assertEquals(sample.t2 + ",1", text(records.get(1).key()).trim(), "csv key: table id, id");
    assertCanal(readBack(sample.t3.identifier(), 4), sample.changes(sample.t3));
    assertReadBack(
        sample.t3.identifier(),
        "canal-json",
        "value.table",
        sample.changes(sample.t3),
        ChangeStreamSample.S3);
  }

  /**
   * The semicolon form with a regular expression (first match wins), hash-by-key, the primary keys
   * coming from the create-table events through the schema-evolution step (a streaming job: see
   * {@link #streamingOptions()}): each key's changes in one partition, in order.
   */
  @Test
  void semicolonMappingHashByKeyThroughSchemaEvolution() {
    ChangeStreamSample sample = new ChangeStreamSample(newDatabase(), false);
    String first = KAFKA.newTopicName("cdc-first");
    String rest = KAFKA.newTopicName("cdc-rest");
    createTopics(3, first, rest);
    String db = sample.t1.schemaName();
    write(
        streamingOptions(),
        sample.events,
        true,
        sink(
            "partition.strategy",
            "hash-by-key",
            "sink.tableId-to-topic.mapping",
            db + ".mytable1:" + first + ";" + db + ".\\.*:" + rest));
    assertPerKeyPartitions(
        readBack(first, sample.changes(sample.t1).size()), sample.changes(sample.t1), 3);
    List<DataChangeEvent> others = new ArrayList<>(sample.changes(sample.t2));
    others.addAll(sample.changes(sample.t3));
    assertPerKeyPartitions(readBack(rest, others.size()), others, 3);
  }

  /** Exactly-once: every change once (read_committed), in order, partition 0. */
  @Test
  void exactlyOnce() {
    ChangeStreamSample sample = new ChangeStreamSample(newDatabase(), true);
    createTopics(1, sample.t1.identifier(), sample.t2.identifier(), sample.t3.identifier());
    write(
        streamingOptions(),
        sample.events,
        false,
        sink(
            "sink.delivery-guarantee",
            "exactly-once",
            "sink.transactional-id-prefix",
            "cdc-eos-" + System.nanoTime()));
    for (TableId table : List.of(sample.t1, sample.t2, sample.t3)) {
      List<DataChangeEvent> changes = sample.changes(table);
      assertDebezium(readBack(table.identifier(), changes.size()), changes);
    }
  }

  /** A change the producer refuses (over max.request.size) takes write()'s bad-record policy. */
  @Test
  void aChangeTooLargeToWriteGoesToTheDeadLetterOutput() {
    ChangeStreamSample sample = new ChangeStreamSample(newDatabase(), true);
    createTopics(1, sample.t1.identifier());
    List<ChangeEvent> events =
        List.of(
            DataChangeEvent.insert(sample.t1, ChangeStreamSample.r1(1, "small"), 0),
            DataChangeEvent.insert(sample.t1, ChangeStreamSample.r1(2, "x".repeat(20_000)), 0),
            DataChangeEvent.insert(sample.t1, ChangeStreamSample.r1(3, "small"), 0));
    String id = "dead-" + sample.t1;
    READ_REASONS.put(id, java.util.Collections.synchronizedList(new ArrayList<>()));
    Pipeline pipeline = Pipeline.create(options());
    try (org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler<?>
        handler = pipeline.registerBadRecordErrorHandler(new DeadLetters(id))) {
      pipeline
          .apply(Create.of(List.of(events)).withCoder(ListCoder.of(ChangeEventCoder.of())))
          .apply(ParDo.of(new Explode()))
          .setCoder(ChangeEventCoder.of())
          .apply(sink("properties.max.request.size", "10000").withBadRecordErrorHandler(handler));
    }
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    List<ConsumerRecord<byte[], byte[]>> records = readBack(sample.t1.identifier(), 2);
    assertEquals(2, records.size());
    List<String> reasons = READ_REASONS.get(id);
    assertEquals(1, reasons.size(), reasons.toString());
    assertTrue(reasons.get(0).contains("max.request.size"), reasons.get(0));
  }

  private static final Map<String, List<String>> READ_REASONS = new ConcurrentHashMap<>();

  static final class DeadLetters
      extends org.apache.beam.sdk.transforms.PTransform<
          PCollection<org.apache.beam.sdk.transforms.errorhandling.BadRecord>, PCollection<Long>> {
    private final String id;

    DeadLetters(String id) {
      this.id = id;
    }

    @Override
    public PCollection<Long> expand(
        PCollection<org.apache.beam.sdk.transforms.errorhandling.BadRecord> input) {
      String key = id;
      input.apply(
          ParDo.of(
              new DoFn<org.apache.beam.sdk.transforms.errorhandling.BadRecord, Void>() {
                @ProcessElement
                public void process(
                    @Element org.apache.beam.sdk.transforms.errorhandling.BadRecord r) {
                  READ_REASONS.get(key).add(r.getFailure().getDescription());
                }
              }));
      return input.getPipeline().apply(Create.of(0L));
    }
  }

  private static final Map<String, List<Row>> READ = new ConcurrentHashMap<>();

  /** Reads {@code topic} with read() and compares its changelog rows with the changes'. */
  void assertReadBack(
      String topic, String format, String tableKey, List<DataChangeEvent> changes, Schema schema) {
    Schema nullable =
        Schema.builder()
            .addFields(schema.getFields().stream().map(f -> f.withNullable(true)).toList())
            .build();
    String id = topic + "/" + format;
    READ.put(id, java.util.Collections.synchronizedList(new ArrayList<>()));
    Pipeline pipeline = Pipeline.create(options());
    pipeline
        .apply(
            KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers",
                        KAFKA.bootstrapServers(),
                        "topic",
                        topic,
                        "format",
                        format,
                        "scan.startup.mode",
                        "earliest-offset",
                        "scan.bounded.mode",
                        "latest-offset",
                        "metadata.list",
                        "offset"))
                .withMetadataColumn("kind", "value.row-kind")
                .withMetadataColumn("tbl", tableKey)
                .withSchema(nullable))
        .apply(ParDo.of(new Keep(id)));
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    List<Row> rows = new ArrayList<>(READ.get(id));
    // In log order; the two rows of one update message: -U before +U.
    rows.sort(
        Comparator.comparingLong((Row r) -> r.getInt64("offset"))
            .thenComparing(r -> r.getString("kind").equals("-U") ? 0 : 1));
    List<String> columns = nullable.getFieldNames();
    List<String> back = new ArrayList<>();
    for (Row row : rows) {
      assertEquals(changes.get(0).tableId().tableName(), row.getString("tbl"));
      Map<String, Object> values = new HashMap<>();
      columns.forEach(c -> values.put(c, row.getValue(c)));
      back.add(ChangeStreamSample.line(row.getString("kind"), values, columns));
    }
    assertEquals(ChangeStreamSample.changelog(changes, columns), back);
  }

  static final class Keep extends DoFn<Row, Void> {
    private final String id;

    Keep(String id) {
      this.id = id;
    }

    @ProcessElement
    public void process(@Element Row row) {
      READ.get(id).add(row);
    }
  }
}
