package dev.kafkaconnector.runners.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.BeamMetrics;
import dev.kafkaconnector.runners.PipelineRunners;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.Lineage;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * The write cases on the DirectRunner, with its immutability and encodability checks on, and the
 * exactly-once sink's bounded cases (on Flink it needs a streaming job with checkpoints: see
 * FlinkSinkFailoverIT).
 */
class DirectRunnerWriteIT extends AbstractKafkaWriteITCase {
  @Override
  protected PipelineOptions options() {
    return PipelineRunners.direct(true, true);
  }

  @Test
  void exactlyOnceWritesEveryRecordOnceWithAllItsFields() throws Exception {
    String topic = newTopic("eos", 3);
    String prefix = "eos-" + System.nanoTime();
    long ts = 1_700_000_000_000L;
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      Map<String, byte[]> headers =
          Map.of("n", Integer.toString(i).getBytes(StandardCharsets.UTF_8));
      rows.add(order(i, "item-" + i, ts + i, headers, i % 3));
    }
    PipelineResult result =
        run(
            ORDER,
            rows,
            sink(topic)
                .withOptions(
                    Map.of(
                        "key.format", "json",
                        "key.fields", "id",
                        "value.format", "json",
                        "value.fields-include", "EXCEPT_KEY",
                        "sink.delivery-guarantee", "exactly-once",
                        "sink.transactional-id-prefix", prefix))
                .withMetadataColumn("ts", "timestamp")
                .withMetadataColumn("hdrs", "headers")
                .withMetadataColumn("p", "partition"));
    List<ConsumerRecord<byte[], byte[]>> back = readBack(topic, 300);
    assertEquals(300, back.size(), "read_committed records");
    // The exactly-once writer's metrics: FLIP-33 counts, producer gauges, lineage.
    assertEquals(300, BeamMetrics.counter(result, "numRecordsOut"));
    long bytes = back.stream().mapToLong(r -> r.key().length + r.value().length).sum();
    assertEquals(bytes, BeamMetrics.counter(result, "numBytesOut"));
    assertTrue(BeamMetrics.gauge(result, "KafkaProducer.request-latency-avg").isPresent());
    assertEquals(
        Set.of(BeamMetrics.kafkaFqn(KAFKA.bootstrapServers(), topic)),
        BeamMetrics.lineage(result, Lineage.Type.SINK));
    Map<String, Integer> perKey = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : back) {
      perKey.merge(text(r.key()), 1, Integer::sum);
      int id = Integer.parseInt(text(r.key()).replaceAll("\\D", ""));
      assertEquals("{\"name\":\"item-" + id + "\"}", text(r.value()));
      assertEquals(ts + id, r.timestamp());
      assertEquals(id % 3, r.partition());
      assertEquals(Integer.toString(id), text(r.headers().lastHeader("n").value()));
    }
    assertEquals(300, perKey.size());
    assertTrue(perKey.values().stream().allMatch(c -> c == 1), "each key once");
    // The transactions were those of the bounded set of ids <prefix>-<shard> (4 shards).
    Set<String> ids =
        KAFKA.admin().listTransactions().all().get().stream()
            .map(TransactionListing::transactionalId)
            .filter(id -> id.startsWith(prefix))
            .collect(Collectors.toCollection(TreeSet::new));
    assertFalse(ids.isEmpty());
    Set<String> allowed = Set.of(prefix + "-0", prefix + "-1", prefix + "-2", prefix + "-3");
    assertTrue(allowed.containsAll(ids), ids.toString());
  }

  @Test
  void exactlyOnceWritesPerRowTopics() {
    String first = newTopic("eos-a", 1);
    String second = newTopic("eos-b", 2);
    Schema schema = Schema.builder().addStringField("line").addStringField("topic").build();
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      rows.add(Row.withSchema(schema).addValues("r" + i, i % 2 == 0 ? first : second).build());
    }
    run(
        schema,
        rows,
        sink(null)
            .withOptions(
                Map.of(
                    "format", "raw",
                    "metadata.list", "topic",
                    "sink.delivery-guarantee", "exactly-once",
                    "sink.transactional-id-prefix", "eos-rows-" + System.nanoTime())));
    List<ConsumerRecord<byte[], byte[]>> a = readBack(first, 20);
    List<ConsumerRecord<byte[], byte[]>> b = readBack(second, 20);
    assertEquals(20, a.size());
    assertEquals(20, b.size());
    Set<String> expectedA = new TreeSet<>();
    for (int i = 0; i < 40; i += 2) {
      expectedA.add("r" + i);
    }
    assertEquals(expectedA, values(a));
  }

  /**
   * A writer that died mid-transaction leaves its transaction open, which stops read_committed
   * readers at that point. A new job with the same prefix fences the id and aborts it on start.
   */
  @Test
  void aRestartedJobAbortsTheTransactionADeadOneLeftOpen() {
    String prefix = "eos-linger-" + System.nanoTime();
    writesDespiteAnOpenTransactionOf(prefix + "-0", prefix, 1);
  }

  /**
   * An earlier job with more shards left a transaction open on {@code <prefix>-7}, an id this job
   * (2 shards) never uses: the sink aborts it before its first transaction, so readers get the new
   * records instead of waiting for the transaction timeout.
   */
  @Test
  void aJobWithFewerShardsAbortsATransactionLeftOnAnIdItDoesNotUse() {
    String prefix = "eos-fewer-" + System.nanoTime();
    writesDespiteAnOpenTransactionOf(prefix + "-7", prefix, 2);
  }

  /**
   * Leaves a transaction of {@code deadId} open on a new topic (read_committed readers stop before
   * it), runs an exactly-once job with {@code prefix} and {@code shards}, and checks that a reader
   * gets the job's records and not the open transaction's.
   */
  private void writesDespiteAnOpenTransactionOf(String deadId, String prefix, int shards) {
    String topic = newTopic("eos-open", 1);
    KafkaProducer<byte[], byte[]> dead =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                KAFKA.bootstrapServers(),
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                deadId,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class));
    try {
      dead.initTransactions();
      dead.beginTransaction();
      dead.send(new ProducerRecord<>(topic, "uncommitted".getBytes(StandardCharsets.UTF_8)));
      dead.flush(); // on the broker, open: read_committed readers stop before it
      Schema schema = Schema.builder().addStringField("line").build();
      List<Row> rows = new ArrayList<>();
      Set<String> expected = new TreeSet<>();
      for (int i = 0; i < 10; i++) {
        rows.add(Row.withSchema(schema).addValue("r" + i).build());
        expected.add("r" + i);
      }
      run(
          schema,
          rows,
          sink(topic)
              .withOptions(
                  Map.of(
                      "format",
                      "raw",
                      "sink.delivery-guarantee",
                      "exactly-once",
                      "sink.transactional-id-prefix",
                      prefix,
                      "sink.parallelism",
                      Integer.toString(shards))));
      assertEquals(
          expected,
          values(readBack(topic, 10)),
          "the new records, not blocked and without the aborted one");
    } finally {
      dead.close(java.time.Duration.ZERO);
    }
  }

  /**
   * Flink's default transaction timeout (one hour) is more than a default broker accepts: the sink
   * says so before its first transaction, with both keys and both values.
   */
  @Test
  void aTransactionTimeoutTheBrokerRefusesFailsNamingBothKeys() {
    String topic = newTopic("eos-timeout", 1);
    Schema schema = Schema.builder().addStringField("line").build();
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                run(
                    schema,
                    List.of(Row.withSchema(schema).addValue("x").build()),
                    sink(topic)
                        .withOptions(
                            Map.of(
                                "format", "raw",
                                "sink.delivery-guarantee", "exactly-once",
                                "sink.transactional-id-prefix", "eos-timeout-" + System.nanoTime(),
                                "properties.transaction.timeout.ms", "3600000"))));
    String message = messages(e);
    assertTrue(
        message.contains("'properties.transaction.timeout.ms' = 3600000 ms")
            && message.contains("'transaction.max.timeout.ms' = 900000 ms"),
        message);
    // Every attempt would be refused the same way: marked so that no runner restarts on it.
    assertTrue(message.contains("cannot heal by retrying"), message);
  }

  private static String messages(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append(" | ");
    }
    return all.toString();
  }
}
