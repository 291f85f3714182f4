package dev.kafkaconnector.io.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.AlterColumnTypeEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.DropColumnEvent;
import dev.kafkaconnector.schema.change.RenameColumnEvent;
import dev.kafkaconnector.schema.change.RowConverter;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class TableEvolutionTest {
  static final TableId T = TableId.of("db", "products");

  /** Counts what the step reports besides its output. */
  static final class Counts implements TableEvolution.Listener {
    int redundant;
    int skipped;
    int dropped;

    @Override
    public void redundant() {
      redundant++;
    }

    @Override
    public void skipped(TableId table, String reason) {
      skipped++;
    }

    @Override
    public void dropped(DataChangeEvent event, String reason) {
      dropped++;
    }
  }

  final Counts counts = new Counts();

  TableEvolution step(SchemaChangeBehavior behavior) {
    return new TableEvolution(
        behavior,
        counts,
        (rows, table) ->
            behavior == SchemaChangeBehavior.IGNORE
                ? RowConverter.projecting(rows, table)
                : RowConverter.between(rows, table));
  }

  /** Runs events through a step, returning everything emitted; the last state in {@code last}. */
  static List<ChangeEvent> run(TableEvolution step, List<ChangeEvent> events, TableState[] last) {
    TableState state = null;
    List<ChangeEvent> out = new ArrayList<>();
    for (ChangeEvent e : events) {
      TableEvolution.Step s = step.apply(state, e);
      state = s.state();
      out.addAll(s.output());
    }
    last[0] = state;
    return out;
  }

  static Schema schema(Object... nameAndType) {
    Schema.Builder b = Schema.builder();
    for (int i = 0; i < nameAndType.length; i += 2) {
      b.addNullableField((String) nameAndType[i], (FieldType) nameAndType[i + 1]);
    }
    return b.build();
  }

  static DataChangeEvent insert(Schema s, Object... values) {
    return DataChangeEvent.insert(T, Row.withSchema(s).addValues(values).build(), 0);
  }

  @Test
  void dataChangesCarryTheTablesPrimaryKey() {
    Schema ints = schema("id", FieldType.INT64, "weight", FieldType.INT64);
    Schema withName =
        schema("id", FieldType.INT64, "weight", FieldType.INT64, "name", FieldType.STRING);
    TableState[] last = new TableState[1];
    List<ChangeEvent> out =
        run(
            step(SchemaChangeBehavior.LENIENT),
            List.of(
                new CreateTableEvent(T, ints, List.of("id")),
                insert(ints, 1L, 3L),
                insert(withName, 2L, 4L, "x")),
            last);
    assertEquals(List.of("id"), ((DataChangeEvent) out.get(1)).primaryKey());
    assertInstanceOf(AddColumnEvent.class, out.get(2));
    assertEquals(List.of("id"), ((DataChangeEvent) out.get(3)).primaryKey());
    assertEquals(List.of("id"), last[0].primaryKey());
  }

  @Test
  void aTableCreatedWithoutPrimaryKeyLearnsItFromALaterCreateTable() {
    Schema ints = schema("id", FieldType.INT64, "weight", FieldType.INT64);
    TableState[] last = new TableState[1];
    List<ChangeEvent> out =
        run(
            step(SchemaChangeBehavior.LENIENT),
            List.of(
                insert(ints, 1L, 3L),
                new CreateTableEvent(T, ints, List.of("id")),
                insert(ints, 2L, 4L)),
            last);
    assertEquals(List.of(), ((DataChangeEvent) out.get(1)).primaryKey());
    assertEquals(List.of("id"), ((DataChangeEvent) out.get(2)).primaryKey());
    assertEquals(3, out.size(), "the key is no schema change: nothing sent for it");
    assertEquals(List.of("id"), last[0].primaryKey());
    assertEquals(0, last[0].version());
  }

  @Test
  void aPrimaryKeyNamedByADataChangeIsKept() {
    Schema ints = schema("id", FieldType.INT64, "weight", FieldType.INT64);
    TableState[] last = new TableState[1];
    List<ChangeEvent> out =
        run(
            step(SchemaChangeBehavior.LENIENT),
            List.of(insert(ints, 1L, 3L).withPrimaryKey(List.of("id")), insert(ints, 2L, 4L)),
            last);
    assertEquals(List.of("id"), ((CreateTableEvent) out.get(0)).primaryKey());
    assertEquals(List.of("id"), ((DataChangeEvent) out.get(2)).primaryKey());
  }

  @Test
  void widensAndConvertsRowsAsTheyArrive() {
    Schema ints = schema("id", FieldType.INT64, "weight", FieldType.INT64);
    Schema doubles = schema("id", FieldType.INT64, "weight", FieldType.DOUBLE);
    Schema withName = schema("id", FieldType.INT64, "name", FieldType.STRING);
    TableState[] last = new TableState[1];
    List<ChangeEvent> out =
        run(
            step(SchemaChangeBehavior.LENIENT),
            List.of(
                insert(ints, 1L, 3L),
                insert(doubles, 2L, 5.5),
                insert(withName, 3L, "hammer"),
                insert(ints, 4L, 7L)),
            last);
    assertInstanceOf(CreateTableEvent.class, out.get(0));
    assertEquals(ints, ((CreateTableEvent) out.get(0)).schema());
    assertEquals(3L, ((DataChangeEvent) out.get(1)).after().getInt64("weight"));
    AlterColumnTypeEvent alter = (AlterColumnTypeEvent) out.get(2);
    assertEquals(Map.of("weight", FieldType.DOUBLE.withNullable(true)), alter.newTypes());
    DataChangeEvent second = (DataChangeEvent) out.get(3);
    assertEquals(5.5, second.after().getDouble("weight"));
    assertEquals(1, second.schemaVersion());
    AddColumnEvent add = (AddColumnEvent) out.get(4);
    assertEquals(List.of(Field.nullable("name", FieldType.STRING)), add.columns());
    DataChangeEvent third = (DataChangeEvent) out.get(5);
    assertEquals(java.util.Arrays.asList(3L, null, "hammer"), third.after().getValues());
    DataChangeEvent fourth = (DataChangeEvent) out.get(6);
    assertEquals(java.util.Arrays.asList(4L, 7.0, null), fourth.after().getValues());
    assertEquals(2, fourth.schemaVersion());
    assertEquals(7, out.size());
    assertEquals(0, counts.redundant, "rows of a held schema are no proposed change");
  }

  @Test
  void readersMeetingInAnyOrderGiveOneSchema() {
    List<ChangeEvent> events =
        List.of(
            new CreateTableEvent(T, schema("id", FieldType.INT64)),
            insert(schema("id", FieldType.INT64, "name", FieldType.STRING), 1L, "a"),
            insert(schema("id", FieldType.DOUBLE), 2.5),
            new AddColumnEvent(T, List.of(Field.nullable("weight", FieldType.INT64))),
            new AlterColumnTypeEvent(T, Map.of("weight", FieldType.DOUBLE.withNullable(true))));
    Map<String, FieldType> expected = null;
    for (List<ChangeEvent> order : permutations(events)) {
      TableState[] last = new TableState[1];
      List<ChangeEvent> out = run(step(SchemaChangeBehavior.LENIENT), order, last);
      Map<String, FieldType> columns = new TreeMap<>();
      last[0].schema().getFields().forEach(f -> columns.put(f.getName(), f.getType()));
      if (expected == null) {
        expected = columns;
      }
      assertEquals(expected, columns, "order " + order);
      long schemaChanges = out.stream().filter(e -> !(e instanceof DataChangeEvent)).count();
      assertEquals(schemaChanges - 1, last[0].version(), "one version per change after the create");
    }
    assertEquals(FieldType.DOUBLE.withNullable(true), expected.get("id"));
    assertEquals(FieldType.DOUBLE.withNullable(true), expected.get("weight"));
    assertEquals(FieldType.STRING.withNullable(true), expected.get("name"));
  }

  /**
   * A column change that arrives before any whole schema (another reader's create-table overtaken
   * by this reader's add-column) does not create the table with only that column, which would make
   * the columns of the create-table nullable: NOT NULL columns stay NOT NULL in every order.
   */
  @Test
  void columnChangesBeforeTheCreateKeepNotNullColumnsInEveryOrder() {
    Schema ints = Schema.builder().addInt64Field("id").addInt64Field("amount").build();
    List<ChangeEvent> events =
        List.of(
            new CreateTableEvent(T, ints),
            new AddColumnEvent(T, List.of(Field.nullable("note", FieldType.STRING))),
            new AlterColumnTypeEvent(T, Map.of("amount", FieldType.DOUBLE)),
            insert(ints, 1L, 2L));
    for (List<ChangeEvent> order : permutations(events)) {
      TableState[] last = new TableState[1];
      List<ChangeEvent> out = run(step(SchemaChangeBehavior.LENIENT), order, last);
      Map<String, FieldType> columns = new TreeMap<>();
      last[0].schema().getFields().forEach(f -> columns.put(f.getName(), f.getType()));
      assertEquals(
          Map.of(
              "id",
              FieldType.INT64,
              "amount",
              FieldType.DOUBLE,
              "note",
              FieldType.STRING.withNullable(true)),
          columns,
          "order " + order);
      assertEquals(
          1, out.stream().filter(e -> e instanceof CreateTableEvent).count(), "order " + order);
      assertInstanceOf(CreateTableEvent.class, out.get(0), "order " + order);
    }
  }

  @Test
  void exceptionFailsOnAChangeNamingTheTableAndOption() {
    Schema ints = schema("id", FieldType.INT64);
    TableEvolution step = step(SchemaChangeBehavior.EXCEPTION);
    TableState state = step.apply(null, new CreateTableEvent(T, ints)).state();
    assertEquals(0, step.apply(state, new CreateTableEvent(T, ints)).output().size());
    assertEquals(1, counts.redundant, "a second reader's create-table is redundant");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> step.apply(state, insert(schema("id", FieldType.DOUBLE), 1.5)));
    assertTrue(
        e.getMessage().contains("db.products") && e.getMessage().contains("schema.change.behavior"),
        e.getMessage());
  }

  @Test
  void ignoreKeepsTheFirstSchemaAndDropsRowsThatDoNotFit() {
    Schema ints = schema("id", FieldType.INT64);
    TableState[] last = new TableState[1];
    List<ChangeEvent> out =
        run(
            step(SchemaChangeBehavior.IGNORE),
            List.of(
                insert(ints, 1L),
                insert(schema("id", FieldType.INT64, "name", FieldType.STRING), 2L, "x"),
                insert(schema("id", FieldType.DOUBLE), 2.5)),
            last);
    assertEquals(3, out.size());
    assertInstanceOf(CreateTableEvent.class, out.get(0));
    assertEquals(List.of(2L), ((DataChangeEvent) out.get(2)).after().getValues());
    assertEquals(ints, last[0].schema());
    assertEquals(1, counts.dropped);
    assertEquals(2, counts.skipped);
  }

  @Test
  void lenientKeepsDroppedAndRenamedColumnsNullable() {
    Schema base =
        Schema.builder().addInt64Field("id").addStringField("name").addStringField("note").build();
    TableEvolution step = step(SchemaChangeBehavior.LENIENT);
    TableState state = step.apply(null, new CreateTableEvent(T, base)).state();
    TableEvolution.Step dropped = step.apply(state, new DropColumnEvent(T, List.of("note")));
    assertEquals(
        List.of(new AlterColumnTypeEvent(T, Map.of("note", FieldType.STRING.withNullable(true)))),
        dropped.output());
    TableEvolution.Step renamed =
        step.apply(dropped.state(), new RenameColumnEvent(T, Map.of("name", "title")));
    assertEquals(List.of("id", "name", "note", "title"), renamed.state().schema().getFieldNames());
    assertEquals(2, renamed.output().size());
  }

  @Test
  void evolveAppliesDropsAndFailsOnOnesThatDoNotFit() {
    Schema base = Schema.builder().addInt64Field("id").addStringField("note").build();
    TableEvolution evolve = step(SchemaChangeBehavior.EVOLVE);
    TableState state = evolve.apply(null, new CreateTableEvent(T, base)).state();
    DropColumnEvent drop = new DropColumnEvent(T, List.of("note"));
    TableEvolution.Step dropped = evolve.apply(state, drop);
    assertEquals(List.of(drop), dropped.output());
    assertEquals(List.of("id"), dropped.state().schema().getFieldNames());
    DropColumnEvent unknown = new DropColumnEvent(T, List.of("nope"));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> evolve.apply(state, unknown));
    assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
    TableEvolution.Step tolerated = step(SchemaChangeBehavior.TRY_EVOLVE).apply(state, unknown);
    assertEquals(List.of(), tolerated.output());
    assertEquals(state, tolerated.state());
    assertEquals(1, counts.skipped);
  }

  @Test
  void diffListsAddedColumnsThenAlteredTypes() {
    Schema from = schema("id", FieldType.INT64);
    Schema to = schema("id", FieldType.DOUBLE, "name", FieldType.STRING);
    assertEquals(
        List.of(
            new AddColumnEvent(T, List.of(Field.nullable("name", FieldType.STRING))),
            new AlterColumnTypeEvent(T, Map.of("id", FieldType.DOUBLE.withNullable(true)))),
        TableEvolution.diff(T, from, to));
  }

  static <T> List<List<T>> permutations(List<T> items) {
    if (items.isEmpty()) {
      return List.of(List.of());
    }
    List<List<T>> out = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      List<T> rest = new ArrayList<>(items);
      T head = rest.remove(i);
      for (List<T> tail : permutations(rest)) {
        List<T> p = new ArrayList<>();
        p.add(head);
        p.addAll(tail);
        out.add(p);
      }
    }
    out.sort(Comparator.comparing(Object::toString));
    return out;
  }
}
