package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowEncoder;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.values.Row;

/**
 * {@code avro}: one Avro binary record per message, written by our encoder with the schema derived
 * from the columns. There is no Flink baseline (flink-avro is not on the benchmark's class path):
 * the case is there for projection push-down, whose ratio to this case is reported.
 */
final class AvroCase extends FormatCase {
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
              .createEncoder(SampleRow.SCHEMA, FormatContext.of(Map.of()));
    }
    try {
      return encoder.encode(beamRow(row));
    } catch (FormatException e) {
      throw new IllegalStateException("cannot encode sample row " + row, e);
    }
  }

  @Override
  List<FlinkDecoder> flink() {
    return List.of();
  }

  private static Row beamRow(SampleRow r) {
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
