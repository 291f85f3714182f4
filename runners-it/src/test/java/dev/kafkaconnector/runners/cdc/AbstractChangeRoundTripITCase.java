package dev.kafkaconnector.runners.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.CdcSamples;
import dev.kafkaconnector.runners.cdc.sink.WrittenChanges;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

/**
 * Source to sink: a canal-json topic of three tables (one widening mid-stream) read by {@code
 * readChanges()} and written by {@code writeChanges()} with each topic-mapping form, then read back
 * by {@code readChanges()} from the written topics: the same tables (ids kept in the payload) with
 * the same final rows; hash-by-key keeps each key in one partition; Flink's CDC samples survive the
 * round trip into the final tables of SOURCES.md.
 */
abstract class AbstractChangeRoundTripITCase extends ChangeStreamITSupport {

  /** readChanges() of {@code source} into writeChanges() with {@code sink} options. */
  void copy(String source, Map<String, String> sourceOptions, Map<String, String> sink) {
    Map<String, String> read = new HashMap<>(boundedSource(source));
    read.putAll(sourceOptions);
    Map<String, String> write = new HashMap<>(sink);
    write.put("properties.bootstrap.servers", KAFKA.bootstrapServers());
    Pipeline pipeline = Pipeline.create(options());
    pipeline
        .apply(KafkaConnectorIO.readChanges().withOptions(read))
        .apply(KafkaConnectorIO.writeChanges().withOptions(write));
    pipeline.run().waitUntilFinish();
  }

  /** Final rows per table (id to "column=value, ..." of the columns the source had). */
  static Map<TableId, Map<Object, String>> finalTables(List<ChangeEvent> events) {
    Map<TableId, Map<Object, String>> out =
        new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
    byTable(events)
        .forEach(
            (table, changes) -> {
              Map<Object, String> rows = new TreeMap<>();
              replay(rows(changes), "id")
                  .forEach((id, row) -> rows.put(((Number) id).longValue(), describe(row)));
              out.put(table, rows);
            });
    return out;
  }

  static String describe(Row row) {
    StringBuilder out = new StringBuilder();
    for (String name : new java.util.TreeSet<>(row.getSchema().getFieldNames())) {
      Object v = row.getValue(name);
      out.append(name)
          .append('=')
          .append(v instanceof Number n ? String.valueOf(n.doubleValue()) : v)
          .append(' ');
    }
    return out.toString().trim();
  }

  @Test
  void everyMappingFormKeepsTableIdsAndChangelogs() {
    String db = "rt" + UUID.randomUUID().toString().substring(0, 6);
    String source = topic("rt-canal", 1, canalThreeTables(db));
    Map<String, String> canal =
        Map.of("value.format", "canal-json", "scan.max.pre.fetch.records", "0");
    Map<TableId, Map<Object, String>> expected =
        finalTables(read(source, "value.format", "canal-json"));
    assertEquals(3, expected.size());

    // No topic: each table to the topic of its id.
    for (String table : List.of("orders", "users", "items")) {
      KAFKA.createTopic(db + "." + table, 1);
    }
    copy(source, canal, Map.of());
    assertEquals(
        expected,
        finalTables(read(db + ".orders;" + db + ".users;" + db + ".items")),
        "topics of the table ids");

    // topic: everything in one topic, table ids kept in the payload.
    String one = KAFKA.newTopicName("rt-one");
    KAFKA.createTopic(one, 1);
    copy(source, canal, Map.of("topic", one, "value.format", "canal-json"));
    assertEquals(
        expected, finalTables(read(one, "value.format", "canal-json")), "one topic, canal-json");

    // Both mapping syntaxes, regular expressions, first match wins.
    String a = KAFKA.newTopicName("rt-a");
    String b = KAFKA.newTopicName("rt-b");
    KAFKA.createTopic(a, 1);
    KAFKA.createTopic(b, 1);
    copy(
        source,
        canal,
        Map.of(
            "sink.tableId-to-topic.mapping",
            db
                + ".orders,"
                + db
                + ".users:"
                + a
                + ";"
                + db
                + ".it[a-z]*:"
                + b
                + ";"
                + db
                + ".items:"
                + a));
    List<ChangeEvent> inA = read(a);
    List<ChangeEvent> inB = read(b);
    assertEquals(Set.of(TableId.of(db, "orders"), TableId.of(db, "users")), byTable(inA).keySet());
    assertEquals(
        Set.of(TableId.of(db, "items")), byTable(inB).keySet(), "the first matching rule wins");
    List<ChangeEvent> both = new ArrayList<>(inA);
    both.addAll(inB);
    assertEquals(expected, finalTables(both));
  }

