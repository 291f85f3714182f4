package dev.kafkaconnector.io.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.beam.sdk.io.range.OffsetRange;
import org.apache.beam.sdk.transforms.splittabledofn.GrowableOffsetRangeTracker;
import org.apache.beam.sdk.transforms.splittabledofn.OffsetRangeTracker;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.junit.jupiter.api.Test;

class CheckpointOnlyTrackerTest {

  @Test
  void refusesSplitsAtAFraction() {
    CheckpointOnlyTracker bounded =
        new CheckpointOnlyTracker(new OffsetRangeTracker(new OffsetRange(0, 1000)));
    assertTrue(bounded.tryClaim(10L));
    assertNull(bounded.trySplit(0.5), "a partition's range is never read by two consumers");
    assertNull(bounded.trySplit(0.01));
    assertEquals(new OffsetRange(0, 1000), bounded.currentRestriction());

    CheckpointOnlyTracker growable =
        new CheckpointOnlyTracker(new GrowableOffsetRangeTracker(5, () -> 1_000_000L));
    assertTrue(growable.tryClaim(7L));
    assertNull(growable.trySplit(0.5));
  }

  @Test
  void checkpointsTheRest() {
    CheckpointOnlyTracker tracker =
        new CheckpointOnlyTracker(new GrowableOffsetRangeTracker(5, () -> 100L));
    assertTrue(tracker.tryClaim(7L));
    SplitResult<OffsetRange> split = tracker.trySplit(0);
    assertNotNull(split);
    assertEquals(new OffsetRange(5, 8), split.getPrimary());
    assertEquals(8, split.getResidual().getFrom());
    assertEquals(Long.MAX_VALUE, split.getResidual().getTo());
    tracker.checkDone();
  }

  @Test
  void reportsProgress() {
    CheckpointOnlyTracker tracker =
        new CheckpointOnlyTracker(new OffsetRangeTracker(new OffsetRange(0, 10)));
    tracker.tryClaim(3L);
    assertEquals(3.0, tracker.getProgress().getWorkCompleted());
    assertEquals(7.0, tracker.getProgress().getWorkRemaining());
  }
}
