package dev.kafkaconnector.schema.change;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Columns renamed, old name to new name. Only a source that sees DDL can know this (inference sees
 * a new column and an old one that stops having values).
 */
public record RenameColumnEvent(TableId tableId, Map<String, String> renames)
    implements SchemaChangeEvent {

  public RenameColumnEvent {
    Objects.requireNonNull(tableId, "tableId");
    renames = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(renames));
    if (renames.isEmpty()) {
      throw SchemaChangeEvent.doesNotFit(tableId, "a rename-column event renames no column");
    }
  }

  @Override
  public Schema applyTo(@Nullable Schema current) {
    Schema before = SchemaChangeEvent.orEmpty(current);
    for (Map.Entry<String, String> rename : renames.entrySet()) {
      if (!before.hasField(rename.getKey())) {
        throw SchemaChangeEvent.doesNotFit(
            tableId, "column '" + rename.getKey() + "' is renamed but does not exist");
      }
      if (before.hasField(rename.getValue()) && !renames.containsKey(rename.getValue())) {
        throw SchemaChangeEvent.doesNotFit(
            tableId,
            "column '"
                + rename.getKey()
                + "' is renamed to '"
                + rename.getValue()
                + "', which exists already");
      }
    }
    Schema.Builder out = Schema.builder();
    for (Field field : before.getFields()) {
      String name = renames.getOrDefault(field.getName(), field.getName());
      out.addField(field.withName(name));
    }
    return out.setOptions(before.getOptions()).build();
  }
}
