package dev.kafkaconnector.formats.cdc;

import dev.kafkaconnector.schema.change.TableId;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * The originating table of the changes an encoder writes, for formats whose messages name it
 * (Debezium's {@code source.db} / {@code source.schema} / {@code source.table}, Canal's {@code
 * database} / {@code table} / {@code pkNames}).
 *
 * @param id the table id
 * @param primaryKey its primary key columns, empty when unknown
 */
public record SourceTable(TableId id, List<String> primaryKey) implements Serializable {
  public SourceTable {
    Objects.requireNonNull(id, "id");
    primaryKey = List.copyOf(primaryKey);
  }
}
