package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A streaming job on embedded Flink with checkpoints fails once mid-stream, after a checkpoint
 * completed (seen as offsets committed to the group, which the reader does only for durable
 * checkpoints), and is restored by Flink. The test proves that the restored job continued from the
 * checkpointed offsets (not from its startup mode, earliest-offset, which would re-read from 0) and
 * that no record was lost.
 */
class FlinkCheckpointRestoreIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  private static final int PARTITIONS = 2;
  private static final int PREFILLED = 300;

  /** State shared with the pipeline's DoFns (embedded Flink runs in this JVM). */
  static final AtomicBoolean FAILED = new AtomicBoolean();

  static final Map<TopicPartition, Long> COMMITTED_AT_FAILURE = new ConcurrentHashMap<>();
  static final ConcurrentLinkedQueue<long[]> AFTER_RESTORE = new ConcurrentLinkedQueue<>();
  static final AtomicBoolean TRIGGER = new AtomicBoolean();
  static volatile String group;

  @Test
  void restoresFromCheckpointedOffsetsAfterAFailure() throws Exception {
    String topic = KAFKA.newTopicName("restore");
    KAFKA.createTopic(topic, PARTITIONS);
    group = "restore-" + topic;
    try (TestProducer producer = new TestProducer(KAFKA.bootstrapServers())) {
      for (int i = 0; i < PREFILLED; i++) {
        producer.send(topic, i % PARTITIONS, null, null, "r" + i);
      }
      producer.flush();

      FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, false);
      options.setStreaming(true);
      options.setCheckpointingInterval(300L);
      options.setNumberOfExecutionRetries(2);
      options.setExecutionRetryDelay(200L);
      Pipeline pipeline = Pipeline.create(options);
      CollectingSink sink = new CollectingSink();
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
                          "raw",
                          "properties.group.id",
                          group,
                          "scan.startup.mode",
                          "earliest-offset"))
                  .withSchema(Schema.builder().addStringField("value").build())
                  .withMetadata(MetadataKey.PARTITION, MetadataKey.OFFSET))
          .apply(ParDo.of(new FailOnceFn()))
          .setRowSchema(
              Schema.builder()
                  .addStringField("value")
                  .addInt32Field("partition")
                  .addInt64Field("offset")
                  .build())
          .apply(sink);
      PipelineResult result = pipeline.run();
      AtomicInteger produced = new AtomicInteger(PREFILLED);
      AtomicBoolean producing = new AtomicBoolean(true);
      Thread writer =
          new Thread(
              () -> {
                // Keep writing while the job runs, so that it is mid-stream when it fails.
                try {
                  while (producing.get()) {
                    int i = produced.get();
                    producer.sendSync(topic, i % PARTITIONS, "r" + i);
                    produced.incrementAndGet();
                    Thread.sleep(5);
                  }
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              },
              "restore-test-writer");
      writer.start();
      try {
        // Wait for a completed checkpoint: the reader commits offsets to the group only then.
        Map<TopicPartition, Long> committed = awaitCommittedOffsets(Duration.ofSeconds(90));
        COMMITTED_AT_FAILURE.putAll(committed);
        TRIGGER.set(true);
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (AFTER_RESTORE.size() < 200) {
          assertTrue(System.nanoTime() < deadline, "the job did not resume after the failure");
          Thread.sleep(50);
        }
        producing.set(false);
        writer.join();
        int total = produced.get();
        List<Row> rows =
            sink.awaitRows(
                r -> offsets(r).size() == total,
                Duration.ofSeconds(60),
                "all " + total + " records after the injected failure");
        assertTrue(FAILED.get(), "the failure was injected");

        // Nothing lost: every offset of every partition was read.
        Set<String> expected = new TreeSet<>();
        for (int i = 0; i < total; i++) {
          expected.add((i % PARTITIONS) + ":" + (i / PARTITIONS));
        }
        assertEquals(expected, offsets(rows));

        // Restored from the checkpoint: after the failure each partition resumed at or after the
        // offset committed for a completed checkpoint, never at 0 as earliest-offset would.
        Map<Integer, Long> firstAfterRestore = new HashMap<>();
        for (long[] po : AFTER_RESTORE) {
          firstAfterRestore.merge((int) po[0], po[1], Math::min);
        }
        assertFalse(COMMITTED_AT_FAILURE.isEmpty(), "a checkpoint completed before the failure");
        for (Map.Entry<TopicPartition, Long> e : COMMITTED_AT_FAILURE.entrySet()) {
          Long first = firstAfterRestore.get(e.getKey().partition());
          assertTrue(first != null, "partition " + e.getKey() + " was read after the restore");
          assertTrue(
              first >= e.getValue(),
              "partition "
                  + e.getKey()
                  + " resumed at "
                  + first
                  + ", before the offset "
                  + e.getValue()
                  + " committed by a completed checkpoint");
          assertTrue(first > 0, "partition " + e.getKey() + " restarted from its startup offset");
        }
      } finally {
        producing.set(false);
        result.cancel();
      }
    }
  }

  private static Map<TopicPartition, Long> awaitCommittedOffsets(Duration timeout)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Map<TopicPartition, Long> out = new HashMap<>();
      KAFKA
          .admin()
          .listConsumerGroupOffsets(group)
          .partitionsToOffsetAndMetadata()
          .get()
          .forEach(
              (tp, o) -> {
                if (o != null && o.offset() > 0) {
                  out.put(tp, o.offset());
                }
              });
      if (!out.isEmpty()) {
        return out;
      }
      assertTrue(System.nanoTime() < deadline, "no offsets committed: no checkpoint completed");
      Thread.sleep(100);
    }
  }

  private static Set<String> offsets(List<Row> rows) {
    Set<String> out = new TreeSet<>();
    rows.forEach(r -> out.add(r.getInt32("partition") + ":" + r.getInt64("offset")));
    return out;
  }

  /** Passes rows through; throws once when the test pulls the trigger. */
  static final class FailOnceFn extends DoFn<Row, Row> {
    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) {
      if (FAILED.get()) {
        AFTER_RESTORE.add(new long[] {row.getInt32("partition"), row.getInt64("offset")});
      } else if (TRIGGER.get() && FAILED.compareAndSet(false, true)) {
        throw new IllegalStateException("Injected failure to test checkpoint recovery");
      }
      out.output(row);
    }
  }
}
