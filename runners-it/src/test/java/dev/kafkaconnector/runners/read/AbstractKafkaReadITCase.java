package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.common.MetadataKey;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * End-to-end read cases against a real broker. One subclass per runner supplies the pipeline
 * options; every case runs on each runner.
 */
abstract class AbstractKafkaReadITCase extends ReadITSupport {

  @Test
  void readsEarliestToLatestWithMetadataColumns() {
    String topic = newTopic("meta", 3);
    long ts = 1_700_000_000_000L;
    producer.send(topic, 0, ts, "key-a", "a", TestProducer.header("h", "x"));
    producer.send(topic, 1, ts + 1, null, "b");
    producer.send(topic, 2, ts + 2, "key-c", null);
    producer.flush();

    List<Row> rows =
        runBounded(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "latest-offset",
                        "metadata.list",
                            "topic,partition,offset,timestamp,timestamp-type,headers,leader-epoch,__raw_key__,__raw_value__"))
                .withMetadataColumn("ts", MetadataKey.TIMESTAMP));

    assertEquals(3, rows.size(), rows.toString());
    Map<Integer, Row> byPartition = new HashMap<>();
    rows.forEach(r -> byPartition.put(r.getInt32("partition"), r));
    Row a = byPartition.get(0);
    assertEquals("a", a.getString("value"));
    assertEquals(topic, a.getString("topic"));
    assertEquals(0L, a.getInt64("offset"));
    assertEquals(new Instant(ts), a.getDateTime("timestamp").toInstant());
    assertEquals(new Instant(ts), a.getDateTime("ts").toInstant());
    assertEquals("CreateTime", a.getString("timestamp-type"));
    assertEquals("x", new String((byte[]) a.getMap("headers").get("h"), StandardCharsets.UTF_8));
    assertEquals(0, a.getInt32("leader-epoch"));
    assertEquals("key-a", new String(a.getBytes("__raw_key__"), StandardCharsets.UTF_8));
    assertEquals("a", new String(a.getBytes("__raw_value__"), StandardCharsets.UTF_8));
    assertEquals(null, byPartition.get(1).getBytes("__raw_key__"));
    assertEquals(null, byPartition.get(2).getString("value"), "a null value is a null column");
    assertEquals(
        List.of(
            "value",
            "topic",
            "partition",
            "offset",
            "timestamp",
            "timestamp-type",
            "headers",
            "leader-epoch",
            "__raw_key__",
            "__raw_value__",
            "ts"),
        rows.get(0).getSchema().getFieldNames());
  }

  @Test
  void headerFilterKeepsMatchingRecordsOnly() {
    String topic = newTopic("filter", 2);
    producer.send(topic, 0, null, null, "toy", TestProducer.header("depart", "toy"));
    producer.send(topic, 0, null, null, "book", TestProducer.header("depart", "book"));
    producer.send(
        topic,
        1,
        null,
        null,
        "book-test",
        TestProducer.header("depart", "book"),
        TestProducer.header("env", "test"));
    producer.send(topic, 1, null, null, "food", TestProducer.header("depart", "food"));
    producer.send(topic, 1, null, null, "none");
    producer.flush();

    List<Row> rows =
        runBounded(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "latest-offset",
                        "scan.header-filter", "depart:toy|depart:book&!env:test")));
    assertEquals(Set.of("toy", "book"), values(rows));
  }

  @Test
  void specificStartAndStopOffsets() {
    String topic = newTopic("specific", 3);
    producer.fill(topic, 3, 10);
    List<Row> rows =
        runBounded(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "specific-offsets",
                        "scan.startup.specific-offsets",
                            "partition:0,offset:2;partition:1,offset:7",
                        // partition 2 is not listed: it follows the group-offsets rule
                        "properties.auto.offset.reset", "earliest",
                        "scan.bounded.mode", "specific-offsets",
                        "scan.bounded.specific-offsets",
                            "partition:0,offset:5;partition:2,offset:1")));
    Set<String> expected = new TreeSet<>();
    for (int i = 2; i < 5; i++) expected.add("v-0-" + i);
    for (int i = 7; i < 10; i++) expected.add("v-1-" + i); // not listed for stop: latest
    expected.add("v-2-0");
    assertEquals(expected, values(rows));
  }

  @Test
  void timestampStartAndStop() {
    String topic = newTopic("time", 2);
    long base = 1_600_000_000_000L;
    for (int i = 0; i < 10; i++) {
      producer.send(topic, 0, base + i * 1000L, null, "p0-" + i);
    }
    producer.send(topic, 1, base, null, "p1-old");
    producer.flush();
    List<Row> rows =
        runBounded(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode",
                        "timestamp",
                        "scan.startup.timestamp-millis",
                        Long.toString(base + 3000),
                        "scan.bounded.mode",
                        "timestamp",
                        "scan.bounded.timestamp-millis",
                        Long.toString(base + 6000))));
    // partition 1 has no record at or after the start time: it starts at its end, without error
    assertEquals(Set.of("p0-3", "p0-4", "p0-5"), values(rows));
  }

  @Test
  void groupOffsetsWithCommittedOffsetsAndResetFallback() {
    String topic = newTopic("group", 2);
    producer.fill(topic, 2, 6);
    String group = "g-" + topic;
    commit(group, Map.of(new TopicPartition(topic, 0), 4L));
    List<Row> rows =
        runBounded(
            source(topic)
                .withOptions(
                    Map.of(
                        "properties.group.id", group,
                        "properties.auto.offset.reset", "earliest",
                        "scan.bounded.mode", "latest-offset")));
    Set<String> expected = expected(1, 4, 6);
    expected.addAll(Set.of("v-1-0", "v-1-1", "v-1-2", "v-1-3", "v-1-4", "v-1-5"));
    assertEquals(expected, values(rows));
  }

  @Test
  void boundedByGroupOffsets() {
    String topic = newTopic("gbound", 2);
    producer.fill(topic, 2, 6);
    String group = "gb-" + topic;
    commit(group, Map.of(new TopicPartition(topic, 0), 2L));
    List<Row> rows =
        runBounded(
            source(topic)
                .withOptions(
                    Map.of(
                        "properties.group.id", group,
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "group-offsets")));
    // partition 0 stops at its committed offset; partition 1 has none and stops at its end
    Set<String> expected = expected(1, 0, 2);
    for (int i = 0; i < 6; i++) expected.add("v-1-" + i);
    assertEquals(expected, values(rows));
  }

  @Test
  void groupOffsetsWithoutCommitAndWithoutResetFails() {
    String topic = newTopic("noreset", 1);
    producer.fill(topic, 1, 1);
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                runBounded(
                    source(topic)
                        .withOptions(
                            Map.of(
                                "properties.group.id",
                                "fresh-" + topic,
                                "scan.bounded.mode",
                                "latest-offset"))));
    assertMessageContains(e, "properties.auto.offset.reset");
  }

  @Test
  void multipleTopicsAndPattern() {
    String base = KAFKA.newTopicName("multi");
    String a = base + "-a";
    String b = base + "-b";
    KAFKA.createTopic(a, 1);
    KAFKA.createTopic(b, 2);
    producer.fill(a, 1, 3);
    producer.fill(b, 2, 3);
    Map<String, String> bounded =
        Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset");
    List<Row> byList =
        runBounded(
            source(a)
                .withOptions(bounded)
                .withOption("topic", a + ";" + b)
                .withMetadata(MetadataKey.TOPIC));
    assertEquals(9, byList.size());
    List<Row> byPattern =
        runBounded(
            KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers",
                        KAFKA.bootstrapServers(),
                        "topic-pattern",
                        java.util.regex.Pattern.quote(base) + "-(a|b)",
                        "format",
                        "raw"))
                .withOptions(bounded)
                .withSchema(VALUE));
    assertEquals(9, byPattern.size());
    assertEquals(values(byList), values(byPattern));
  }

  @Test
  void missingTopicIsReportedByName() {
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                runBounded(
                    source("no-such-topic-xyz")
                        .withOption("scan.startup.mode", "earliest-offset")
                        .withOption("scan.bounded.mode", "latest-offset")));
    assertMessageContains(e, "no-such-topic-xyz");
  }

  @Test
  void unreachableBrokerFailsNamingTheServers() {
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                runBounded(
                    source("t")
                        .withOptions(
                            Map.of(
                                "properties.bootstrap.servers", "127.0.0.1:1",
                                "properties.default.api.timeout.ms", "3000",
                                "scan.startup.mode", "earliest-offset",
                                "scan.bounded.mode", "latest-offset"))));
    assertMessageContains(e, "127.0.0.1:1");
  }

  @Test
  void duplicatedGroupIdCheckFailsWhenGroupHasMembers() throws Exception {
    String topic = newTopic("dup", 1);
    String group = "dup-" + topic;
    try (KafkaConsumer<byte[], byte[]> member = consumer(group)) {
      member.subscribe(List.of(topic));
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (member.assignment().isEmpty() && System.nanoTime() < deadline) {
        member.poll(Duration.ofMillis(100));
      }
      Exception e =
          assertThrows(
              Exception.class,
              () ->
                  runBounded(
                      source(topic)
                          .withOptions(
                              Map.of(
                                  "properties.group.id", group,
                                  "scan.check.duplicated.group.id", "true",
                                  "scan.startup.mode", "earliest-offset",
                                  "scan.bounded.mode", "latest-offset"))));
      assertMessageContains(e, "active member");
    }
  }

  @Test
  void latestOffsetStartSkipsOldRecordsAndCommitsProgress() throws Exception {
    String topic = newTopic("latest", 2);
    producer.fill(topic, 2, 5);
    String group = "latest-" + topic;
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink sink = new CollectingSink();
    pipeline
        .apply(
            source(topic)
                .withOptions(
                    Map.of("scan.startup.mode", "latest-offset", "properties.group.id", group)))
        .apply(sink);
    PipelineResult result = pipeline.run();
    try {
      // The job resolves "latest" when it starts; keep writing until its first record shows up.
      int i = 0;
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (sink.rows().isEmpty()) {
        assertTrue(System.nanoTime() < deadline, "no record read");
        producer.sendSync(topic, i % 2, "new-" + i++);
        Thread.sleep(100);
      }
      int sent = i;
      List<Row> rows =
          sink.awaitRows(r -> values(r).contains("new-" + (sent - 1)), WAIT, "last new record");
      assertTrue(
          values(rows).stream().allMatch(v -> v.startsWith("new-")),
          "old records read: " + values(rows));
      // Progress is committed to the group once the runner has made its checkpoint durable.
      awaitCommitted(group, topic, 2);
    } finally {
      result.cancel();
    }
  }

  @Test
  void startOffsetPastTheEndWaitsForThatOffset() throws Exception {
    String topic = newTopic("past-end", 1);
    producer.fill(topic, 1, 2); // offsets 0, 1
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink sink = new CollectingSink();
    pipeline
        .apply(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "specific-offsets",
                        "scan.startup.specific-offsets", "partition:0,offset:5"))
                .withMetadata(MetadataKey.OFFSET))
        .apply(sink);
    PipelineResult result = pipeline.run();
    try {
      for (int i = 2; i < 7; i++) {
        producer.sendSync(topic, 0, "r" + i);
      }
      List<Row> rows = sink.awaitRows(r -> r.size() >= 2, WAIT, "offsets 5 and 6");
      Set<Long> offsets = new TreeSet<>();
      rows.forEach(r -> offsets.add(r.getInt64("offset")));
      assertEquals(Set.of(5L, 6L), offsets);
    } finally {
      result.cancel();
    }
  }

  @Test
  void discoversNewPartitionsAndTopicsWhileRunning() throws Exception {
    String topic = newTopic("disc", 1);
    producer.fill(topic, 1, 2);
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink sink = new CollectingSink();
    pipeline
        .apply(
            KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers", KAFKA.bootstrapServers(),
                        "topic-pattern", java.util.regex.Pattern.quote(topic) + ".*",
                        "format", "raw",
                        "scan.startup.mode", "latest-offset",
                        "scan.topic-partition-discovery.interval", "500 ms"))
                .withSchema(VALUE)
                .withMetadata(MetadataKey.TOPIC, MetadataKey.PARTITION))
        .apply(sink);
    PipelineResult result = pipeline.run();
    try {
      int i = 0;
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (sink.rows().isEmpty()) {
        assertTrue(System.nanoTime() < deadline, "no record read");
        producer.sendSync(topic, 0, "first-" + i++);
        Thread.sleep(100);
      }
      // Records written to partitions and topics that did not exist at start are read from their
      // earliest offset, even those written before the job discovered them.
      KAFKA.admin().createPartitions(Map.of(topic, NewPartitions.increaseTo(2))).all().get();
      producer.sendSync(topic, 1, "new-partition");
      String second = topic + "-second";
      KAFKA.createTopic(second, 1);
      producer.sendSync(second, 0, "new-topic");
      sink.awaitRows(
          r -> values(r).containsAll(Set.of("new-partition", "new-topic")),
          WAIT,
          "records of the new partition and topic");
    } finally {
      result.cancel();
    }
  }

  @Test
  void rawFormatAsBytesAndWithCharset() {
    String topic = newTopic("raw", 1);
    producer.send(topic, 0, null, null, "é");
    producer.flush();
    Map<String, String> bounded =
        Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset");
    List<Row> bytes =
        runBounded(
            source(topic)
                .withOptions(bounded)
                .withSchema(Schema.builder().addByteArrayField("payload").build()));
    assertEquals("é", new String(bytes.get(0).getBytes("payload"), StandardCharsets.UTF_8));
    List<Row> latin1 =
        runBounded(source(topic).withOptions(bounded).withOption("raw.charset", "ISO-8859-1"));
    assertEquals("\u00c3\u00a9", latin1.get(0).getString("value"));
  }

  @Test
  void consumerPropertiesArePassedThroughReadCommittedHidesAbortedRecords() throws Exception {
    String topic = newTopic("txn", 1);
    try (org.apache.kafka.clients.producer.KafkaProducer<byte[], byte[]> tx =
        new org.apache.kafka.clients.producer.KafkaProducer<>(
            Map.of(
                "bootstrap.servers",
                KAFKA.bootstrapServers(),
                "transactional.id",
                "tx-" + topic,
                "key.serializer",
                org.apache.kafka.common.serialization.ByteArraySerializer.class,
                "value.serializer",
                org.apache.kafka.common.serialization.ByteArraySerializer.class))) {
      tx.initTransactions();
      for (String[] batch : new String[][] {{"c1", "c2"}, {"a1", "a2"}, {"c3"}}) {
        tx.beginTransaction();
        for (String v : batch) {
          tx.send(
              new org.apache.kafka.clients.producer.ProducerRecord<>(
                  topic, 0, null, v.getBytes(StandardCharsets.UTF_8)));
        }
        tx.flush(); // aborted records reach the log, marked aborted
        if (batch[0].startsWith("a")) {
          tx.abortTransaction();
        } else {
          tx.commitTransaction();
        }
      }
    }
    Map<String, String> bounded =
        Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset");
    // The last offsets of the partition are transaction markers: the bounded read must still end.
    assertEquals(
        Set.of("c1", "c2", "c3"),
        values(
            runBounded(
                source(topic)
                    .withOptions(bounded)
                    .withOption("properties.isolation.level", "read_committed"))));
    // read_committed is the source's default (issue 24, item 5); aborted records only on request.
    assertEquals(
        Set.of("c1", "c2", "a1", "a2", "c3"),
        values(
            runBounded(
                source(topic)
                    .withOptions(bounded)
                    .withOption("properties.isolation.level", "read_uncommitted"))));
  }
}
