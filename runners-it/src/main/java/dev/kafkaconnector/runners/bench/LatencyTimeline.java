package dev.kafkaconnector.runners.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measured records of one latency run by their wall-clock send time, in buckets of {@link
 * #BUCKET_MILLIS}: how many were sent in each, the largest end-to-end latency among them and the
 * largest delay to the output topic's append. It finds the stalls that set a p99 (runs of buckets
 * whose records waited longer than a threshold) and prints them by wall-clock time, so they can be
 * laid beside a GC log ({@code -Xlog:gc*}), a JFR recording or Flink's checkpoint log lines.
 */
final class LatencyTimeline {
  static final long BUCKET_MILLIS = 100;

  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT).withZone(ZoneOffset.UTC);

  /** One bucket: records sent in it, their largest latency and largest append delay, in ms. */
  record Bucket(long startMillis, int records, double maxLatencyMillis, int maxAppendMillis) {}

  /** A run of buckets over the threshold; {@code warmup} when it began before the measured part. */
  record Stall(
      long startMillis,
      long endMillis,
      double maxLatencyMillis,
      int maxAppendMillis,
      boolean warmup) {
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%s–%s UTC (sends over %,d ms%s): max %,.0f ms, of it %,d ms to the output topic",
          CLOCK.format(Instant.ofEpochMilli(startMillis)),
          CLOCK.format(Instant.ofEpochMilli(endMillis)),
          endMillis - startMillis,
          warmup ? ", from the warm-up on" : "",
          maxLatencyMillis,
          maxAppendMillis);
    }
  }

  private final List<Bucket> buckets;
  private final long measuredFromMillis;

  private LatencyTimeline(List<Bucket> buckets, long measuredFromMillis) {
    this.buckets = buckets;
    this.measuredFromMillis = measuredFromMillis;
  }

  /**
   * Buckets the records from {@code from} on, warm-up included (a stall of the measured part may
   * have begun in it); {@code measuredFrom} is the first measured record. A record with a negative
   * latency never arrived and is left out (the stats count it as lost).
   */
  static LatencyTimeline of(
      long[] sentWallMillis, long[] latencyNanos, int[] appendMillis, int from, int measuredFrom) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long measuredFromMillis = Long.MAX_VALUE;
    for (int i = from; i < sentWallMillis.length; i++) {
      if (latencyNanos[i] >= 0) {
        first = Math.min(first, sentWallMillis[i]);
        last = Math.max(last, sentWallMillis[i]);
        if (i >= measuredFrom) {
          measuredFromMillis = Math.min(measuredFromMillis, sentWallMillis[i]);
        }
      }
    }
    List<Bucket> buckets = new ArrayList<>();
    if (first > last) {
      return new LatencyTimeline(buckets, measuredFromMillis);
    }
    long base = first - first % BUCKET_MILLIS;
    int n = Math.toIntExact((last - base) / BUCKET_MILLIS + 1);
    int[] records = new int[n];
    long[] maxLatency = new long[n];
    int[] maxAppend = new int[n];
    for (int i = from; i < sentWallMillis.length; i++) {
      if (latencyNanos[i] < 0) {
        continue;
      }
      int b = Math.toIntExact((sentWallMillis[i] - base) / BUCKET_MILLIS);
      records[b]++;
      maxLatency[b] = Math.max(maxLatency[b], latencyNanos[i]);
      maxAppend[b] = Math.max(maxAppend[b], appendMillis[i]);
    }
    for (int b = 0; b < n; b++) {
      buckets.add(
          new Bucket(base + b * BUCKET_MILLIS, records[b], maxLatency[b] / 1e6, maxAppend[b]));
    }
    return new LatencyTimeline(buckets, measuredFromMillis);
  }

  /**
   * The runs of buckets whose largest latency exceeds {@code thresholdMillis} and that reach into
   * the measured part, worst first.
   */
  List<Stall> stalls(double thresholdMillis) {
    List<Stall> stalls = new ArrayList<>();
    Stall open = null;
    for (Bucket b : buckets) {
      if (b.maxLatencyMillis() <= thresholdMillis) {
        if (open != null) {
          stalls.add(open);
          open = null;
        }
        continue;
      }
      long end = b.startMillis() + BUCKET_MILLIS;
      open =
          open == null
              ? new Stall(
                  b.startMillis(),
                  end,
                  b.maxLatencyMillis(),
                  b.maxAppendMillis(),
                  b.startMillis() < measuredFromMillis)
              : new Stall(
                  open.startMillis(),
                  end,
                  Math.max(open.maxLatencyMillis(), b.maxLatencyMillis()),
                  Math.max(open.maxAppendMillis(), b.maxAppendMillis()),
                  open.warmup());
    }
    if (open != null) {
      stalls.add(open);
    }
    stalls.removeIf(s -> s.endMillis() <= measuredFromMillis);
    stalls.sort((a, b) -> Double.compare(b.maxLatencyMillis(), a.maxLatencyMillis()));
    return stalls;
  }

  /**
   * Writes the buckets as CSV: send time (epoch ms and UTC), records, max latency, max append delay
   * and whether the bucket is in the measured part.
   */
  void write(Path file) throws IOException {
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
      out.println("sent_epoch_ms,sent_utc,records,max_latency_ms,max_append_ms,measured");
      for (Bucket b : buckets) {
        out.printf(
            Locale.ROOT,
            "%d,%s,%d,%.1f,%d,%b%n",
            b.startMillis(),
            CLOCK.format(Instant.ofEpochMilli(b.startMillis())),
            b.records(),
            b.maxLatencyMillis(),
            b.maxAppendMillis(),
            b.startMillis() + BUCKET_MILLIS > measuredFromMillis);
      }
    }
  }
}
