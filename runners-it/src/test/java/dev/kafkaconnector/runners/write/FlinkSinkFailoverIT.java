package dev.kafkaconnector.runners.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A streaming job on embedded Flink with checkpoints copies a topic that keeps growing to another
 * one while a failure is injected 2 times (5 in the soak profile), each after a checkpoint
 * completed (seen as the reader's offsets committed to its group). At-least-once: every input
 * record is in the output topic afterwards (duplicates allowed and reported). Exactly-once: a
 * read_committed consumer sees every input record exactly once, and each key's records in the order
 * they were read. Records carry one of {@value #KEYS} keys (each key in one input partition),
 * written as the record key, so the default partitioner puts each key in one output partition. One
 * broker for both cases; the at-least-once case runs in the soak profile ({@code
 * -Dfault.all-cases=true}) only.
 */
class FlinkSinkFailoverIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  private static final int PARTITIONS = 4;

  /** Records in the input before the job starts (the soak profile writes 100,000). */
  private static final int PREFILLED = Integer.getInteger("failover.prefilled", 30_000);

  /** Failures injected (the soak profile injects 5). */
  private static final int FAILURES = Integer.getInteger("failover.failures", 2);

  private static final int KEYS = 40;

  static final AtomicInteger FAILED = new AtomicInteger();
  static final AtomicBoolean TRIGGER = new AtomicBoolean();

  @Test
  void atLeastOnceLosesNothingAcrossFailures() throws Exception {
    assumeTrue(
        Boolean.getBoolean("fault.all-cases"),
        "the at-least-once failover runs with -Dfault.all-cases=true (the soak profile)");
    Output output = copyWithFailures("at-least-once", Map.of());
    System.out.println("at-least-once duplicates: " + output.duplicates());
  }

  @Test
  void exactlyOnceWritesEveryRecordOnceAcrossFailures() throws Exception {
    Output output =
        copyWithFailures(
            "exactly-once",
            Map.of(
                "sink.transactional-id-prefix",
                "eos-" + System.nanoTime(),
                "sink.parallelism",
                "2"));
    assertEquals(0, output.duplicates(), "records written twice (read_committed)");
    assertEquals(List.of(), output.outOfOrder(), "keys whose records are out of order");
  }

  /** What the output topic holds: duplicates, and the keys whose records went out of order. */
  private record Output(long duplicates, List<String> outOfOrder) {}

  /** Runs the copy job with {@code guarantee} and checks that no record is missing. */
  private Output copyWithFailures(String guarantee, Map<String, String> sinkOptions)
      throws Exception {
    FAILED.set(0);
    TRIGGER.set(false);
    String in = KAFKA.newTopicName("fo-in");
    String out = KAFKA.newTopicName("fo-out");
    KAFKA.createTopic(in, PARTITIONS);
    KAFKA.createTopic(out, PARTITIONS);
    String group = "alo-" + in;
    AtomicInteger produced = new AtomicInteger();
    try (KafkaProducer<byte[], byte[]> producer = producer()) {
      for (int i = 0; i < PREFILLED; i++) {
        producer.send(record(in, produced.getAndIncrement()));
      }
      producer.flush();

      FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, false);
      options.setStreaming(true);
      options.setCheckpointingInterval(300L);
      options.setNumberOfExecutionRetries(FAILURES + 3);
      options.setExecutionRetryDelay(200L);
      Pipeline pipeline = Pipeline.create(options);
      Schema schema = Schema.builder().addStringField("k").addStringField("value").build();
      Map<String, String> layout =
          Map.of("key.format", "raw", "key.fields", "k", "value.fields-include", "EXCEPT_KEY");
      pipeline
          .apply(
              KafkaConnectorIO.read()
                  .withOptions(
                      Map.of(
                          "properties.bootstrap.servers",
                          KAFKA.bootstrapServers(),
                          "topic",
                          in,
                          "format",
                          "raw",
                          "properties.group.id",
                          group,
                          "scan.startup.mode",
                          "earliest-offset"))
                  .withOptions(layout)
                  .withSchema(schema))
          .apply(ParDo.of(new FailWhenTriggeredFn()))
          .setRowSchema(schema)
          .apply(
              KafkaConnectorIO.write()
                  .withOptions(
                      Map.of(
                          "properties.bootstrap.servers",
                          KAFKA.bootstrapServers(),
                          "topic",
                          out,
                          "format",
                          "raw",
                          "sink.delivery-guarantee",
                          guarantee))
                  .withOptions(layout)
                  .withOptions(sinkOptions));
      PipelineResult result = pipeline.run();
      AtomicBoolean producing = new AtomicBoolean(true);
      Thread writer =
          new Thread(
              () -> {
                while (producing.get()) {
                  producer.send(record(in, produced.getAndIncrement()));
                  try {
                    Thread.sleep(2);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "alo-test-writer");
      writer.start();
      try {
        long committedBefore = committed(group);
        while (FAILED.get() < FAILURES) {
          // Each failure only after a newer checkpoint completed than the last one seen.
          long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
          long now;
          while ((now = committed(group)) <= committedBefore) {
            assertTrue(
                System.nanoTime() < deadline,
                "no checkpoint completed after "
                    + FAILED.get()
                    + " failures (committed "
                    + now
                    + ", job "
                    + result.getState()
                    + ")");
            Thread.sleep(100);
          }
          committedBefore = now;
          int failures = FAILED.get();
          TRIGGER.set(true);
          while (FAILED.get() == failures) {
            assertTrue(System.nanoTime() < deadline, "the failure was not injected");
            Thread.sleep(20);
          }
        }
        producing.set(false);
        writer.join();
        producer.flush();
        int total = produced.get();
        // What the job could read: the input topic's records (a send of this test's producer can
        // fail on the loaded machine; its record then is not the connector's to lose).
        Set<String> input = values(in);
        Map<String, Integer> seen = new HashMap<>();
        List<String> outOfOrder = readAll(out, input.size(), seen, Duration.ofSeconds(120));
        Set<String> missing = new HashSet<>(input);
        missing.removeAll(seen.keySet());
        if (input.size() != total) {
          System.out.printf(
              "%d of %d sends to the input topic failed%n", total - input.size(), total);
        }
        long duplicates = seen.values().stream().mapToLong(c -> c - 1).sum();
        System.out.printf(
            "%s across %d failures: %d records in, %d distinct out, %d duplicates,"
                + " %d keys out of order%n",
            guarantee, FAILED.get(), input.size(), seen.size(), duplicates, outOfOrder.size());
        assertEquals(Set.of(), missing.size() > 20 ? Set.of(missing.size() + " missing") : missing);
        assertEquals(FAILURES, FAILED.get());
        return new Output(duplicates, outOfOrder);
      } finally {
        producing.set(false);
        result.cancel();
      }
    }
  }

  private static KafkaProducer<byte[], byte[]> producer() {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            KAFKA.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            ByteArraySerializer.class,
            ProducerConfig.LINGER_MS_CONFIG,
            5));
  }

  private static ProducerRecord<byte[], byte[]> record(String topic, int i) {
    return new ProducerRecord<>(
        topic,
        i % PARTITIONS,
        ("k" + i % KEYS).getBytes(StandardCharsets.UTF_8),
        ("r" + i).getBytes(StandardCharsets.UTF_8));
  }

  /** The values of every record of {@code topic}, read to its end offsets. */
  private static Set<String> values(String topic) {
    Set<String> out = new HashSet<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                KAFKA.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                5000))) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
        assertTrue(System.nanoTime() < deadline, "reading the input topic " + topic);
        consumer
            .poll(Duration.ofMillis(200))
            .forEach(r -> out.add(new String(r.value(), StandardCharsets.UTF_8)));
      }
    }
    return out;
  }

  /** The sum of the group's committed offsets (grows with each completed checkpoint). */
  private static long committed(String group) throws Exception {
    long sum = 0;
    for (var o :
        KAFKA
            .admin()
            .listConsumerGroupOffsets(group)
            .partitionsToOffsetAndMetadata()
            .get()
            .values()) {
      if (o != null) {
        sum += o.offset();
      }
    }
    return sum;
  }

  /**
   * Reads {@code topic} until {@code expected} distinct values, counting each value in {@code
   * seen}; returns the keys whose record numbers did not always grow in offset order (a duplicate
   * of an earlier record counts too).
   */
  private static List<String> readAll(
      String topic, int expected, Map<String, Integer> seen, Duration timeout) {
    Map<String, Integer> lastPerKey = new HashMap<>();
    Set<String> outOfOrder = new java.util.TreeSet<>();
    java.util.function.Consumer<org.apache.kafka.clients.consumer.ConsumerRecord<byte[], byte[]>>
        take =
            r -> {
              String value = new String(r.value(), StandardCharsets.UTF_8);
              String key = new String(r.key(), StandardCharsets.UTF_8);
              seen.merge(value, 1, Integer::sum);
              int number = Integer.parseInt(value.substring(1));
              Integer before = lastPerKey.put(key, number);
              if (before != null && before >= number) {
                outOfOrder.add(key);
              }
            };
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                KAFKA.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                5000,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"))) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (seen.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(take);
      }
      // A last look for duplicates written after the last expected record.
      consumer.poll(Duration.ofSeconds(2)).forEach(take);
    }
    return List.copyOf(outOfOrder);
  }

  /** Passes rows through; throws once each time the test pulls the trigger. */
  static final class FailWhenTriggeredFn extends DoFn<Row, Row> {
    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) {
      if (TRIGGER.compareAndSet(true, false)) {
        FAILED.incrementAndGet();
        throw new IllegalStateException("Injected failure " + FAILED.get() + " (test)");
      }
      out.output(row);
    }
  }
}
