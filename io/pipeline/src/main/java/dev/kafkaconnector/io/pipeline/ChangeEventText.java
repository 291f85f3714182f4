package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.schema.SqlType;
import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.AlterColumnTypeEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.DropColumnEvent;
import dev.kafkaconnector.schema.change.RenameColumnEvent;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One line per change event, as the {@code print} sink writes it (in the manner of Flink CDC's
 * values sink): {@code CreateTableEvent{tableId=db.t, schema=(id BIGINT NOT NULL, name STRING),
 * primaryKeys=[id]}}, {@code DataChangeEvent{tableId=db.t, op=INSERT, before=[], after=[1, a]}}.
 */
final class ChangeEventText {
  private ChangeEventText() {}

  static String format(ChangeEvent event) {
    if (event instanceof DataChangeEvent data) {
      return "DataChangeEvent{tableId="
          + data.tableId()
          + ", op="
          + data.op()
          + ", before="
          + values(data.before())
          + ", after="
          + values(data.after())
          + "}";
    } else if (event instanceof CreateTableEvent create) {
      return "CreateTableEvent{tableId="
          + create.tableId()
          + ", schema="
          + columns(create.schema().getFields())
          + ", primaryKeys="
          + create.primaryKey()
          + "}";
    } else if (event instanceof AddColumnEvent add) {
      return "AddColumnEvent{tableId="
          + add.tableId()
          + ", columns="
          + columns(add.columns())
          + "}";
    } else if (event instanceof AlterColumnTypeEvent alter) {
      return "AlterColumnTypeEvent{tableId="
          + alter.tableId()
          + ", newTypes={"
          + alter.newTypes().entrySet().stream()
              .map(e -> e.getKey() + "=" + SqlType.toSql(e.getValue()))
              .collect(Collectors.joining(", "))
          + "}}";
    } else if (event instanceof DropColumnEvent drop) {
      return "DropColumnEvent{tableId=" + drop.tableId() + ", columns=" + drop.columns() + "}";
    } else if (event instanceof RenameColumnEvent rename) {
      return "RenameColumnEvent{tableId="
          + rename.tableId()
          + ", renames="
          + renames(rename.renames())
          + "}";
    }
    return event.toString();
  }

  private static String columns(List<Field> fields) {
    return fields.stream()
        .map(f -> f.getName() + " " + SqlType.toSql(f.getType()))
        .collect(Collectors.joining(", ", "(", ")"));
  }

  private static String renames(Map<String, String> renames) {
    return renames.entrySet().stream()
        .map(e -> e.getKey() + "->" + e.getValue())
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String values(@Nullable Row row) {
    if (row == null) {
      return "[]";
    }
    Schema schema = row.getSchema();
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < schema.getFieldCount(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      Object value = row.getValue(i);
      out.append(
          value instanceof byte[] bytes
              ? java.util.Base64.getEncoder().encodeToString(bytes)
              : String.valueOf(value));
    }
    return out.append(']').toString();
  }
}
