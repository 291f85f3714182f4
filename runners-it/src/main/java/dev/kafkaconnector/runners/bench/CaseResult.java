package dev.kafkaconnector.runners.bench;

import java.util.ArrayList;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The measurements of one case: the fixed-cost runs (a topic with one record per partition, after a
 * warm-up run) and the measured runs (the main topic), or why the case failed.
 */
final class CaseResult {
  final String name;
  final BenchmarkTopic topic;
  final List<ReadCase.Measurement> fixedRuns = new ArrayList<>();
  final List<ReadCase.Measurement> measuredRuns = new ArrayList<>();

  /** The measured runs' CPU seconds and steal shares, in the order of {@link #measuredRuns}. */
  final List<ReadCase.Run> measuredCpu = new ArrayList<>();

  double warmupSeconds = Double.NaN;

  /** Wall seconds of the warm-up runs on the main topic, in order. */
  final List<Double> warmupRuns = new ArrayList<>();

  /** Whether the last two warm-up runs were within the settle threshold. */
  boolean settled;

  @Nullable String failure;

  CaseResult(String name, BenchmarkTopic topic) {
    this.name = name;
    this.topic = topic;
  }

  boolean ok() {
    return failure == null && !measuredRuns.isEmpty();
  }

  /** Median wall seconds of the measured runs. */
  double wallSeconds() {
    return median(measuredRuns);
  }

  /** The fastest measured run's wall seconds (NaN when none). */
  double minSeconds() {
    return measuredRuns.stream()
        .mapToDouble(ReadCase.Measurement::seconds)
        .min()
        .orElse(Double.NaN);
  }

  /** The slowest measured run's wall seconds (NaN when none). */
  double maxSeconds() {
    return measuredRuns.stream()
        .mapToDouble(ReadCase.Measurement::seconds)
        .max()
        .orElse(Double.NaN);
  }

  /** Median CPU seconds of this JVM per measured run (NaN when none or unknown). */
  double cpuSeconds() {
    return medianOf(measuredCpu.stream().mapToDouble(ReadCase.Run::cpuSeconds).toArray());
  }

  /** Median share of the machine's time stolen during the measured runs, in percent. */
  double stealPercent() {
    return medianOf(measuredCpu.stream().mapToDouble(ReadCase.Run::stealPercent).toArray());
  }

  /** The largest heap-pool peak of the measured runs, in MB (0 when none). */
  long peakHeapMb() {
    return measuredCpu.stream().mapToLong(r -> r.heap().peakMb()).max().orElse(0);
  }

  /** The largest heap left after a collection during the measured runs, in MB (0 when none). */
  long liveHeapMb() {
    return measuredCpu.stream().mapToLong(r -> r.heap().maxAfterGcMb()).max().orElse(0);
  }

  /** Median wall seconds of the fixed-cost runs (NaN when none). */
  double fixedSeconds() {
    return median(fixedRuns);
  }

  /** Wall time less the fixed cost; NaN when that is not positive. */
  double netSeconds() {
    double net = wallSeconds() - fixedSeconds();
    return net > 0 ? net : Double.NaN;
  }

  double recordsPerSecond(double seconds) {
    return topic.dataRecords() / seconds;
  }

  double megabytesPerSecond(double seconds) {
    return topic.dataBytes() / 1e6 / seconds;
  }

  private static double median(List<ReadCase.Measurement> runs) {
    return medianOf(runs.stream().mapToDouble(ReadCase.Measurement::seconds).toArray());
  }

  private static double medianOf(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] seconds = java.util.Arrays.stream(values).sorted().toArray();
    int mid = seconds.length / 2;
    return seconds.length % 2 == 1 ? seconds[mid] : (seconds[mid - 1] + seconds[mid]) / 2;
  }
}
