package dev.kafkaconnector.schema.change;

import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A change of one table's schema. {@link #applyTo} says what it means: the schema after the change,
 * given the schema before it.
 */
public sealed interface SchemaChangeEvent extends ChangeEvent
    permits CreateTableEvent,
        AddColumnEvent,
        AlterColumnTypeEvent,
        DropColumnEvent,
        RenameColumnEvent {

  /**
   * The table's schema after this change.
   *
   * @param current the schema before it, or null when the table is not known yet
   * @throws IllegalArgumentException when the change does not fit {@code current} (a column that
   *     does not exist, or one added twice), naming the table and column
   */
  Schema applyTo(@Nullable Schema current);

  /** The message of a change that does not fit the schema it is applied to. */
  static IllegalArgumentException doesNotFit(TableId table, String what) {
    return new IllegalArgumentException("Schema change of table " + table + ": " + what);
  }

  /** {@code current}, or a schema without columns when the table is not known yet. */
  static Schema orEmpty(@Nullable Schema current) {
    return current != null ? current : Schema.builder().build();
  }
}
