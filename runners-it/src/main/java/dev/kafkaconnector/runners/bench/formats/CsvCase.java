package dev.kafkaconnector.runners.bench.formats;

import java.util.List;
import org.apache.flink.formats.csv.CsvRowDataDeserializationSchema;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code csv}: one line per message, default options on both sides (field delimiter {@code ,},
 * quote {@code "}, array element delimiter {@code ;}, no null literal). Flink's CSV format reads
 * ARRAY of scalars and ROW of scalars from one field split by the array element delimiter, as ours
 * does, so the columns are the same as for JSON.
 */
final class CsvCase extends FormatCase {
  @Override
  String format() {
    return "csv";
  }

  @Override
  byte[] encode(SampleRow row) {
    return utf8(SampleText.csv(row));
  }

  /** Flink's csv format reads a projection with the whole row type and the projected one. */
  @Override
  List<FlinkDecoder> flinkProjected(RowType projected) {
    return List.of(
        new FlinkDecoder(
            "flink",
            "CsvRowDataDeserializationSchema with the projected row type",
            () ->
                new CsvRowDataDeserializationSchema.Builder(
                        SampleRow.FLINK_TYPE, projected, ROW_DATA_TYPE_INFO)
                    .build()));
  }

  @Override
  List<FlinkDecoder> flink() {
    return List.of(
        new FlinkDecoder(
            "flink",
            "CsvRowDataDeserializationSchema",
            () ->
                new CsvRowDataDeserializationSchema.Builder(
                        SampleRow.FLINK_TYPE, ROW_DATA_TYPE_INFO)
                    .build()));
  }
}
