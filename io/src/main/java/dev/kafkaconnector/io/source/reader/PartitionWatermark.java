package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.WatermarkStrategy;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import dev.kafkaconnector.io.source.spec.WatermarkPolicy;
import org.apache.beam.sdk.transforms.splittabledofn.ManualWatermarkEstimator;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.record.TimestampType;
import org.joda.time.Instant;

/**
 * Output timestamps and the watermark of one partition's restriction during one
 * {@code @ProcessElement} call, following the source's {@link WatermarkPolicy}:
 *
 * <ul>
 *   <li>event time: a record's timestamp; the watermark trails the highest timestamp seen by the
 *       max out-of-orderness, so a record up to that much older than the newest one is on time;
 *   <li>log-append time: the broker's timestamps, which only grow per partition; once caught up the
 *       watermark follows the wall clock less the bound (the broker stamps new records with its
 *       clock);
 *   <li>processing time: the wall clock.
 * </ul>
 *
 * <p>With an idle timeout, an event-time partition that has been caught up without records for that
 * long stops holding the watermark back: its watermark moves to the wall clock less the bound, like
 * Flink's idleness, which takes an idle split out of the watermark minimum. The watermark never
 * goes back. The estimator's state is the watermark itself; the highest timestamp seen is the
 * watermark plus the bound.
 *
 * <p>The watermark is worked out per record but handed to the estimator by {@link #publish()}, once
 * per batch of polled records: a checkpoint taken in between sees the watermark of the last batch,
 * which is never ahead of the records emitted.
 */
final class PartitionWatermark {
  private final WatermarkPolicy policy;
  private final ManualWatermarkEstimator<Instant> estimator;
  private final long boundMillis;
  private long watermarkMillis;
  private long publishedMillis;
  private long late;

  PartitionWatermark(WatermarkPolicy policy, ManualWatermarkEstimator<Instant> estimator) {
    this.policy = policy;
    this.estimator = estimator;
    this.boundMillis = policy.maxOutOfOrderness().toMillis();
    this.watermarkMillis = estimator.currentWatermark().getMillis();
    this.publishedMillis = watermarkMillis;
  }

  /** The output timestamp of {@code record}; advances the watermark and counts late records. */
  Instant timestampOf(ConsumerRecord<byte[], byte[]> record) {
    long ts;
    switch (policy.strategy()) {
      case PROCESSING_TIME:
        ts = System.currentTimeMillis();
        break;
      case LOG_APPEND_TIME:
        if (record.timestampType() != TimestampType.LOG_APPEND_TIME) {
          throw new KafkaSourceException(
              "Option 'scan.watermark.strategy' is '"
                  + WatermarkStrategy.LOG_APPEND_TIME
                  + "' but the record at "
                  + record.topic()
                  + "-"
                  + record.partition()
                  + " offset "
                  + record.offset()
                  + " has timestamp type "
                  + record.timestampType()
                  + "; set the topic's message.timestamp.type to"
                  + " LogAppendTime or use 'event-time'");
        }
        ts = record.timestamp();
        break;
      default:
        ts = record.timestamp();
    }
    if (ts < 0) {
      // A record without timestamp (magic v0): it cannot move event time.
      return BoundedWindow.TIMESTAMP_MIN_VALUE;
    }
    return eventTime(ts);
  }

  /**
   * The output timestamp of a row whose event time is {@code millis} (a record's timestamp, or the
   * value of {@code scan.watermark.column}); advances the watermark and counts late rows.
   */
  Instant eventTime(long millis) {
    long ts =
        Math.max(
            BoundedWindow.TIMESTAMP_MIN_VALUE.getMillis(),
            Math.min(millis, BoundedWindow.TIMESTAMP_MAX_VALUE.getMillis()));
    if (ts < watermarkMillis) {
      late++;
    }
    advanceTo(ts - boundMillis);
    return new Instant(ts);
  }

  /**
   * Called when the partition has no record for now.
   *
   * @param caughtUp whether the reader is at the partition's end
   * @param idleNanos how long the partition has been without records
   */
  void onNoRecord(boolean caughtUp, long idleNanos) {
    long now = System.currentTimeMillis();
    switch (policy.strategy()) {
      case PROCESSING_TIME:
        advanceTo(now);
        break;
      case LOG_APPEND_TIME:
        if (caughtUp) {
          advanceTo(now - boundMillis);
        }
        break;
      default:
        if (caughtUp && policy.idlenessEnabled() && idleNanos >= policy.idleTimeout().toNanos()) {
          advanceTo(now - boundMillis);
        }
    }
    publish();
  }

  /** Hands the watermark worked out so far to the estimator, if it moved. */
  void publish() {
    if (watermarkMillis > publishedMillis) {
      publishedMillis = watermarkMillis;
      estimator.setWatermark(new Instant(watermarkMillis));
    }
  }

  /** Records older than the watermark when read during this call. */
  long lateRecords() {
    return late;
  }

  private void advanceTo(long millis) {
    if (millis > watermarkMillis) {
      watermarkMillis = Math.min(millis, BoundedWindow.TIMESTAMP_MAX_VALUE.getMillis());
    }
  }
}
