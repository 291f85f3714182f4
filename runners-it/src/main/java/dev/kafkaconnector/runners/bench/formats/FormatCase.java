package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.beam.sdk.values.Row;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * One format of the benchmark: the messages (the same bytes for both sides), our decoder and
 * Flink's decoder(s) for them. A new format is one subclass listed in {@link FormatCases}.
 */
abstract class FormatCase {
  /** Distinct messages per case; the benchmark cycles through them. */
  static final int MESSAGES = 1024;

  /** Seed of {@link SampleRow#generate}: the same messages in every JVM. */
  static final long SEED = 20241130L;

  /**
   * Flink's decoders only hand this back from {@code getProducedType()}; the real type information
   * ({@code InternalTypeInfo}) lives in flink-table-runtime, which the benchmark does not need
   * otherwise.
   */
  static final TypeInformation<RowData> ROW_DATA_TYPE_INFO = TypeInformation.of(RowData.class);

  /** One of Flink's decoders for this format. */
  record FlinkDecoder(
      String id, String description, Supplier<DeserializationSchema<RowData>> factory) {}

  /** The format's identifier in {@link Formats}, for example {@code json}. */
  abstract String format();

  /** The case's name in targets and tables: the format, unless the case is a variant of it. */
  String name() {
    return format();
  }

  /** The Flink type of the rows decoded: the whole sample row unless the case projects it. */
  RowType flinkType() {
    return SampleRow.FLINK_TYPE;
  }

  /**
   * Flink's decoders of only the {@code projected} columns, as Flink's format creates them for a
   * query that selects them (projection push-down); none when the format cannot project.
   */
  List<FlinkDecoder> flinkProjected(RowType projected) {
    return List.of();
  }

  /**
   * Whether the case needs a schema registry ({@link BenchRegistry}) to make and decode its
   * messages; the benchmark's main starts one, unit tests leave such cases out.
   */
  boolean needsRegistry() {
    return false;
  }

  /** The message for one row. */
  abstract byte[] encode(SampleRow row);

  /** The format's options, as a user writes them; none by default. */
  Map<String, String> formatOptions() {
    return Map.of();
  }

  /** Our decoder, as the connector creates it (through the SPI, with {@link #formatOptions}). */
  RowDecoder ours() {
    return Formats.find(format(), "format")
        .createDecoder(SampleRow.SCHEMA, FormatContext.of(formatOptions()));
  }

  /** Flink's decoders for the same messages; the first is the table's main baseline. */
  abstract List<FlinkDecoder> flink();

  /** What Flink's decoder emitted, as values comparable with {@link #oursValues}. */
  List<Object> flinkValues(RowData row) {
    return ComparableValues.of(row, flinkType());
  }

  /** What our decoder emitted, as values comparable with {@link #flinkValues}. */
  List<Object> oursValues(Row row) {
    return ComparableValues.of(row);
  }

  /** {@link #MESSAGES} distinct messages. */
  final byte[][] messages() {
    List<SampleRow> rows = SampleRow.generate(MESSAGES, SEED);
    byte[][] messages = new byte[rows.size()][];
    for (int i = 0; i < messages.length; i++) {
      messages[i] = encode(rows.get(i));
    }
    return messages;
  }

  /** Flink's decoder {@code id}, opened. */
  final DeserializationSchema<RowData> openFlink(String id) throws Exception {
    for (FlinkDecoder decoder : flink()) {
      if (decoder.id().equals(id)) {
        DeserializationSchema<RowData> schema = decoder.factory().get();
        schema.open(FlinkInit.CONTEXT);
        return schema;
      }
    }
    throw new IllegalArgumentException(
        "Case '" + name() + "' has no Flink decoder '" + id + "'; it has " + flinkIds());
  }

  final List<String> flinkIds() {
    List<String> ids = new ArrayList<>();
    flink().forEach(d -> ids.add(d.id()));
    return ids;
  }

  static byte[] utf8(CharSequence text) {
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }
}
