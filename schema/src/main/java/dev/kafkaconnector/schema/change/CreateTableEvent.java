package dev.kafkaconnector.schema.change;

import java.util.List;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A table appears with this schema (and primary key, when the source knows it: Canal's {@code
 * pkNames}, a DDL's {@code PRIMARY KEY}). Applied to a known table, it replaces its schema.
 *
 * @param primaryKey the primary key columns, empty when unknown
 */
public record CreateTableEvent(TableId tableId, Schema schema, List<String> primaryKey)
    implements SchemaChangeEvent {

  public CreateTableEvent {
    Objects.requireNonNull(tableId, "tableId");
    Objects.requireNonNull(schema, "schema");
    primaryKey = List.copyOf(primaryKey);
    for (String column : primaryKey) {
      if (!schema.hasField(column)) {
        throw SchemaChangeEvent.doesNotFit(
            tableId, "primary key column '" + column + "' is not a column of " + schema);
      }
    }
  }

  /** A table without known primary key. */
  public CreateTableEvent(TableId tableId, Schema schema) {
    this(tableId, schema, List.of());
  }

  @Override
  public Schema applyTo(@Nullable Schema current) {
    return schema;
  }
}
