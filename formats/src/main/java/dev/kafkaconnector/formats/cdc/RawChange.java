package dev.kafkaconnector.formats.cdc;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One row change as a message gives it, before its columns are typed: the table, the operation, the
 * before and after images as JSON objects, the primary key and the column types the message
 * declares (Canal's {@code sqlType} / {@code mysqlType}, Debezium's schema), when it does.
 *
 * @param primaryKey the primary key columns the message names, empty when it names none
 * @param declared column types the message declares, or null: columns it lacks are inferred
 */
public record RawChange(
    TableId table,
    DataChangeEvent.Op op,
    @Nullable ObjectNode before,
    @Nullable ObjectNode after,
    List<String> primaryKey,
    @Nullable Schema declared) {

  /** The image whose columns the row has: the after image, or the before image of a delete. */
  public ObjectNode image() {
    return after != null ? after : java.util.Objects.requireNonNull(before);
  }
}
