package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.RowDecoder;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.values.Row;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.Collector;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Decodes one message per invocation, cycling through {@link FormatCase#MESSAGES} pre-encoded
 * messages, with the decoder named by {@link #target} ({@code <format>:ours} or {@code
 * <format>:<flink decoder id>}, see {@link FormatCases#targets}). Every emitted row goes to a
 * {@link Blackhole}. {@link FormatBenchmarkMain} sets the targets from {@link FormatCases}; the
 * list below is only the default for running the class with JMH directly.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class FormatDecodeBenchmark {

  @Param({"json:ours", "json:flink", "json:flink-parser", "csv:ours", "csv:flink"})
  public String target;

  private byte[][] messages;
  private int next;
  private Decoder decoder;

  /** One decoder behind one call, so the benchmark method is the same for every target. */
  private interface Decoder {
    void decode(byte[] message, Blackhole blackhole) throws Exception;
  }

  @Setup
  public void setUp() throws Exception {
    int colon = target.indexOf(FormatCases.SEPARATOR);
    if (colon < 0) {
      throw new IllegalArgumentException("target must be <format>:<decoder>, was " + target);
    }
    FormatCase formatCase = FormatCases.get(target.substring(0, colon));
    String id = target.substring(colon + 1);
    messages = formatCase.messages();
    decoder =
        id.equals(FormatCases.OURS)
            ? new Ours(formatCase.ours())
            : new Flink(formatCase.openFlink(id));
  }

  @Benchmark
  public void decode(Blackhole blackhole) throws Exception {
    int i = next;
    next = (i + 1) & (FormatCase.MESSAGES - 1);
    decoder.decode(messages[i], blackhole);
  }

  private static final class Ours implements Decoder, RowDecoder.RowCollector {
    private final RowDecoder rowDecoder;
    private Blackhole blackhole;

    Ours(RowDecoder rowDecoder) {
      this.rowDecoder = rowDecoder;
    }

    @Override
    public void decode(byte[] message, Blackhole blackhole) throws Exception {
      this.blackhole = blackhole;
      rowDecoder.decode(message, this);
    }

    @Override
    public void collect(Row row) {
      blackhole.consume(row);
    }
  }

  /**
   * Flink's {@code deserialize(byte[], Collector)}, as Flink's Kafka source calls it (its default
   * implementation calls {@code deserialize(byte[])} and collects a non-null result).
   */
  private static final class Flink implements Decoder, Collector<RowData> {
    private final DeserializationSchema<RowData> schema;
    private Blackhole blackhole;

    Flink(DeserializationSchema<RowData> schema) {
      this.schema = schema;
    }

    @Override
    public void decode(byte[] message, Blackhole blackhole) throws Exception {
      this.blackhole = blackhole;
      schema.deserialize(message, this);
    }

    @Override
    public void collect(RowData row) {
      blackhole.consume(row);
    }

    @Override
    public void close() {}
  }
}
