package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

class NumberedRangesTest {
  private static final LongPredicate NONE_DURABLE = bundle -> false;

  @Test
  void aNumberThisInstanceDidNotGiveIsDurable() {
    NumberedRanges ranges = new NumberedRanges();
    ranges.remember(0, 1, 10);
    assertTrue(ranges.isDurable(0, 9, NONE_DURABLE), "restored before this instance numbered");
    assertTrue(ranges.isDurable(1, 10, NONE_DURABLE), "another shard");
    assertFalse(ranges.isDurable(0, 10, NONE_DURABLE));
  }

  @Test
  void consecutiveNumbersOfOneBundleShareARange() {
    NumberedRanges ranges = new NumberedRanges();
    for (long n = 0; n < 1000; n++) {
      ranges.remember(0, 1, n);
    }
    ranges.remember(0, 2, 1000);
    ranges.remember(0, 2, 1001);
    assertEquals(2, ranges.ranges(0));
  }

  @Test
  void aRecordIsDurableOnceItsBundleIs() {
    NumberedRanges ranges = new NumberedRanges();
    ranges.remember(0, 1, 0);
    ranges.remember(0, 1, 1);
    ranges.remember(0, 2, 2);
    ranges.remember(0, 3, 3);
    LongPredicate upToBundle2 = bundle -> bundle <= 2;
    assertTrue(ranges.isDurable(0, 1, upToBundle2));
    assertTrue(ranges.isDurable(0, 2, upToBundle2));
    assertFalse(ranges.isDurable(0, 3, upToBundle2));
    ranges.forgetDurable(0, upToBundle2);
    assertEquals(1, ranges.ranges(0));
    assertTrue(ranges.isDurable(0, 2, NONE_DURABLE), "its range is gone: durable");
    assertFalse(ranges.isDurable(0, 3, NONE_DURABLE));
  }

  @Test
  void onlyLeadingDurableRangesAreDropped() {
    NumberedRanges ranges = new NumberedRanges();
    ranges.remember(0, 1, 0);
    ranges.remember(0, 2, 1);
    ranges.forgetDurable(0, bundle -> bundle == 2);
    assertEquals(2, ranges.ranges(0), "bundle 1 is not durable: nothing after it is dropped");
    assertFalse(ranges.isDurable(0, 0, bundle -> bundle == 2));
    assertTrue(ranges.isDurable(0, 1, bundle -> bundle == 2));
  }
}
