package dev.kafkaconnector.formats;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.runners.core.metrics.MetricsContainerImpl;
import org.apache.beam.sdk.metrics.MetricName;
import org.apache.beam.sdk.metrics.MetricsEnvironment;

/**
 * Installs Beam's own metrics container for the current thread while open, so that tests can read
 * the formats' counters outside a pipeline (where Beam would drop them).
 */
public final class TestMetrics implements Closeable {
  private final MetricsContainerImpl container = new MetricsContainerImpl("test");
  private final Closeable scope;

  public TestMetrics() {
    MetricsEnvironment.setMetricsSupported(true);
    this.scope = MetricsEnvironment.scopedMetricsContainer(container);
  }

  /** The value of the counter {@code kafka-connector:<name>}. */
  public long counter(String name) {
    Long value =
        container.getCounter(MetricName.named(IgnoredParseErrors.NAMESPACE, name)).getCumulative();
    return value == null ? 0 : value;
  }

  /** The count of {@code <format>.ignored-parse-errors}. */
  public long ignored(String format) {
    return counter(IgnoredParseErrors.counterName(format));
  }

  /** The names of all counters that were touched. */
  public List<MetricName> counterNames() {
    List<MetricName> names = new ArrayList<>();
    container.getCumulative().counterUpdates().forEach(u -> names.add(u.getKey().metricName()));
    return names;
  }

  @Override
  public void close() {
    try {
      scope.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
