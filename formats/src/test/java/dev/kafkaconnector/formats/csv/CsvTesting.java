package dev.kafkaconnector.formats.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.IgnoredParseErrors;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import java.io.Closeable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.beam.sdk.metrics.BoundedTrie;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Distribution;
import org.apache.beam.sdk.metrics.Gauge;
import org.apache.beam.sdk.metrics.MetricName;
import org.apache.beam.sdk.metrics.MetricsContainer;
import org.apache.beam.sdk.metrics.MetricsEnvironment;
import org.apache.beam.sdk.metrics.StringSet;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/** Shared helpers of the csv tests: codecs found through the SPI, decoding text, counting. */
final class CsvTesting {
  private CsvTesting() {}

  static FormatFactory csv() {
    return Formats.find("csv", "format");
  }

  static RowDecoder decoder(Schema schema, Map<String, String> options) {
    return csv().createDecoder(schema, FormatContext.of(options));
  }

  static RowEncoder encoder(Schema schema, Map<String, String> options) {
    return csv().createEncoder(schema, FormatContext.of(options));
  }

  static List<Row> decode(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = new ArrayList<>();
    decoder.decode(message, rows::add);
    return rows;
  }

  static List<Row> decode(RowDecoder decoder, String line) throws FormatException {
    return decode(decoder, line.getBytes(StandardCharsets.UTF_8));
  }

  static Row single(RowDecoder decoder, String line) throws FormatException {
    List<Row> rows = decode(decoder, line);
    assertEquals(1, rows.size(), "one row per line: " + line);
    return rows.get(0);
  }

  static String encode(RowEncoder encoder, Row row) throws FormatException {
    return new String(encoder.encode(row), StandardCharsets.UTF_8);
  }

  /**
   * Counts what is recorded in the {@code csv.ignored-parse-errors} counter while open, by
   * installing a metrics container for the current thread (outside a pipeline Beam drops counts).
   */
  static final class IgnoredCount implements Closeable {
    private final AtomicLong count = new AtomicLong();
    private final Closeable scope;

    IgnoredCount() {
      scope = MetricsEnvironment.scopedMetricsContainer(new Container(count));
    }

    long get() {
      return count.get();
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

  private static final class Container implements MetricsContainer {
    private final transient AtomicLong count;

    Container(AtomicLong count) {
      this.count = count;
    }

    @Override
    public Counter getCounter(MetricName name) {
      assertEquals(IgnoredParseErrors.NAMESPACE, name.getNamespace());
      assertEquals(IgnoredParseErrors.counterName("csv"), name.getName());
      return new Counter() {
        @Override
        public void inc() {
          count.incrementAndGet();
        }

        @Override
        public void inc(long n) {
          count.addAndGet(n);
        }

        @Override
        public void dec() {
          count.decrementAndGet();
        }

        @Override
        public void dec(long n) {
          count.addAndGet(-n);
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
  }
}
