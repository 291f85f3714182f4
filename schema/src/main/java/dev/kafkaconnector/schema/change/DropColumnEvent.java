package dev.kafkaconnector.schema.change;

import java.util.List;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Columns removed from the table. Only a source that sees DDL can know this (inference sees a
 * column missing from some records, which makes it nullable, never dropped).
 */
public record DropColumnEvent(TableId tableId, List<String> columns) implements SchemaChangeEvent {

  public DropColumnEvent {
    Objects.requireNonNull(tableId, "tableId");
    columns = List.copyOf(columns);
    if (columns.isEmpty()) {
      throw SchemaChangeEvent.doesNotFit(tableId, "a drop-column event drops no column");
    }
  }

  @Override
  public Schema applyTo(@Nullable Schema current) {
    Schema before = SchemaChangeEvent.orEmpty(current);
    for (String name : columns) {
      if (!before.hasField(name)) {
        throw SchemaChangeEvent.doesNotFit(
            tableId, "column '" + name + "' is dropped but does not exist");
      }
    }
    Schema.Builder out = Schema.builder();
    for (Field field : before.getFields()) {
      if (!columns.contains(field.getName())) {
        out.addField(field);
      }
    }
    return out.setOptions(before.getOptions()).build();
  }
}
