package dev.kafkaconnector.io.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

class TimestampSkewTest {
  @Test
  void subtractingFromTheLatestTimestampReachesTheEarliestWithoutOverflow() {
    Instant latest = BoundedWindow.TIMESTAMP_MAX_VALUE;
    assertEquals(BoundedWindow.TIMESTAMP_MIN_VALUE, latest.minus(TimestampSkew.ANY));
  }

  @Test
  void theEarliestTimestampIsAllowedForAnInputAtTheEarliestTimestamp() {
    Instant earliestAllowed = BoundedWindow.TIMESTAMP_MIN_VALUE.minus(TimestampSkew.ANY);
    assertTrue(!earliestAllowed.isAfter(BoundedWindow.TIMESTAMP_MIN_VALUE));
  }

  /**
   * An element from {@code Impulse} carries Beam's earliest timestamp; the runner subtracting
   * Beam's usual idiom from it overflows.
   */
  @Test
  void beamsUsualIdiomOverflowsForAnInputAtTheEarliestTimestamp() {
    Duration usual = Duration.millis(Long.MAX_VALUE);
    assertThrows(ArithmeticException.class, () -> BoundedWindow.TIMESTAMP_MIN_VALUE.minus(usual));
  }
}
