package dev.kafkaconnector.runners.fault;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What a copy job's output topic holds compared with its {@code expected} input records {@code r0 …
 * r<expected-1>}: records read, missing ones, duplicates, keys whose records are not in input order
 * (a duplicate of an earlier record breaks the order too), and keys whose first occurrences are not
 * in input order (the order an at-least-once reader sees once it drops the records it has seen
 * already).
 */
record CopyOutput(
    long read,
    long missing,
    long duplicates,
    Set<String> outOfOrderKeys,
    Set<String> firstOccurrencesOutOfOrderKeys,
    List<Integer> firstMissing) {

  /** Compares {@code records} (read in offset order per partition) with the input. */
  static CopyOutput of(List<ConsumerRecord<byte[], byte[]>> records, int expected) {
    BitSet seen = new BitSet(expected);
    long duplicates = 0;
    Map<String, Integer> lastPerKey = new HashMap<>();
    Set<String> outOfOrder = new TreeSet<>();
    Map<String, Integer> lastFirstPerKey = new HashMap<>();
    Set<String> firstOutOfOrder = new TreeSet<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      int number = Integer.parseInt(new String(r.value(), StandardCharsets.UTF_8).substring(1));
      String key = new String(r.key(), StandardCharsets.UTF_8);
      if (seen.get(number)) {
        duplicates++;
      } else {
        Integer beforeFirst = lastFirstPerKey.put(key, number);
        if (beforeFirst != null && beforeFirst >= number) {
          firstOutOfOrder.add(key);
        }
      }
      seen.set(number);
      Integer before = lastPerKey.put(key, number);
      if (before != null && before >= number) {
        outOfOrder.add(key);
      }
    }
    List<Integer> firstMissing = new java.util.ArrayList<>();
    for (int i = seen.nextClearBit(0);
        i < expected && firstMissing.size() < 10;
        i = seen.nextClearBit(i + 1)) {
      firstMissing.add(i);
    }
    long missing = expected - seen.get(0, expected).cardinality();
    return new CopyOutput(
        records.size(), missing, duplicates, outOfOrder, firstOutOfOrder, firstMissing);
  }

  @Override
  public String toString() {
    return read
        + " records read, "
        + missing
        + " missing"
        + (missing > 0 ? " " + firstMissing + "…" : "")
        + ", "
        + duplicates
        + " duplicates, "
        + outOfOrderKeys.size()
        + " keys out of order, "
        + firstOccurrencesOutOfOrderKeys.size()
        + " keys with first occurrences out of order";
  }
}
