package dev.kafkaconnector.io.source.reader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;

/**
 * Which reader instance (DoFn instance: one per Flink subtask) read each partition of one source in
 * this JVM last, with the partition's lag then and its consumer's metrics. An instance's {@code
 * pendingRecords} is the sum of the lag of the partitions it read last, as Flink's per-reader
 * gauge: summed over the subtasks it gives the job's backlog, and a partition that moves to another
 * instance is counted by that one only. Part of {@link SourceResources}: dropped with them.
 */
final class OwnedPartitions {
  private record Entry(Object owner, long lag, Map<MetricName, ? extends Metric> clientMetrics) {}

  private final Map<TopicPartition, Entry> partitions = new HashMap<>();

  /** The sum of the lag of the partitions each owner read last, kept as entries change. */
  private final Map<Object, Long> totals = new HashMap<>();

  /**
   * Records that {@code owner} read {@code tp}, now {@code lag} records behind its end.
   *
   * @return the sum of the lag of the partitions {@code owner} read last
   */
  synchronized long update(
      Object owner, TopicPartition tp, long lag, Map<MetricName, ? extends Metric> clientMetrics) {
    Entry old = partitions.put(tp, new Entry(owner, lag, clientMetrics));
    if (old != null) {
      totals.merge(old.owner(), -old.lag(), Long::sum);
    }
    return totals.merge(owner, lag, Long::sum);
  }

  /** The metrics of the consumers of the partitions {@code owner} read last. */
  synchronized List<Map<MetricName, ? extends Metric>> clientMetricsOf(Object owner) {
    List<Map<MetricName, ? extends Metric>> clients = new ArrayList<>();
    for (Entry e : partitions.values()) {
      if (e.owner() == owner) {
        clients.add(e.clientMetrics());
      }
    }
    return clients;
  }
}
