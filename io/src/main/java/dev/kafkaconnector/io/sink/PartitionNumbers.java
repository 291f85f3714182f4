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

  /** @param lookup a client's metadata call, e.g. {@code producer::partitionsFor} */
  PartitionNumbers(Function<String, List<PartitionInfo>> lookup) {
    this.lookup = lookup;
  }

  /** The partition numbers of {@code topic}, in order. */
  int[] of(String topic) {
    Known k = known.get(topic);
    long now = System.nanoTime();
    if (k == null || now - k.atNanos() > TTL_NANOS) {
      int[] numbers = lookup.apply(topic).stream().mapToInt(PartitionInfo::partition).sorted().toArray();
      k = new Known(numbers, now);
      known.put(topic, k);
    }
    return k.numbers();
  }
}
