package dev.kafkaconnector.io.source.spec;

import dev.kafkaconnector.io.common.WatermarkStrategy;
import java.io.Serializable;
import java.time.Duration;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * How a source sets output timestamps and its watermark ({@code scan.watermark.*}): the strategy,
 * how far record timestamps may go back behind the highest one seen (bounded out-of-orderness), and
 * after how long a caught-up partition without records stops holding the watermark back.
 *
 * @param strategy where timestamps come from
 * @param maxOutOfOrderness the bound; the watermark trails the highest timestamp seen by it
 * @param idleTimeout zero to never treat a partition as idle
 * @param column the column whose values are the event time ({@code scan.watermark.column}), or null
 *     for the record timestamps
 */
public record WatermarkPolicy(
    WatermarkStrategy strategy,
    Duration maxOutOfOrderness,
    Duration idleTimeout,
    @Nullable String column)
    implements Serializable {

  /** A policy on the record timestamps. */
  public WatermarkPolicy(
      WatermarkStrategy strategy, Duration maxOutOfOrderness, Duration idleTimeout) {
    this(strategy, maxOutOfOrderness, idleTimeout, null);
  }

  public WatermarkPolicy {
    if (maxOutOfOrderness.isNegative()) {
      throw new IllegalArgumentException(
          "Option 'scan.watermark.max-out-of-orderness' must not be negative, but is "
              + maxOutOfOrderness);
    }
    if (column != null && strategy != WatermarkStrategy.EVENT_TIME) {
      throw new IllegalArgumentException(
          "Option 'scan.watermark.column' needs 'scan.watermark.strategy' = 'event-time', but it"
              + " is '"
              + strategy
              + "'");
    }
    if (idleTimeout.isNegative()) {
      throw new IllegalArgumentException(
          "Option 'scan.watermark.idle-timeout' must not be negative, but is " + idleTimeout);
    }
  }

  /** Whether idle partitions stop holding the watermark back. */
  public boolean idlenessEnabled() {
    return !idleTimeout.isZero();
  }
}
