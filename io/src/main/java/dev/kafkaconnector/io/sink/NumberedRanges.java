package dev.kafkaconnector.io.sink;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Which record numbers one exactly-once writer instance gave, per shard, in which of its bundles:
 * ranges {@code {bundle, first, last}} in bundle order, dropped once their bundle is durable. A
 * record whose number is in no range was numbered by a bundle already durable, restored from a
 * checkpoint, or numbered by another instance whose bundle the runner committed: durable too. So
 * the writer's state keeps number and record only, no tag per record.
 */
final class NumberedRanges {
  private final Map<Integer, ArrayDeque<long[]>> byShard = new HashMap<>();

  /** Notes that {@code bundle} gave {@code number} to a record of {@code shard}. */
  void remember(int shard, long bundle, long number) {
    ArrayDeque<long[]> ranges = byShard.computeIfAbsent(shard, s -> new ArrayDeque<>());
    long[] last = ranges.peekLast();
    if (last != null && last[0] == bundle && last[2] == number - 1) {
      last[2] = number;
    } else {
      ranges.addLast(new long[] {bundle, number, number});
    }
  }

  /** Drops the leading ranges of {@code shard} whose bundles are durable. */
  void forgetDurable(int shard, LongPredicate durableBundle) {
    ArrayDeque<long[]> ranges = byShard.get(shard);
    while (ranges != null && !ranges.isEmpty() && durableBundle.test(ranges.peekFirst()[0])) {
      ranges.removeFirst();
    }
  }

  /** Whether record {@code number} of {@code shard} is durable. */
  boolean isDurable(int shard, long number, LongPredicate durableBundle) {
    ArrayDeque<long[]> ranges = byShard.get(shard);
    if (ranges != null) {
      for (long[] range : ranges) {
        if (number >= range[1] && number <= range[2]) {
          return durableBundle.test(range[0]);
        }
      }
    }
    return true;
  }

  /** The ranges kept for {@code shard} (for tests). */
  int ranges(int shard) {
    ArrayDeque<long[]> ranges = byShard.get(shard);
    return ranges == null ? 0 : ranges.size();
  }
}
