package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.List;
import java.util.Map;
import org.apache.flink.formats.common.TimestampFormat;
import org.apache.flink.formats.json.debezium.DebeziumJsonDeserializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.utils.TypeConversions;

/**
 * {@code debezium-json}: Debezium change events without the schema envelope ({@code
 * debezium-json.schema-include} false), 60% creates, 30% updates (two rows: -U, +U), 10% deletes.
 * Our decoder is asked for the {@code row-kind} metadata so that both sides give the change kind;
 * only measured when the format is on the class path ({@link FormatCases}).
 */
final class DebeziumJsonCase extends FormatCase {
  @Override
  String format() {
    return "debezium-json";
  }

  @Override
  RowDecoder ours() {
    return Formats.find(format(), "format")
        .createDecoder(
            SampleRow.SCHEMA,
            new FormatContext(
                Configuration.of(Map.of()), "value", List.of(FormatMetadata.ROW_KIND)));
  }

  @Override
  byte[] encode(SampleRow row) {
    StringBuilder out = new StringBuilder(700);
    int kind = Math.floorMod(Long.hashCode(row.id() * 31), 10);
    String op = kind < 6 ? "c" : kind < 9 ? "u" : "d";
    out.append("{\"before\":");
    if (op.equals("c")) {
      out.append("null");
    } else {
      SampleRow before =
          new SampleRow(
              row.id(),
              row.name(),
              row.qty() + 1,
              row.price(),
              row.amount(),
              !row.active(),
              row.ts().minusMinutes(5),
              row.day(),
              row.tags(),
              row.infoA(),
              row.infoB(),
              null);
      SampleText.json(before, out);
    }
    out.append(",\"after\":");
    if (op.equals("d")) {
      out.append("null");
    } else {
      SampleText.json(row, out);
    }
    out.append(
            ",\"source\":{\"version\":\"2.5.0.Final\",\"connector\":\"mysql\",\"name\":\"shop\",")
        .append("\"ts_ms\":1709251200000,\"db\":\"shop\",\"table\":\"orders\"}")
        .append(",\"op\":\"")
        .append(op)
        .append("\",\"ts_ms\":1709251200123}");
    return utf8(out);
  }

  @Override
  List<FlinkDecoder> flink() {
    return List.of(
        new FlinkDecoder(
            "flink",
            "DebeziumJsonDeserializationSchema (schema-include false)",
            () ->
                new DebeziumJsonDeserializationSchema(
                    TypeConversions.fromLogicalToDataType(SampleRow.FLINK_TYPE),
                    List.of(),
                    ROW_DATA_TYPE_INFO,
                    false,
                    false,
                    TimestampFormat.SQL)));
  }

  /** Flink's columns followed by the change kind ({@code +I}, {@code -U}, ...), as ours emits. */
  @Override
  List<Object> flinkValues(RowData row) {
    List<Object> values = super.flinkValues(row);
    values.add(row.getRowKind().shortString());
    return values;
  }
}
