package dev.kafkaconnector.io.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.WatermarkStrategy;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import dev.kafkaconnector.io.source.spec.WatermarkPolicy;
import java.time.Duration;
import java.util.Optional;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

class PartitionWatermarkTest {
  private static final long T = 1_700_000_000_000L;

  private static ConsumerRecord<byte[], byte[]> record(long ts, TimestampType type) {
    return new ConsumerRecord<>(
        "t", 0, 0, ts, type, 0, 0, null, new byte[0], new RecordHeaders(), Optional.empty());
  }

  private static WatermarkEstimators.Manual estimator() {
    return new WatermarkEstimators.Manual(BoundedWindow.TIMESTAMP_MIN_VALUE);
  }

  @Test
  void eventTimeTrailsTheHighestTimestampByTheBound() {
    WatermarkEstimators.Manual estimator = estimator();
    PartitionWatermark wm =
        new PartitionWatermark(
            new WatermarkPolicy(WatermarkStrategy.EVENT_TIME, Duration.ofSeconds(5), Duration.ZERO),
            estimator);
    assertEquals(
        new Instant(T + 10_000), wm.timestampOf(record(T + 10_000, TimestampType.CREATE_TIME)));
    // handed to the estimator once per batch, not per record
    assertEquals(BoundedWindow.TIMESTAMP_MIN_VALUE, estimator.currentWatermark());
    wm.publish();
    assertEquals(new Instant(T + 5_000), estimator.currentWatermark());
    // 4 s out of order: on time, the watermark does not move back
    wm.timestampOf(record(T + 6_000, TimestampType.CREATE_TIME));
    wm.publish();
    assertEquals(new Instant(T + 5_000), estimator.currentWatermark());
    assertEquals(0, wm.lateRecords());
    // 6 s out of order: late, and counted
    wm.timestampOf(record(T + 4_000, TimestampType.CREATE_TIME));
    assertEquals(1, wm.lateRecords());
    // caught up, idleness disabled: the watermark stays where the records put it
    wm.onNoRecord(true, Duration.ofHours(1).toNanos());
    assertEquals(new Instant(T + 5_000), estimator.currentWatermark());
  }

  @Test
  void idlePartitionStopsHoldingTheWatermarkBackAfterTheTimeout() {
    WatermarkEstimators.Manual estimator = estimator();
    PartitionWatermark wm =
        new PartitionWatermark(
            new WatermarkPolicy(
                WatermarkStrategy.EVENT_TIME, Duration.ofSeconds(5), Duration.ofSeconds(30)),
            estimator);
    wm.timestampOf(record(T, TimestampType.CREATE_TIME));
    wm.onNoRecord(true, Duration.ofSeconds(10).toNanos());
    assertEquals(new Instant(T - 5_000), estimator.currentWatermark(), "not idle long enough");
    wm.onNoRecord(false, Duration.ofSeconds(40).toNanos());
    assertEquals(new Instant(T - 5_000), estimator.currentWatermark(), "backlog: not idle");
    long before = System.currentTimeMillis();
    wm.onNoRecord(true, Duration.ofSeconds(40).toNanos());
    assertTrue(estimator.currentWatermark().getMillis() >= before - 5_000);
  }

  @Test
  void processingTimeAndLogAppendTime() {
    WatermarkEstimators.Manual estimator = estimator();
    PartitionWatermark processing =
        new PartitionWatermark(
            new WatermarkPolicy(WatermarkStrategy.PROCESSING_TIME, Duration.ZERO, Duration.ZERO),
            estimator);
    long before = System.currentTimeMillis();
    Instant ts = processing.timestampOf(record(T - 1_000_000, TimestampType.CREATE_TIME));
    assertTrue(ts.getMillis() >= before);

    PartitionWatermark append =
        new PartitionWatermark(
            new WatermarkPolicy(
                WatermarkStrategy.LOG_APPEND_TIME, Duration.ofSeconds(1), Duration.ZERO),
            estimator());
    assertEquals(new Instant(T), append.timestampOf(record(T, TimestampType.LOG_APPEND_TIME)));
    KafkaSourceException e =
        assertThrows(
            KafkaSourceException.class,
            () -> append.timestampOf(record(T, TimestampType.CREATE_TIME)));
    assertTrue(e.getMessage().contains("scan.watermark.strategy"), e.getMessage());
    assertTrue(e.getMessage().contains("t-0 offset 0"), e.getMessage());
  }
}
