package dev.kafkaconnector.runners.bench;

import java.util.concurrent.atomic.LongAdder;
import org.apache.beam.sdk.io.kafka.KafkaRecord;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.Row;

/**
 * The common downstream of every benchmark pipeline: counts data records (non-empty values), end
 * markers (empty values) and value bytes (for JSON rows: the sum of {@code qty}).
 *
 * <p>Counts go to Beam {@link Counter}s (namespace {@link #NAMESPACE}) and to JVM-wide adders that
 * the benchmark resets before and reads after each run; both runners used here execute in the
 * benchmark's JVM. Each DoFn instance counts in plain fields and publishes once per bundle, so the
 * per-record cost is a few arithmetic operations.
 */
final class RecordCounter {
  static final String NAMESPACE = "read-benchmark";

  private static final LongAdder DATA = new LongAdder();
  private static final LongAdder MARKERS = new LongAdder();
  private static final LongAdder BYTES = new LongAdder();

  private RecordCounter() {}

  /** What a run counted. */
  record Counts(long data, long markers, long bytes) {}

  static void reset() {
    DATA.reset();
    MARKERS.reset();
    BYTES.reset();
  }

  static Counts snapshot() {
    return new Counts(DATA.sum(), MARKERS.sum(), BYTES.sum());
  }

  /** Counts values in a plain consumer loop (no Beam). */
  static void add(long data, long markers, long bytes) {
    DATA.add(data);
    MARKERS.add(markers);
    BYTES.add(bytes);
  }

  /** Counting logic shared by the DoFns below. */
  abstract static class CountFn<T> extends DoFn<T, Void> {
    private static final long serialVersionUID = 1L;
    private final Counter dataCounter = Metrics.counter(NAMESPACE, "data-records");
    private final Counter markerCounter = Metrics.counter(NAMESPACE, "end-markers");
    private transient long data;
    private transient long markers;
    private transient long bytes;

    /** What a data record adds to the count's third figure, or -1 for an end marker. */
    abstract long weight(T element);

    /** A raw value's weight: its length, or -1 when empty (an end marker). */
    static long valueWeight(byte[] value) {
      return value == null || value.length == 0 ? -1 : value.length;
    }

    @StartBundle
    public void startBundle() {
      data = 0;
      markers = 0;
      bytes = 0;
    }

    @ProcessElement
    public void process(@Element T element) {
      long weight = weight(element);
      if (weight < 0) {
        markers++;
      } else {
        data++;
        bytes += weight;
      }
    }

    @FinishBundle
    public void finishBundle() {
      dataCounter.inc(data);
      markerCounter.inc(markers);
      add(data, markers, bytes);
      data = 0;
      markers = 0;
      bytes = 0;
    }
  }

  /** Counts Beam {@code KafkaIO} records. */
  static final class CountKafkaRecordsFn extends CountFn<KafkaRecord<byte[], byte[]>> {
    private static final long serialVersionUID = 1L;

    @Override
    long weight(KafkaRecord<byte[], byte[]> element) {
      return valueWeight(element.getKV().getValue());
    }
  }

  /** Counts {@code KafkaConnectorIO} rows of the raw format (one byte-array column). */
  static final class CountRowsFn extends CountFn<Row> {
    private static final long serialVersionUID = 1L;

    @Override
    long weight(Row element) {
      return valueWeight(element.getBytes(0));
    }
  }

  /** Counts {@code KafkaConnectorIO} rows of {@link JsonRows#SCHEMA}, summing {@code qty}. */
  static final class CountJsonRowsFn extends CountFn<Row> {
    private static final long serialVersionUID = 1L;

    @Override
    long weight(Row element) {
      return element.getInt32("qty");
    }
  }
}
