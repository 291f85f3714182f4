package dev.kafkaconnector.formats;

import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;

/**
 * Counts what a format's {@code <format>.ignore-parse-errors} let through (a row skipped or a field
 * set to null), in the Beam counter {@code kafka-connector:<format>.ignored-parse-errors}, so that
 * ignoring errors never loses data without a trace.
 */
public final class IgnoredParseErrors {
  public static final String NAMESPACE = "kafka-connector";

  private final Counter counter;

  private IgnoredParseErrors(String format) {
    this.counter = Metrics.counter(NAMESPACE, counterName(format));
  }

  /** The counter of {@code format}. */
  public static IgnoredParseErrors of(String format) {
    return new IgnoredParseErrors(format);
  }

  /** The counter's name for {@code format}. */
  public static String counterName(String format) {
    return format + ".ignored-parse-errors";
  }

  /** Records one ignored error. */
  public void inc() {
    counter.inc();
  }
}
