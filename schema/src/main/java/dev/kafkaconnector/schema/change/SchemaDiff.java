package dev.kafkaconnector.schema.change;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/** The schema-change events that take a table from one schema to a wider one. */
public final class SchemaDiff {
  private SchemaDiff() {}

  /**
   * The add-column event (columns of {@code to} that {@code from} lacks, in {@code to}'s order) and
   * the alter-type event (columns whose type differs), each only when it has columns. Columns are
   * matched by name; {@code to} is expected to hold every column of {@code from}.
   */
  public static List<SchemaChangeEvent> between(TableId table, Schema from, Schema to) {
    List<Field> added = new ArrayList<>();
    Map<String, FieldType> altered = new LinkedHashMap<>();
    for (Field field : to.getFields()) {
      if (!from.hasField(field.getName())) {
        added.add(field);
      } else if (!from.getField(field.getName()).getType().equals(field.getType())) {
        altered.put(field.getName(), field.getType());
      }
    }
    List<SchemaChangeEvent> events = new ArrayList<>(2);
    if (!added.isEmpty()) {
      events.add(new AddColumnEvent(table, added));
    }
    if (!altered.isEmpty()) {
      events.add(new AlterColumnTypeEvent(table, altered));
    }
    return events;
  }
}
