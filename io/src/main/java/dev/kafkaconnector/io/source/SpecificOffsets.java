package dev.kafkaconnector.io.source;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Parses the per-partition offsets of {@code scan.startup.specific-offsets} and {@code
 * scan.bounded.specific-offsets}: {@code partition:0,offset:42;partition:1,offset:300}. The offsets
 * apply to the partition of that number in every subscribed topic.
 */
public final class SpecificOffsets {
  private SpecificOffsets() {}

  /**
   * Parses {@code text}.
   *
   * @param key the option key, for error messages
   * @return partition number to offset, in the order written
   * @throws IllegalArgumentException naming the key and the entry that is malformed
   */
  public static Map<Integer, Long> parse(String key, String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(
          "Option '" + key + "' is empty; expected 'partition:0,offset:42;partition:1,offset:300'");
    }
    Map<Integer, Long> out = new LinkedHashMap<>();
    String[] entries = text.split(";");
    for (String rawEntry : entries) {
      String entry = rawEntry.trim();
      if (entry.isEmpty()) {
        continue;
      }
      String[] parts = entry.split(",");
      if (parts.length != 2) {
        throw malformed(key, entry, "expected 'partition:<n>,offset:<n>'");
      }
      long partitionNumber = number(key, entry, parts[0], "partition");
      if (partitionNumber > Integer.MAX_VALUE) {
        throw malformed(key, entry, "partition " + partitionNumber + " is out of range");
      }
      int partition = (int) partitionNumber;
      long offset = number(key, entry, parts[1], "offset");
      if (partition < 0 || offset < 0) {
        throw malformed(key, entry, "partition and offset must not be negative");
      }
      if (out.put(partition, offset) != null) {
        throw malformed(key, entry, "partition " + partition + " is listed twice");
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(
          "Option '" + key + "' lists no offsets; expected 'partition:0,offset:42;...'");
    }
    return Collections.unmodifiableMap(out);
  }

  /** The inverse of {@link #parse}: the option value that lists {@code offsets}. */
  public static String format(Map<Integer, Long> offsets) {
    return offsets.entrySet().stream()
        .map(e -> "partition:" + e.getKey() + ",offset:" + e.getValue())
        .collect(Collectors.joining(";"));
  }

  private static long number(String key, String entry, String part, String name) {
    String[] kv = part.split(":", 2);
    if (kv.length != 2 || !kv[0].trim().equals(name)) {
      throw malformed(key, entry, "expected '" + name + ":<n>' but found '" + part.trim() + "'");
    }
    try {
      return Long.parseLong(kv[1].trim());
    } catch (NumberFormatException e) {
      throw malformed(key, entry, "'" + kv[1].trim() + "' is not a number");
    }
  }

  private static IllegalArgumentException malformed(String key, String entry, String why) {
    return new IllegalArgumentException(
        "Invalid value for option '"
            + key
            + "' at entry '"
            + entry
            + "': "
            + why
            + " (format: 'partition:0,offset:42;partition:1,offset:300')");
  }
}
