package dev.kafkaconnector.schema.change;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Columns change type (nullability included), for example BIGINT to DOUBLE when a reader sees a
 * fraction, or NOT NULL to nullable (Flink CDC's {@code AlterColumnTypeEvent}).
 *
 * @param newTypes the new type of each altered column, in column order
 */
public record AlterColumnTypeEvent(TableId tableId, Map<String, FieldType> newTypes)
    implements SchemaChangeEvent {

  public AlterColumnTypeEvent {
    Objects.requireNonNull(tableId, "tableId");
    newTypes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(newTypes));
    if (newTypes.isEmpty()) {
      throw SchemaChangeEvent.doesNotFit(tableId, "an alter-column-type event alters no column");
    }
  }

  @Override
  public Schema applyTo(@Nullable Schema current) {
    Schema before = SchemaChangeEvent.orEmpty(current);
    for (String name : newTypes.keySet()) {
      if (!before.hasField(name)) {
        throw SchemaChangeEvent.doesNotFit(
            tableId, "column '" + name + "' changes type but does not exist");
      }
    }
    Schema.Builder out = Schema.builder();
    for (Field field : before.getFields()) {
      FieldType type = newTypes.get(field.getName());
      out.addField(type == null ? field : field.withType(type));
    }
    return out.setOptions(before.getOptions()).build();
  }
}
