package dev.kafkaconnector.io.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.joda.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * How long an unbounded partition without records for now waits before its next call: a quarter of
 * its quiet time, at least the active delay (a live stream is looked at again soon) and at most the
 * idle delay (an idle partition costs one call per idle delay).
 */
class PartitionReadCallTest {
  private static long millis(long ms) {
    return TimeUnit.MILLISECONDS.toNanos(ms);
  }

  @Test
  void aPartitionWhoseRecordsKeepComingIsLookedAtAgainAfterTheActiveDelay() {
    assertEquals(ReadPartitionFn.ACTIVE_RESUME_DELAY, PartitionReadCall.unboundedResumeDelay(0));
    assertEquals(
        ReadPartitionFn.ACTIVE_RESUME_DELAY, PartitionReadCall.unboundedResumeDelay(millis(19)));
    assertEquals(Duration.millis(5), ReadPartitionFn.ACTIVE_RESUME_DELAY);
  }

  @Test
  void theDelayGrowsWithTheQuietTime() {
    assertEquals(Duration.millis(10), PartitionReadCall.unboundedResumeDelay(millis(40)));
    assertEquals(Duration.millis(50), PartitionReadCall.unboundedResumeDelay(millis(200)));
  }

  @Test
  void aQuietPartitionWaitsTheIdleDelayAndNoLonger() {
    assertEquals(
        ReadPartitionFn.IDLE_RESUME_DELAY, PartitionReadCall.unboundedResumeDelay(millis(400)));
    assertEquals(
        ReadPartitionFn.IDLE_RESUME_DELAY,
        PartitionReadCall.unboundedResumeDelay(TimeUnit.HOURS.toNanos(1)));
  }
}
