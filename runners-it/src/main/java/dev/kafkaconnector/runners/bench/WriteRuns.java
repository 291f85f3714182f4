package dev.kafkaconnector.runners.bench;

import java.util.Arrays;

/**
 * The measurements of one case of {@link WriteBenchmark}: wall and CPU seconds and steal share per
 * measured run, its fixed cost (a run with one record per partition) and its peak heap.
 */
final class WriteRuns {
  final double[] wall;
  final double[] cpu;
  final double[] steal;
  double fixed;
  long peakMb;

  WriteRuns(int runs) {
    wall = new double[runs];
    cpu = new double[runs];
    steal = new double[runs];
  }

  double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  double min() {
    return Arrays.stream(wall).min().orElse(Double.NaN);
  }

  double max() {
    return Arrays.stream(wall).max().orElse(Double.NaN);
  }

  /** Median wall time less the fixed cost, or NaN when that is not positive. */
  double net() {
    double net = median(wall) - fixed;
    return net > 0 ? net : Double.NaN;
  }
}
