package dev.kafkaconnector.runners.bench;

/** One way of reading a whole {@link BenchmarkTopic}, timed and counted. */
interface ReadCase {

  /** Wall time of one read and what it counted. */
  record Measurement(long nanos, RecordCounter.Counts counts) {
    double seconds() {
      return nanos / 1e9;
    }
  }

  /** A measured run with the CPU seconds this JVM spent on it and the machine's steal share. */
  record Run(Measurement measurement, double cpuSeconds, double stealPercent) {}

  /** The case's name, as accepted by {@code --only}. */
  String name();

  /**
   * How many end markers a complete read of {@code topic} delivers: all of them for readers that
   * stop at the end offsets, none for readers that stop at the markers' timestamp.
   */
  long expectedMarkers(BenchmarkTopic topic);

  /**
   * Reads all of {@code topic} once.
   *
   * @return the wall time of the read (for a pipeline: {@code run()} plus {@code
   *     waitUntilFinish()}) and the counts its downstream saw
   * @throws Exception when the read fails or does not finish in time
   */
  Measurement run(BenchmarkTopic topic) throws Exception;
}
