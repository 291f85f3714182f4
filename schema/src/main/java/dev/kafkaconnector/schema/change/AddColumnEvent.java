package dev.kafkaconnector.schema.change;

import java.util.List;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Columns appended after the table's existing ones, in this order (Flink CDC's {@code
 * AddColumnEvent} at position LAST). Rows written before the change have no value for them, so
 * sources add them nullable.
 */
public record AddColumnEvent(TableId tableId, List<Field> columns) implements SchemaChangeEvent {

  public AddColumnEvent {
    Objects.requireNonNull(tableId, "tableId");
    columns = List.copyOf(columns);
    if (columns.isEmpty()) {
      throw SchemaChangeEvent.doesNotFit(tableId, "an added-column event adds no column");
    }
  }

  @Override
  public Schema applyTo(@Nullable Schema current) {
    Schema before = SchemaChangeEvent.orEmpty(current);
    Schema.Builder out = Schema.builder().addFields(before.getFields());
    for (Field column : columns) {
      if (before.hasField(column.getName())) {
        throw SchemaChangeEvent.doesNotFit(
            tableId, "column '" + column.getName() + "' is added but exists already");
      }
      out.addField(column);
    }
    return out.setOptions(before.getOptions()).build();
  }
}
