package dev.kafkaconnector.io.source.reader;

import java.io.Serializable;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The source's Beam metrics, namespace {@code kafka-connector}: counters {@code records-read},
 * {@code bytes-read} (key and value bytes), {@code records-filtered-by-header}, {@code
 * records-late} (older than the watermark when read), and per partition the gauge {@code
 * lag:<topic>-<partition>} (end offset less the next offset to read). Counts are kept per
 * {@code @ProcessElement} call and added to the metrics once at its end, not per record.
 */
final class SourceMetrics implements Serializable {
  private static final long serialVersionUID = 1L;
  static final String NAMESPACE = "kafka-connector";

  private final Counter recordsRead = Metrics.counter(NAMESPACE, "records-read");
  private final Counter bytesRead = Metrics.counter(NAMESPACE, "bytes-read");
  private final Counter filtered = Metrics.counter(NAMESPACE, "records-filtered-by-header");
  private final Counter late = Metrics.counter(NAMESPACE, "records-late");

  /** The name of a partition's lag gauge. */
  static String lagGauge(TopicPartition tp) {
    return "lag:" + tp.topic() + "-" + tp.partition();
  }

  Batch batch() {
    return new Batch();
  }

  /** Counts of one call. */
  final class Batch {
    private long records;
    private long bytes;
    private long filteredRecords;

    void read(ConsumerRecord<byte[], byte[]> record) {
      records++;
      bytes += Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    }

    void filtered() {
      filteredRecords++;
    }

    /**
     * Adds the counts to the metrics and sets the partition's lag.
     *
     * @param endOffset the partition's end offset estimate, or -1 when unknown
     * @param nextOffset the offset of the next record to read
     */
    void flush(TopicPartition tp, long endOffset, long nextOffset, long lateRecords) {
      if (records > 0) {
        recordsRead.inc(records);
        bytesRead.inc(bytes);
      }
      if (filteredRecords > 0) {
        filtered.inc(filteredRecords);
      }
      if (lateRecords > 0) {
        late.inc(lateRecords);
      }
      if (endOffset >= 0) {
        Metrics.gauge(NAMESPACE, lagGauge(tp)).set(Math.max(0, endOffset - nextOffset));
      }
      records = 0;
      bytes = 0;
      filteredRecords = 0;
    }
  }
}
