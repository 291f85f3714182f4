package dev.kafkaconnector.runners;

import java.util.OptionalLong;
import java.util.Set;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.GaugeResult;
import org.apache.beam.sdk.metrics.Lineage;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;

/** The connector's metrics in a finished job's {@code PipelineResult}, as a user reads them. */
public final class BeamMetrics {
  /** The connector's Beam namespace. */
  public static final String NAMESPACE = "kafka-connector";

  private BeamMetrics() {}

  /** The committed (else attempted) value of a counter, summed over the steps. */
  public static long counter(PipelineResult result, String name) {
    return counter(result, NAMESPACE, name);
  }

  /** The committed (else attempted) value of a counter of {@code namespace}, over the steps. */
  public static long counter(PipelineResult result, String namespace, String name) {
    long total = 0;
    MetricsFilter query =
        MetricsFilter.builder().addNameFilter(MetricNameFilter.named(namespace, name)).build();
    for (MetricResult<Long> c : result.metrics().queryMetrics(query).getCounters()) {
      Long v;
      try {
        v = c.getCommitted();
      } catch (UnsupportedOperationException e) {
        v = null;
      }
      total += v != null ? v : c.getAttempted();
    }
    return total;
  }

  /** The latest value of a gauge (over the steps), or empty when it was never set. */
  public static OptionalLong gauge(PipelineResult result, String name) {
    GaugeResult latest = null;
    for (MetricResult<GaugeResult> g : result.metrics().queryMetrics(filter(name)).getGauges()) {
      GaugeResult v = g.getAttempted();
      if (latest == null || v.getTimestamp().isAfter(latest.getTimestamp())) {
        latest = v;
      }
    }
    return latest == null ? OptionalLong.empty() : OptionalLong.of(latest.getValue());
  }

  /** The FQNs of Beam's lineage of {@code type} (sources or sinks) the job reported. */
  public static Set<String> lineage(PipelineResult result, Lineage.Type type) {
    return Lineage.query(result.metrics(), type);
  }

  /** The FQN Beam's KafkaIO reports for {@code topic} on a single broker at {@code server}. */
  public static String kafkaFqn(String server, String topic) {
    return "kafka:" + Lineage.wrapSegment(server) + "." + Lineage.wrapSegment(topic);
  }

  private static MetricsFilter filter(String name) {
    return MetricsFilter.builder().addNameFilter(MetricNameFilter.named(NAMESPACE, name)).build();
  }
}
