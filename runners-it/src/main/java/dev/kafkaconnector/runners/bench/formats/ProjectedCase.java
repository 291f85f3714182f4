package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.flink.table.types.logical.RowType;

/**
 * Projection push-down: the messages of another case, decoded into only {@link #COLUMNS} (2 of the
 * 11 columns, the first and the last, so that a positional format still passes over the whole
 * message), by ours ({@code FormatFactory.createDecoder(schema, selected, context)}, as a Beam SQL
 * query selecting them gets it) and by Flink's format as its projection push-down creates it. The
 * ratio to the whole-row case of the same format is what projection saves.
 */
final class ProjectedCase extends FormatCase {
  /** The columns selected: id (first) and note (last). */
  static final List<String> COLUMNS = List.of("id", "note");

  /** Marks a projected case's name: {@code json-projected}. */
  static final String SUFFIX = "-projected";

  private final FormatCase whole;

  ProjectedCase(FormatCase whole) {
    this.whole = whole;
  }

  /** The case of all columns that this one projects. */
  FormatCase whole() {
    return whole;
  }

  @Override
  String format() {
    return whole.format();
  }

  @Override
  String name() {
    return whole.name() + SUFFIX;
  }

  @Override
  byte[] encode(SampleRow row) {
    return whole.encode(row);
  }

  @Override
  RowDecoder ours() {
    Schema.Builder selected = Schema.builder();
    COLUMNS.forEach(c -> selected.addField(SampleRow.SCHEMA.getField(c)));
    return Formats.find(format(), "format")
        .createDecoder(SampleRow.SCHEMA, selected.build(), FormatContext.of(Map.of()));
  }

  @Override
  RowType flinkType() {
    List<RowType.RowField> fields = new ArrayList<>();
    for (String column : COLUMNS) {
      fields.add(SampleRow.FLINK_TYPE.getFields().get(SampleRow.FLINK_TYPE.getFieldIndex(column)));
    }
    return new RowType(fields);
  }

  @Override
  List<FlinkDecoder> flink() {
    return whole.flinkProjected(flinkType());
  }
}
