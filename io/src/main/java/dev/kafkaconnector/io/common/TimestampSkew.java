package dev.kafkaconnector.io.common;

import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.joda.time.Duration;

/**
 * The allowed timestamp skew of a DoFn whose outputs may carry any timestamp older than its input
 * (a Kafka record's timestamp against the element that named its partition).
 *
 * <p>Beam's usual idiom, {@code Duration.millis(Long.MAX_VALUE)}, overflows in the runner's output
 * check for a plain DoFn ({@code SimpleDoFnRunner.checkTimestamp} subtracts the skew from the
 * input's timestamp): Beam then catches an {@code ArithmeticException} for every output. The span
 * of Beam's own timestamps allows every timestamp Beam can carry without that overflow.
 */
public final class TimestampSkew {
  /** Any timestamp Beam can represent: the span from its minimum to its maximum timestamp. */
  public static final Duration ANY =
      new Duration(BoundedWindow.TIMESTAMP_MIN_VALUE, BoundedWindow.TIMESTAMP_MAX_VALUE);

  private TimestampSkew() {}
}
