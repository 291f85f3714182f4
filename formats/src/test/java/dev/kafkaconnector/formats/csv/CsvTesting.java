package dev.kafkaconnector.formats.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.IgnoredParseErrors;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.TestMetrics;
import java.io.Closeable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.metrics.MetricName;
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
   * The csv format must record nothing else.
   */
  static final class IgnoredCount implements Closeable {
    private final TestMetrics metrics = new TestMetrics();

    long get() {
      for (MetricName name : metrics.counterNames()) {
        assertEquals(IgnoredParseErrors.NAMESPACE, name.getNamespace());
        assertEquals(IgnoredParseErrors.counterName("csv"), name.getName());
      }
      return metrics.ignored("csv");
    }

    @Override
    public void close() {
      metrics.close();
    }
  }
}
