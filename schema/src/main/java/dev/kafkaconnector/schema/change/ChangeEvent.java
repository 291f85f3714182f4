package dev.kafkaconnector.schema.change;

import java.io.Serializable;

/**
 * One event of a multi-table change stream: a change of a table's rows ({@link DataChangeEvent}) or
 * of its schema ({@link SchemaChangeEvent}), in the spirit of Flink CDC's {@code Event} hierarchy.
 * A {@code PCollection<ChangeEvent>} holds many tables whose schemas evolve, which a {@code
 * PCollection<Row>} with its single schema cannot; {@link ChangeEventCoder} encodes it.
 */
public sealed interface ChangeEvent extends Serializable
    permits DataChangeEvent, SchemaChangeEvent {
  /** The table the event belongs to. */
  TableId tableId();
}
