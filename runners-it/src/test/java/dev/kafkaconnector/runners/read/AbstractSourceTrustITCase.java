package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.io.KafkaConnectorRead;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * What a reader can trust (issue 24, items 5 and 6): aborted and open transactions stay out of a
 * default read, a bounded read ends at the last stable offset, a deleted topic ends its reads while
 * the job goes on, a re-created topic is read again from its start, and offset resets are counted.
 * One subclass per runner; one broker for the class.
 */
abstract class AbstractSourceTrustITCase extends ReadITSupport {
  private static final Duration RECREATED_WAIT = Duration.ofSeconds(60);

  /** Committed c-0..c-2, an aborted transaction a-0..a-2, committed c-3..c-4. */
  private String topicWithAnAbortedTransaction() throws Exception {
    String topic = newTopic("aborted", 1);
    try (KafkaProducer<byte[], byte[]> tx = transactional(topic)) {
      tx.initTransactions();
      tx.beginTransaction();
      send(tx, topic, "c-0", "c-1", "c-2");
      tx.commitTransaction();
      tx.beginTransaction();
      send(tx, topic, "a-0", "a-1", "a-2");
      tx.flush();
      tx.abortTransaction();
      tx.beginTransaction();
      send(tx, topic, "c-3", "c-4");
      tx.commitTransaction();
    }
    return topic;
  }

