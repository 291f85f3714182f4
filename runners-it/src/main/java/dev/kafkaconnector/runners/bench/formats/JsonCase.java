package dev.kafkaconnector.runners.bench.formats;

import java.util.List;
import org.apache.flink.formats.common.TimestampFormat;
import org.apache.flink.formats.json.JsonParserRowDataDeserializationSchema;
import org.apache.flink.formats.json.JsonRowDataDeserializationSchema;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code json}: one object per message. Flink 1.19 has two decoders for the same format: with
 * {@code json.decode.json-parser.enabled} (the default since 1.19) the streaming {@link
 * JsonParserRowDataDeserializationSchema}, without it the tree-based {@link
 * JsonRowDataDeserializationSchema}. Both are measured; options as Flink's defaults
 * (fail-on-missing-field false, ignore-parse-errors false, timestamp format SQL).
 */
final class JsonCase extends FormatCase {
  @Override
  String format() {
    return "json";
  }

  @Override
  byte[] encode(SampleRow row) {
    return utf8(SampleText.json(row, new StringBuilder(256)));
  }

  /** Flink's json format decodes a projection as if the table had only those columns. */
  @Override
  List<FlinkDecoder> flinkProjected(RowType projected) {
    return List.of(
        new FlinkDecoder(
            "flink-parser",
            "JsonParserRowDataDeserializationSchema of the projected row type",
            () ->
                new JsonParserRowDataDeserializationSchema(
                    projected, ROW_DATA_TYPE_INFO, false, false, TimestampFormat.SQL)));
  }

  @Override
  List<FlinkDecoder> flink() {
    return List.of(
        new FlinkDecoder(
            "flink",
            "JsonRowDataDeserializationSchema (readTree + convert; json.decode.json-parser.enabled=false)",
            () ->
                new JsonRowDataDeserializationSchema(
                    SampleRow.FLINK_TYPE, ROW_DATA_TYPE_INFO, false, false, TimestampFormat.SQL)),
        new FlinkDecoder(
            "flink-parser",
            "JsonParserRowDataDeserializationSchema (streaming; Flink 1.19's default for 'json')",
            () ->
                new JsonParserRowDataDeserializationSchema(
                    SampleRow.FLINK_TYPE, ROW_DATA_TYPE_INFO, false, false, TimestampFormat.SQL)));
  }
}
