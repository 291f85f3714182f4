package dev.kafkaconnector.io.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.PartitionInfo;

/** The partition numbers of the topics a writer sends to, looked up once a minute per topic. */
final class PartitionNumbers {
  private static final long TTL_NANOS = Duration.ofSeconds(60).toNanos();

  private record Known(int[] numbers, long atNanos) {}

  private final Function<String, List<PartitionInfo>> lookup;
  private final Map<String, Known> known = new HashMap<>();

  /**
   * @param lookup a client's metadata call, e.g. {@code producer::partitionsFor}
   */
  PartitionNumbers(Function<String, List<PartitionInfo>> lookup) {
    this.lookup = lookup;
  }

  /** The partition numbers of {@code topic}, in order. */
  int[] of(String topic) {
    Known k = known.get(topic);
    long now = System.nanoTime();
    if (k == null || now - k.atNanos() > TTL_NANOS) {
      int[] numbers =
          lookup.apply(topic).stream().mapToInt(PartitionInfo::partition).sorted().toArray();
      k = new Known(numbers, now);
      known.put(topic, k);
    }
    return k.numbers();
  }

  /** Partition numbers looked up less than this long ago are not looked up again for a miss. */
  private static final long RECHECK_NANOS = Duration.ofSeconds(1).toNanos();

  /**
   * Why {@code partition} cannot be written to {@code topic} (it is not one of its partitions,
   * looked up again when the numbers are more than a second old, since partitions can be added), or
   * null when it can. Asked for partitions that a row names, before sending, so that the row takes
   * the bad-row policy instead of the producer waiting {@code max.block.ms} for a partition that
   * does not exist and then failing the bundle.
   */
  @org.checkerframework.checker.nullness.qual.Nullable
  String missing(String topic, int partition) {
    if (contains(of(topic), partition)) {
      return null;
    }
    Known k = known.get(topic);
    if (k != null && System.nanoTime() - k.atNanos() > RECHECK_NANOS) {
      known.remove(topic);
      if (contains(of(topic), partition)) {
        return null;
      }
    }
    int[] numbers = of(topic);
    return "partition "
        + partition
        + " of topic '"
        + topic
        + "' does not exist (the topic has "
        + numbers.length
        + " partition"
        + (numbers.length == 1 ? "" : "s")
        + (numbers.length == 0 ? "" : ": " + numbers[0] + ".." + numbers[numbers.length - 1])
        + ")";
  }

  private static boolean contains(int[] numbers, int partition) {
    return java.util.Arrays.binarySearch(numbers, partition) >= 0;
  }
}
