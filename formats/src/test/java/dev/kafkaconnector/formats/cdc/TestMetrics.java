package dev.kafkaconnector.formats.cdc;

import dev.kafkaconnector.formats.IgnoredParseErrors;
import java.io.Closeable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.beam.sdk.metrics.BoundedTrie;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Distribution;
import org.apache.beam.sdk.metrics.Gauge;
import org.apache.beam.sdk.metrics.MetricName;
import org.apache.beam.sdk.metrics.MetricsContainer;
import org.apache.beam.sdk.metrics.MetricsEnvironment;
import org.apache.beam.sdk.metrics.StringSet;

/** Scopes a metrics container that only counts, so tests can read the formats' counters. */
public final class TestMetrics implements MetricsContainer, Closeable {
  private static final long serialVersionUID = 1L;

  private final Map<MetricName, AtomicLong> counters = new ConcurrentHashMap<>();
  private final transient Closeable scope;

  public TestMetrics() {
    MetricsEnvironment.setMetricsSupported(true);
    this.scope = MetricsEnvironment.scopedMetricsContainer(this);
  }

  /** The value of the counter {@code kafka-connector:<name>}. */
  public long counter(String name) {
    AtomicLong c = counters.get(MetricName.named(IgnoredParseErrors.NAMESPACE, name));
    return c == null ? 0 : c.get();
  }

  /** The count of {@code <format>.ignored-parse-errors}. */
  public long ignored(String format) {
    return counter(IgnoredParseErrors.counterName(format));
  }

  @Override
  public Counter getCounter(MetricName name) {
    AtomicLong value = counters.computeIfAbsent(name, n -> new AtomicLong());
    return new Counter() {
      @Override
      public void inc() {
        value.incrementAndGet();
      }

      @Override
      public void inc(long n) {
        value.addAndGet(n);
      }

      @Override
      public void dec() {
        value.decrementAndGet();
      }

      @Override
      public void dec(long n) {
        value.addAndGet(-n);
      }

      @Override
      public MetricName getName() {
        return name;
      }
    };
  }

  @Override
  public Distribution getDistribution(MetricName name) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Gauge getGauge(MetricName name) {
    throw new UnsupportedOperationException();
  }

  @Override
  public StringSet getStringSet(MetricName name) {
    throw new UnsupportedOperationException();
  }

  @Override
  public BoundedTrie getBoundedTrie(MetricName name) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void close() {
    try {
      scope.close();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
