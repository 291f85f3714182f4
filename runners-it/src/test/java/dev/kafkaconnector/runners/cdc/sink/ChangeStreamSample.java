package dev.kafkaconnector.runners.cdc.sink;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;

/**
 * The change stream the CDC sink cases write: three tables of one database, inserts, updates and
 * deletes, and mid-stream an added column of {@code mytable1} whose later rows follow the wider
 * schema; the tables' events interleaved.
 */
final class ChangeStreamSample {
  static final ObjectMapper JSON = new ObjectMapper();

  static final Schema S1 =
      Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();
  static final Schema S1_WIDER =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("price", FieldType.DOUBLE)
          .build();
  static final Schema S2 =
      Schema.builder().addInt64Field("id").addNullableField("qty", FieldType.INT32).build();
  static final Schema S3 =
      Schema.builder().addStringField("sku").addNullableField("stock", FieldType.INT64).build();

  final TableId t1;
  final TableId t2;
  final TableId t3;

  /** Every event, in stream order. */
  final List<ChangeEvent> events;

  /**
   * @param db the database of the tables, unique per case (their topics are named after them)
   * @param keysOnData whether data changes carry their table's primary key (as the evolution step
   *     gives them) or only the create-table events name it
   */
  ChangeStreamSample(String db, boolean keysOnData) {
    t1 = TableId.of(db, "mytable1");
    t2 = TableId.of(db, "mytable2");
    t3 = TableId.of(db, "items");
    List<ChangeEvent> one = new ArrayList<>();
    one.add(new CreateTableEvent(t1, S1, List.of("id")));
    for (long i = 1; i <= 6; i++) {
      one.add(DataChangeEvent.insert(t1, r1(i, "a" + i), 0));
    }
    one.add(DataChangeEvent.update(t1, r1(2, "a2"), r1(2, "b2"), 0));
    one.add(DataChangeEvent.delete(t1, r1(3, "a3"), 0));
    one.add(new AddColumnEvent(t1, List.of(Field.nullable("price", FieldType.DOUBLE))));
    one.add(DataChangeEvent.insert(t1, r1w(7, "a7", 7.5), 1));
    one.add(DataChangeEvent.update(t1, r1w(1, "a1", null), r1w(1, "c1", 1.5), 1));
    one.add(DataChangeEvent.delete(t1, r1w(4, "a4", null), 1));
    List<ChangeEvent> two = new ArrayList<>();
    two.add(new CreateTableEvent(t2, S2, List.of("id")));
    for (long i = 1; i <= 4; i++) {
      two.add(DataChangeEvent.insert(t2, r2(i, (int) i * 10), 0));
    }
    two.add(DataChangeEvent.update(t2, r2(1, 10), r2(1, 11), 0));
    two.add(DataChangeEvent.delete(t2, r2(2, 20), 0));
    List<ChangeEvent> three = new ArrayList<>();
    three.add(new CreateTableEvent(t3, S3, List.of("sku")));
    three.add(DataChangeEvent.insert(t3, r3("x", 5L), 0));
    three.add(DataChangeEvent.insert(t3, r3("y", 6L), 0));
    three.add(DataChangeEvent.update(t3, r3("x", 5L), r3("x", 4L), 0));
    three.add(DataChangeEvent.delete(t3, r3("y", 6L), 0));
    List<ChangeEvent> all = new ArrayList<>();
    for (int i = 0; i < Math.max(one.size(), Math.max(two.size(), three.size())); i++) {
      for (List<ChangeEvent> table : List.of(one, two, three)) {
        if (i < table.size()) {
          ChangeEvent e = table.get(i);
          if (keysOnData && e instanceof DataChangeEvent data) {
            e = data.withPrimaryKey(data.tableId().equals(t3) ? List.of("sku") : List.of("id"));
          }
          all.add(e);
        }
      }
    }
    events = List.copyOf(all);
  }

  static Row r1(long id, String name) {
    return Row.withSchema(S1).addValues(id, name).build();
  }

  static Row r1w(long id, String name, Double price) {
    return Row.withSchema(S1_WIDER).addValues(id, name, price).build();
  }

  static Row r2(long id, int qty) {
    return Row.withSchema(S2).addValues(id, qty).build();
  }

  static Row r3(String sku, long stock) {
    return Row.withSchema(S3).addValues(sku, stock).build();
  }

  /** The data changes of {@code table}, in order. */
  List<DataChangeEvent> changes(TableId table) {
    return events.stream()
        .filter(e -> e instanceof DataChangeEvent && e.tableId().equals(table))
        .map(e -> (DataChangeEvent) e)
        .collect(Collectors.toList());
  }

  /** The data changes of all tables, in order. */
  List<DataChangeEvent> changes() {
    return events.stream()
        .filter(e -> e instanceof DataChangeEvent)
        .map(e -> (DataChangeEvent) e)
        .collect(Collectors.toList());
  }

  /** An image as the JSON object the encoders write: its schema's columns, in order. */
  static String json(Row row) {
    if (row == null) {
      return "null";
    }
    ObjectNode node = JSON.createObjectNode();
    for (Field field : row.getSchema().getFields()) {
      node.set(field.getName(), JSON.valueToTree(row.getValue(field.getName())));
    }
    return node.toString();
  }

  /** The primary key value of a change, as text. */
  static String key(DataChangeEvent change) {
    Row image = change.after() != null ? change.after() : change.before();
    Object value = image.getValue(0);
    return String.valueOf(value);
  }

  /**
   * The changelog rows a reader of the table's messages gives, as {@code kind id name/qty ...} (the
   * read schema's columns, nulls included): an update is -U (before) then +U (after).
   */
  static List<String> changelog(List<DataChangeEvent> changes, List<String> columns) {
    List<String> out = new ArrayList<>();
    for (DataChangeEvent c : changes) {
      switch (c.op()) {
        case INSERT -> out.add(line("+I", c.after(), columns));
        case DELETE -> out.add(line("-D", c.before(), columns));
        default -> {
          out.add(line("-U", c.before(), columns));
          out.add(line("+U", c.after(), columns));
        }
      }
    }
    return out;
  }

  static String line(String kind, Row row, List<String> columns) {
    StringBuilder b = new StringBuilder(kind);
    for (String column : columns) {
      Object value = row.getSchema().hasField(column) ? row.getValue(column) : null;
      b.append(' ').append(value);
    }
    return b.toString();
  }

  static String line(String kind, Map<String, Object> values, List<String> columns) {
    StringBuilder b = new StringBuilder(kind);
    for (String column : columns) {
      b.append(' ').append(values.get(column));
    }
    return b.toString();
  }
}