  private KafkaConnectorRead boundedFromEarliest(String topic) {
    return source(topic)
        .withOptions(
            Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset"));
  }

  @Test
  void aDefaultReadShowsOnlyCommittedRecords() throws Exception {
    String topic = topicWithAnAbortedTransaction();
    assertEquals(
        Set.of("c-0", "c-1", "c-2", "c-3", "c-4"),
        values(runBounded(boundedFromEarliest(topic))),
        "a read without properties.isolation.level shows no aborted record");
  }

  @Test
  void readUncommittedShowsAbortedRecordsToo() throws Exception {
    String topic = topicWithAnAbortedTransaction();
    assertEquals(
        Set.of("c-0", "c-1", "c-2", "a-0", "a-1", "a-2", "c-3", "c-4"),
        values(
            runBounded(
                boundedFromEarliest(topic)
                    .withOption("properties.isolation.level", "read_uncommitted"))));
  }

  @Test
  void aBoundedReadWithAnOpenTransactionEndsAtTheLastStableOffset() throws Exception {
    String topic = newTopic("open", 1);
    producer.send(topic, 0, null, null, "c-0");
    producer.send(topic, 0, null, null, "c-1");
    producer.flush();
    try (KafkaProducer<byte[], byte[]> tx = transactional(topic)) {
      tx.initTransactions();
      tx.beginTransaction();
      send(tx, topic, "o-0", "o-1");
      tx.flush();
      producer.send(topic, 0, null, null, "c-2"); // after the open transaction's records
      producer.flush();
      List<Row> rows = runBounded(boundedFromEarliest(topic));
      assertEquals(
          List.of("c-0", "c-1"),
          rows.stream().map(r -> r.getString("value")).sorted().toList(),
          "the read ends at the last stable offset, before the open transaction");
      tx.abortTransaction();
    }
  }

  @Test
  void anOffsetResetIsCounted() throws Exception {
    String topic = newTopic("reset", 1);
    for (int i = 0; i < 10; i++) {
      producer.send(topic, 0, null, null, "r-" + i);
    }
    producer.flush();
    TopicPartition tp = new TopicPartition(topic, 0);
    KAFKA.admin().deleteRecords(Map.of(tp, RecordsToDelete.beforeOffset(5))).all().get();
    Run run =
        runBoundedWithResult(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "specific-offsets",
                        "scan.startup.specific-offsets", "partition:0,offset:2",
                        "scan.bounded.mode", "latest-offset")));
    assertEquals(Set.of("r-5", "r-6", "r-7", "r-8", "r-9"), values(run.rows()));
    assertEquals(1, run.counter("kafka-connector", "offset-resets"), "offset 2 -> earliest 5");
  }

  @Test
  void aTopicDeletedMidReadEndsItsReadsAndTheJobGoesOn() throws Exception {
    String prefix = KAFKA.newTopicName("pat");
    String gone = prefix + "-gone";
    String stays = prefix + "-stays";
    KAFKA.createTopic(gone, 2);
    KAFKA.createTopic(stays, 1);
    producer.fill(gone, 2, 3);
    producer.fill(stays, 1, 3);
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink sink = new CollectingSink();
    pipeline
        .apply(
            dev.kafkaconnector.io.KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers", KAFKA.bootstrapServers(),
                        "topic-pattern", java.util.regex.Pattern.quote(prefix) + "-.*",
                        "format", "raw",
                        "scan.startup.mode", "earliest-offset",
                        "scan.topic-partition-discovery.interval", "1 s"))
                .withSchema(VALUE))
        .apply(sink);
    PipelineResult result = pipeline.run();
    try {
      sink.awaitRows(r -> r.size() >= 9, WAIT, "9 rows");
      KAFKA.admin().deleteTopics(List.of(gone)).all().get();
      for (int i = 3; i < 6; i++) {
        producer.send(stays, 0, null, null, "v-0-" + i);
      }
      producer.flush();
      List<Row> rows = sink.awaitRows(r -> r.size() >= 12, WAIT, "12 rows");
      Set<String> expected = new TreeSet<>(expected(2, 0, 3));
      expected.addAll(expected(1, 3, 6));
      assertEquals(expected, values(rows));
      assertEquals(12, rows.size(), "no record read twice");
    } finally {
      result.cancel();
    }
  }

  @Test
  void aTopicDeletedAndReCreatedIsReadAgainFromItsStart() throws Exception {
    String topic = newTopic("again", 1);
    for (int i = 0; i < 5; i++) {
      producer.send(topic, 0, null, null, "old-" + i);
    }
    producer.flush();
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink sink = new CollectingSink();
    pipeline
        .apply(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "earliest-offset",
                        "scan.topic-partition-discovery.interval", "1 s")))
        .apply(sink);
    PipelineResult result = pipeline.run();
    try {
      sink.awaitRows(r -> r.size() >= 5, WAIT, "the 5 old rows");
      KAFKA.admin().deleteTopics(List.of(topic)).all().get();
      recreate(topic);
      try (TestProducer fresh = new TestProducer(KAFKA.bootstrapServers())) {
        fresh.send(topic, 0, null, null, "new-0");
        fresh.send(topic, 0, null, null, "new-1");
        fresh.flush();
      }
      List<Row> rows =
          sink.awaitRows(
              r -> values(r).containsAll(Set.of("new-0", "new-1")),
              RECREATED_WAIT,
              "the re-created topic's records");
      List<String> all = new ArrayList<>();
      rows.forEach(r -> all.add(r.getString("value")));
      all.sort(null);
      assertEquals(
          List.of("new-0", "new-1", "old-0", "old-1", "old-2", "old-3", "old-4"),
          all,
          "each record of both incarnations once");
    } finally {
      result.cancel();
    }
  }

  /** Creates the topic again, waiting out the broker's "marked for deletion" answers. */
  private static void recreate(String topic) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      try {
        KAFKA
            .admin()
            .createTopics(List.of(new org.apache.kafka.clients.admin.NewTopic(topic, 1, (short) 1)))
            .all()
            .get();
        return;
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof TopicExistsException) || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(100); // polling with a deadline: the deletion is still being applied
      }
    }
  }

  private static KafkaProducer<byte[], byte[]> transactional(String topic) {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            KAFKA.bootstrapServers(),
            ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            "trust-" + topic,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class));
  }

  private static void send(KafkaProducer<byte[], byte[]> tx, String topic, String... values) {
    for (String v : values) {
      tx.send(
          new ProducerRecord<>(
              topic, 0, null, v.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
  }
}
