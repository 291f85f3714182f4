package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.ClientMetrics;
import dev.kafkaconnector.io.common.ConnectorMetricNames;
import java.io.Serializable;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Gauge;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The source's Beam metrics, namespace {@code kafka-connector}, with Flink's FLIP-33 names where
 * FLIP-33 has one: counters {@code numRecordsIn}, {@code numBytesIn} (key and value bytes), {@code
 * records-filtered-by-header}, {@code records-late} (older than the watermark when read); gauges
 * {@code pendingRecords} (the lag of the partitions this instance reads, see {@link
 * OwnedPartitions}), {@code pendingRecords:<topic>-<partition>} (end offset less the next offset to
 * read), {@code currentFetchEventTimeLag} (when the last record was fetched less its Kafka
 * timestamp, ms) and {@code currentEmitEventTimeLag} (when it was emitted less its output
 * timestamp, ms); and the consumers' own metrics ({@link ClientMetrics}). Counts are kept per
 * {@code @ProcessElement} call and added to the metrics once at its end, not per record.
 */
final class SourceMetrics implements Serializable {
  private static final long serialVersionUID = 1L;
  static final String NAMESPACE = ConnectorMetricNames.NAMESPACE;

  private final Counter recordsIn = Metrics.counter(NAMESPACE, ConnectorMetricNames.RECORDS_IN);
  private final Counter bytesIn = Metrics.counter(NAMESPACE, ConnectorMetricNames.BYTES_IN);
  private final Counter filtered = Metrics.counter(NAMESPACE, "records-filtered-by-header");
  private final Counter late = Metrics.counter(NAMESPACE, "records-late");
  private final Gauge pending = Metrics.gauge(NAMESPACE, ConnectorMetricNames.PENDING_RECORDS);
  private final Gauge fetchLag = Metrics.gauge(NAMESPACE, "currentFetchEventTimeLag");
  private final Gauge emitLag = Metrics.gauge(NAMESPACE, "currentEmitEventTimeLag");
  private transient @Nullable ClientMetrics clients;

  /** The name of a partition's lag gauge. */
  static String pendingGauge(TopicPartition tp) {
    return ConnectorMetricNames.PENDING_RECORDS + ":" + tp.topic() + "-" + tp.partition();
  }

  Batch batch() {
    return new Batch();
  }

  /** Counts of one call. */
  final class Batch {
    private long records;
    private long bytes;
    private long filteredRecords;
    private long fetchLagMillis = -1;
    private long emitLagMillis = -1;

    void read(ConsumerRecord<byte[], byte[]> record) {
      records++;
      bytes += Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    }

    void filtered() {
      filteredRecords++;
    }

    /**
     * The event-time lags of the last record handled: fetched at {@code fetchedMillis} with Kafka
     * timestamp {@code kafkaTimestamp}, emitted now with output timestamp {@code emittedTimestamp}
     * (Long.MIN_VALUE: nothing emitted). Timestamps before 1970 (none) are left out.
     */
    void lags(long fetchedMillis, long kafkaTimestamp, long emittedTimestamp) {
      if (kafkaTimestamp >= 0) {
        fetchLagMillis = Math.max(0, fetchedMillis - kafkaTimestamp);
      }
      if (emittedTimestamp >= 0) {
        emitLagMillis = Math.max(0, System.currentTimeMillis() - emittedTimestamp);
      }
    }

    /**
     * Adds the counts to the metrics, sets the lag gauges and, when due (or {@code last}), the
     * consumers' metrics.
     *
     * @param reader the partition's reader, for its end offset estimate (-1 when unknown) and its
     *     consumer's metrics
     * @param nextOffset the offset of the next record to read
     * @param owned the source's partitions in this JVM, by the instance that read them last
     * @param last whether this is the partition's last call in this JVM
     */
    void flush(
        PartitionReader reader,
        long nextOffset,
        long lateRecords,
        OwnedPartitions owned,
        boolean last) {
      if (records > 0) {
        recordsIn.inc(records);
        bytesIn.inc(bytes);
      }
      if (filteredRecords > 0) {
        filtered.inc(filteredRecords);
      }
      if (lateRecords > 0) {
        late.inc(lateRecords);
      }
      if (fetchLagMillis >= 0) {
        fetchLag.set(fetchLagMillis);
      }
      if (emitLagMillis >= 0) {
        emitLag.set(emitLagMillis);
      }
      TopicPartition tp = reader.partition();
      long endOffset = reader.endOffsetEstimate();
      if (endOffset >= 0) {
        long lag = Math.max(0, endOffset - nextOffset);
        Metrics.gauge(NAMESPACE, pendingGauge(tp)).set(lag);
        pending.set(owned.update(SourceMetrics.this, tp, lag, reader.clientMetrics()));
      }
      ClientMetrics c = clients;
      if (c == null) {
        c = ClientMetrics.consumers();
        clients = c;
      }
      if (last || c.due()) {
        c.sample(owned.clientMetricsOf(SourceMetrics.this));
      }
      records = 0;
      bytes = 0;
      filteredRecords = 0;
      fetchLagMillis = -1;
      emitLagMillis = -1;
    }
  }
}
