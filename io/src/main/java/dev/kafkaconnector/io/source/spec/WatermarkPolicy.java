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
 * @param function computes the event time from each row instead (a computed column's expression),
 *     or null
 */
public record WatermarkPolicy(
    WatermarkStrategy strategy,
    Duration maxOutOfOrderness,
    Duration idleTimeout,
    @Nullable String column,
    @Nullable EventTimeFunction function)
    implements Serializable {

  /** A policy on the record timestamps or a column's values. */
  public WatermarkPolicy(
      WatermarkStrategy strategy,
      Duration maxOutOfOrderness,
      Duration idleTimeout,
      @Nullable String column) {
    this(strategy, maxOutOfOrderness, idleTimeout, column, null);
  }

  /** A policy on the record timestamps. */
  public WatermarkPolicy(
      WatermarkStrategy strategy, Duration maxOutOfOrderness, Duration idleTimeout) {
    this(strategy, maxOutOfOrderness, idleTimeout, null, null);
  }

  public WatermarkPolicy {
    if (maxOutOfOrderness.isNegative()) {
      throw new IllegalArgumentException(
          "Option 'scan.watermark.max-out-of-orderness' must not be negative, but is "
              + maxOutOfOrderness);
    }
    if (column != null && function != null) {
      throw new IllegalArgumentException(
          "Option 'scan.watermark.column' ('"
              + column
              + "') and an event-time function (withWatermark) both set the event time: use one");
    }
    if (function != null && strategy != WatermarkStrategy.EVENT_TIME) {
      throw new IllegalArgumentException(
          "An event-time function (withWatermark) needs 'scan.watermark.strategy' = 'event-time',"
              + " but it is '"
              + strategy
              + "'");
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

  /** This policy with the event time computed by {@code eventTime} from each row. */
  public WatermarkPolicy withFunction(EventTimeFunction eventTime) {
    return new WatermarkPolicy(strategy, maxOutOfOrderness, idleTimeout, column, eventTime);
  }

  /** Whether idle partitions stop holding the watermark back. */
  public boolean idlenessEnabled() {
    return !idleTimeout.isZero();
  }
}
