package dev.kafkaconnector.examples.cli;

import static dev.kafkaconnector.io.common.ConnectorMetricNames.BYTES_IN;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.BYTES_OUT;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.NAMESPACE;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.PENDING_RECORDS;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.RECORDS_IN;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.RECORDS_IN_ERRORS;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.RECORDS_OUT;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.RECORDS_OUT_ERRORS;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.RECORDS_TO_DEAD_LETTER;

import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.metrics.GaugeResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricQueryResults;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricResults;
import org.apache.beam.sdk.metrics.MetricsFilter;

/**
 * The connector's metrics of one job at one moment, as the progress line and the summary show them:
 * records and bytes read and written, errors ({@code numRecordsInErrors} plus {@code
 * numRecordsOutErrors}), dead letters, and the lag ({@code pendingRecords}) of each source step.
 *
 * @param lag records not read yet, by source (the first part of the step or operator name)
 */
public record JobMetrics(
    long recordsIn,
    long bytesIn,
    long recordsOut,
    long bytesOut,
    long errors,
    long deadLetters,
    Map<String, Long> lag) {
  /** No metric seen yet. */
  public static final JobMetrics NONE = new JobMetrics(0, 0, 0, 0, 0, 0, Map.of());

  public JobMetrics {
    lag = Map.copyOf(lag);
  }

  /**
   * The metrics of Beam's {@code PipelineResult.metrics()}: counters summed over the steps, the
   * committed values when {@code committed} and the runner has them, else the attempted ones (a
   * running job's live values); the latest {@code pendingRecords} of each source step.
   */
  public static JobMetrics of(MetricResults results, boolean committed) {
    MetricQueryResults query =
        results.queryMetrics(
            MetricsFilter.builder().addNameFilter(MetricNameFilter.inNamespace(NAMESPACE)).build());
    Map<String, Long> counters = new TreeMap<>();
    for (MetricResult<Long> counter : query.getCounters()) {
      counters.merge(counter.getName().getName(), value(counter, committed), Long::sum);
    }
    Map<String, GaugeResult> latest = new TreeMap<>();
    for (MetricResult<GaugeResult> gauge : query.getGauges()) {
      if (gauge.getName().getName().equals(PENDING_RECORDS)) {
        latest.merge(
            source(gauge.getKey().stepName()),
            gauge.getAttempted(),
            (a, b) -> a.getTimestamp().isAfter(b.getTimestamp()) ? a : b);
      }
    }
    Map<String, Long> lag = new TreeMap<>();
    latest.forEach((source, gauge) -> lag.put(source, gauge.getValue()));
    return of(counters, lag);
  }

  /** The metrics of counter values by metric name and lag values by source. */
  static JobMetrics of(Map<String, Long> counters, Map<String, Long> lag) {
    return new JobMetrics(
        counters.getOrDefault(RECORDS_IN, 0L),
        counters.getOrDefault(BYTES_IN, 0L),
        counters.getOrDefault(RECORDS_OUT, 0L),
        counters.getOrDefault(BYTES_OUT, 0L),
        counters.getOrDefault(RECORDS_IN_ERRORS, 0L)
            + counters.getOrDefault(RECORDS_OUT_ERRORS, 0L),
        counters.getOrDefault(RECORDS_TO_DEAD_LETTER, 0L),
        lag);
  }

  /** A source's label: the first part of a step or operator name ({@code Read/...}). */
  static String source(String stepName) {
    int slash = stepName.indexOf('/');
    return slash > 0 ? stepName.substring(0, slash) : stepName;
  }

  /** Whether nothing was counted (a runner that gave no metrics back). */
  public boolean isEmpty() {
    return equals(NONE);
  }

  /**
   * The counts as the tool prints them: {@code in 1200 records 48000 bytes | out 1200 records 50000
   * bytes | errors 0, dead letters 0}, with {@code | lag 35} (or {@code lag a=1 b=2} for several
   * sources) after the counts when {@code withLag}.
   */
  public String describe(boolean withLag) {
    StringBuilder text = new StringBuilder();
    text.append("in ").append(recordsIn).append(" records ").append(bytesIn).append(" bytes");
    text.append(" | out ").append(recordsOut).append(" records ").append(bytesOut).append(" bytes");
    if (withLag) {
      text.append(" | lag ");
      if (lag.isEmpty()) {
        text.append('-');
      } else if (lag.size() == 1) {
        text.append(lag.values().iterator().next());
      } else {
        StringBuilder each = new StringBuilder();
        new TreeMap<>(lag)
            .forEach((source, value) -> each.append(' ').append(source).append('=').append(value));
        text.append(each.substring(1));
      }
    }
    text.append(" | errors ").append(errors).append(", dead letters ").append(deadLetters);
    return text.toString();
  }

  private static long value(MetricResult<Long> counter, boolean committed) {
    if (committed) {
      try {
        Long value = counter.getCommitted();
        if (value != null) {
          return value;
        }
      } catch (UnsupportedOperationException e) {
        // the runner has attempted values only (Flink)
      }
    }
    Long attempted = counter.getAttempted();
    return attempted == null ? 0 : attempted;
  }
}
