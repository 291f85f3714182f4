package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowEncoder;
import java.util.List;
import org.apache.beam.sdk.values.Row;
import org.apache.flink.formats.avro.AvroRowDataDeserializationSchema;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code avro}: one Avro binary record per message, written by our encoder with the schema derived
 * from the columns; Flink 1.19's {@code AvroRowDataDeserializationSchema} (flink-avro, the schema
 * it derives from the same row type) is the baseline. The case is also the base of projection
 * push-down's ratio.
 */
class AvroCase extends FormatCase {
  private transient RowEncoder encoder;

  @Override
  String format() {
    return "avro";
  }

  @Override
  byte[] encode(SampleRow row) {
    if (encoder == null) {
      encoder =
          Formats.find(format(), "format")
              .createEncoder(SampleRow.SCHEMA, FormatContext.of(formatOptions()));
    }
    try {
      return encoder.encode(beamRow(row));
    } catch (FormatException e) {
      throw new IllegalStateException("cannot encode sample row " + row, e);
    }
  }

  @Override
  List<FlinkDecoder> flink() {
    return List.of(
        new FlinkDecoder(
            "flink",
            "AvroRowDataDeserializationSchema",
            () -> new AvroRowDataDeserializationSchema(notNull(), ROW_DATA_TYPE_INFO)));
  }

  /**
   * The row type as a table's physical row type reaches Flink's Avro format: NOT NULL (a nullable
   * row type would make Flink derive a union of null and the record).
   */
  static RowType notNull() {
    return (RowType) SampleRow.FLINK_TYPE.copy(false);
  }

  static Row beamRow(SampleRow r) {
    return Row.withSchema(SampleRow.SCHEMA)
        .addValues(
            r.id(),
            r.name(),
            r.qty(),
            r.price(),
            r.amount(),
            r.active(),
            r.ts(),
            r.day(),
            r.tags(),
            Row.withSchema(SampleRow.INFO).addValues(r.infoA(), r.infoB()).build(),
            r.note())
        .build();
  }
}