  @Test
  void hashByKeyKeepsEachKeyInOnePartition() {
    String db = "hk" + UUID.randomUUID().toString().substring(0, 6);
    String source = topic("hk-canal", 1, canalThreeTables(db));
    String out = KAFKA.newTopicName("hk-out");
    KAFKA.createTopic(out, 4);
    copy(
        source,
        Map.of("value.format", "canal-json"),
        Map.of("topic", out, "partition.strategy", "hash-by-key"));
    Map<String, Set<Integer>> partitionsOfKey = new HashMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class))) {
      List<TopicPartition> partitions = new ArrayList<>();
      for (int p = 0; p < 4; p++) {
        partitions.add(new TopicPartition(out, p));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
        assertTrue(System.nanoTime() < deadline, "reading " + out);
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          assertEquals(
              WrittenChanges.keyPartition(r.key(), 4),
              r.partition(),
              "the default partitioner's partition for key "
                  + new String(r.key(), StandardCharsets.UTF_8));
          partitionsOfKey
              .computeIfAbsent(new String(r.key(), StandardCharsets.UTF_8), k -> new HashSet<>())
              .add(r.partition());
        }
      }
    }
    assertEquals(
        13,
        partitionsOfKey.size(),
        "one key per row of the three tables: " + partitionsOfKey.keySet());
    partitionsOfKey.forEach((key, parts) -> assertEquals(1, parts.size(), key + " in " + parts));
    Map<TableId, Map<Object, String>> expected =
        finalTables(read(source, "value.format", "canal-json"));
    assertEquals(expected, finalTables(read(out)));
  }

  @Test
  void flinksSamplesSurviveTheRoundTrip() throws Exception {
    Map<String, String[]> formats = new java.util.LinkedHashMap<>();
    formats.put("debezium-data-schema-exclude.txt", new String[] {"value.format", "debezium-json"});
    formats.put(
        "canal-data.txt",
        new String[] {
          "value.format", "canal-json", "canal-json.infer-schema.strategy", "SQL_TYPE"
        });
    formats.put("maxwell-data.txt", new String[] {"value.format", "maxwell-json"});
    for (Map.Entry<String, String[]> f : formats.entrySet()) {
      String source = topic("rt-sample", 1, CdcSamples.lines(f.getKey()));
      String out = KAFKA.newTopicName("rt-sample-out");
      KAFKA.createTopic(out, 1);
      Map<String, String> sourceOptions = new HashMap<>();
      for (int i = 0; i < f.getValue().length; i += 2) {
        sourceOptions.put(f.getValue()[i], f.getValue()[i + 1]);
      }
      copy(source, sourceOptions, Map.of("topic", out));
      Map<TableId, List<ChangeEvent>> back = byTable(read(out));
      assertEquals(1, back.size(), f.getKey() + ": " + back.keySet());
      Map<Integer, String> got = new TreeMap<>();
      replay(rows(back.values().iterator().next()), "id")
          .forEach(
              (id, row) ->
                  got.put(
                      ((Number) id).intValue(),
                      row.getString("name")
                          + " "
                          + ((Number) row.getValue("weight")).floatValue()));
      assertEquals(
          new TreeMap<>(
              f.getKey().startsWith("debezium")
                  ? CdcSamples.DEBEZIUM_FINAL
                  : CdcSamples.CANAL_MAXWELL_FINAL),
          got,
          f.getKey() + " through source and sink");
    }
  }
}
