package dev.kafkaconnector.io.sink;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The upsert buffer of {@code sink.buffer-flush.max-rows} / {@code sink.buffer-flush.interval}:
 * keeps only the latest record per topic and key, and is written when it holds max-rows keys, when
 * its oldest record is older than the interval (checked as rows arrive), and when a bundle
 * completes, so a checkpoint never leaves rows behind.
 */
final class UpsertBuffer<T> {
  record Entry<T>(EncodedRecord record, T row, int shard) {}

  private record Key(String topic, ByteBuffer key) {}

  private final long maxRows;
  private final long intervalNanos;
  private final Map<Key, Entry<T>> latest = new LinkedHashMap<>();
  private long firstNanos;

  UpsertBuffer(long maxRows, Duration interval) {
    this.maxRows = maxRows;
    this.intervalNanos = interval.toNanos();
  }

  /** Adds a record; true when it replaced an earlier one of its key, which is then not written. */
  boolean add(EncodedRecord record, T row, int shard) {
    if (latest.isEmpty()) {
      firstNanos = System.nanoTime();
    }
    Key key = new Key(record.topic(), ByteBuffer.wrap(record.key()));
    boolean replaced = latest.remove(key) != null; // keep arrival order of the latest rows
    latest.put(key, new Entry<>(record, row, shard));
    return replaced;
  }

  boolean full() {
    return latest.size() >= maxRows || System.nanoTime() - firstNanos >= intervalNanos;
  }

  List<Entry<T>> drain() {
    List<Entry<T>> out = new ArrayList<>(latest.values());
    latest.clear();
    return out;
  }
}
