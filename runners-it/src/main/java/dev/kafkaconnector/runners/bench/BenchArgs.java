package dev.kafkaconnector.runners.bench;

/** Parsing of the benchmarks' numeric {@code --name=value} arguments ("_" and "," allowed). */
final class BenchArgs {
  private BenchArgs() {}

  /** A number above 0. */
  static long positiveLong(String value) {
    long parsed = Long.parseLong(value.replace("_", "").replace(",", ""));
    if (parsed <= 0) {
      throw new IllegalArgumentException("must be positive, got " + value);
    }
    return parsed;
  }

  /** A number strictly between 0 and 1. */
  static double fraction(String value) {
    double parsed = Double.parseDouble(value);
    if (!(parsed > 0 && parsed < 1)) {
      throw new IllegalArgumentException("must be between 0 and 1, got " + value);
    }
    return parsed;
  }

  /** A number of 0 or more. */
  static long nonNegativeLong(String value) {
    long parsed = Long.parseLong(value.replace("_", "").replace(",", ""));
    if (parsed < 0) {
      throw new IllegalArgumentException("must be 0 or more, got " + value);
    }
    return parsed;
  }
}
