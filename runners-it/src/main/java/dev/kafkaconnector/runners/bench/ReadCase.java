package dev.kafkaconnector.runners.bench;

/** One way of reading a whole {@link BenchmarkTopic}, timed and counted. */
interface ReadCase {

  /** Wall time of one read and what it counted. */
  record Measurement(long nanos, RecordCounter.Counts counts) {
    double seconds() {
      return nanos / 1e9;
    }
  }

  /**
   * A measured run with the CPU seconds this JVM spent on it, the machine's steal share and the
   * heap it used.
   */
  record Run(
      Measurement measurement, double cpuSeconds, double stealPercent, HeapWatch.Usage heap) {}

  /** The case's name, as accepted by {@code --only}. */
  String name();

  /**
   * Whether the case reads the JSON topics ({@link TopicLoader#loadJson}) rather than the raw ones.
   */
  default boolean json() {
    return false;
  }

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
