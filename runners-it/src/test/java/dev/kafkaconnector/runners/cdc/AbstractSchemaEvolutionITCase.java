package dev.kafkaconnector.runners.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.cdc.SchemaChangeBehavior;
import dev.kafkaconnector.io.cdc.SchemaEvolution;
import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * The schema-evolution step on each runner: three tables whose rows come from three "readers" that
 * inferred different schemas (one saw integer amounts, one saw fractions, one saw an extra column
 * and sent an add-column event), shuffled at random so that events reach the keyed step in any
 * order and cross the runner's serialization boundary one by one (on Flink between subtasks), with
 * {@link ChangeEventCoder} carrying each row's schema.
 */
abstract class AbstractSchemaEvolutionITCase {
  static final List<TableId> TABLES =
      List.of(TableId.of("db", "orders"), TableId.of("db", "users"), TableId.of("shop.items"));
  static final int ROWS_PER_READER = 20;

  static final Schema INTS = Schema.builder().addInt64Field("id").addInt64Field("amount").build();
  static final Schema DOUBLES =
      Schema.builder().addInt64Field("id").addDoubleField("amount").build();
  static final Schema WITH_NOTE =
      Schema.builder()
          .addInt64Field("id")
          .addInt64Field("amount")
          .addNullableField("note", FieldType.STRING)
          .build();

  private static final Map<String, Queue<ChangeEvent>> COLLECTED = new ConcurrentHashMap<>();

  /** Options of a job that runs to its end and whose run() blocks. */
  protected abstract PipelineOptions options();

  /** The events of three readers for every table; ids are reader * 1000 + i. */
  static List<ChangeEvent> readerEvents(boolean fractions) {
    List<ChangeEvent> events = new ArrayList<>();
    for (TableId table : TABLES) {
      Schema[] schemas = {INTS, fractions ? DOUBLES : INTS, WITH_NOTE};
      for (int reader = 0; reader < 3; reader++) {
        Schema schema = schemas[reader];
        if (reader == 2) {
          events.add(new CreateTableEvent(table, INTS));
          events.add(new AddColumnEvent(table, List.of(Field.nullable("note", FieldType.STRING))));
        } else {
          events.add(new CreateTableEvent(table, schema));
        }
        for (int i = 0; i < ROWS_PER_READER; i++) {
          long id = reader * 1000L + i;
          Row row =
              schema == DOUBLES
                  ? Row.withSchema(schema).addValues(id, i + 0.5).build()
                  : schema == WITH_NOTE
                      ? Row.withSchema(schema).addValues(id, (long) i, "n" + i).build()
                      : Row.withSchema(schema).addValues(id, (long) i).build();
          events.add(DataChangeEvent.insert(table, row, 0));
        }
      }
    }
    return events;
  }

  List<ChangeEvent> run(List<ChangeEvent> input, SchemaChangeBehavior behavior) {
    return run(input, SchemaEvolution.of(behavior));
  }

  List<ChangeEvent> run(List<ChangeEvent> input, SchemaEvolution step) {
    String id = UUID.randomUUID().toString();
    COLLECTED.put(id, new ConcurrentLinkedQueue<>());
    Pipeline pipeline = Pipeline.create(options());
    pipeline
        .apply(Create.of(input).withCoder(ChangeEventCoder.of()))
        .apply("AnyOrder", Reshuffle.viaRandomKey())
        .apply(step)
        .apply("Collect", ParDo.of(new CollectFn(id)));
    pipeline.run().waitUntilFinish();
    return new ArrayList<>(COLLECTED.remove(id));
  }

  static Map<TableId, List<ChangeEvent>> byTable(List<ChangeEvent> events) {
    return events.stream().collect(Collectors.groupingBy(ChangeEvent::tableId));
  }

  @Test
  void lenientMergesEveryReadersSchemaAndConvertsEveryRow() {
    Map<TableId, List<ChangeEvent>> out =
        byTable(run(readerEvents(true), SchemaChangeBehavior.LENIENT));
    assertEquals(TABLES.size(), out.size());
    for (TableId table : TABLES) {
      List<ChangeEvent> events = out.get(table);
      assertEquals(
          1,
          events.stream().filter(e -> e instanceof CreateTableEvent).count(),
          table + ": one create-table");
      List<DataChangeEvent> rows =
          events.stream()
              .filter(e -> e instanceof DataChangeEvent)
              .map(e -> (DataChangeEvent) e)
              .toList();
      assertEquals(3 * ROWS_PER_READER, rows.size(), table + ": every row once");
      assertEquals(
          3 * ROWS_PER_READER, rows.stream().map(r -> r.after().getInt64("id")).distinct().count());
      long changes = events.stream().filter(e -> !(e instanceof DataChangeEvent)).count() - 1;
      long lastVersion =
          rows.stream().mapToLong(DataChangeEvent::schemaVersion).max().orElseThrow();
      assertTrue(lastVersion <= changes, table + ": versions count the changes sent");
      // One schema per version, and the rows of the last version have the merged schema.
      Map<Long, Schema> perVersion = new HashMap<>();
      for (DataChangeEvent r : rows) {
        Schema known = perVersion.putIfAbsent(r.schemaVersion(), r.schema());
        assertTrue(known == null || known.equals(r.schema()), table + ": one schema per version");
      }
      Map<String, FieldType> last = new TreeMap<>();
      perVersion.get(lastVersion).getFields().forEach(f -> last.put(f.getName(), f.getType()));
      assertEquals(
          Map.of(
              "amount",
              FieldType.DOUBLE,
              "id",
              FieldType.INT64,
              "note",
              FieldType.STRING.withNullable(true)),
          last,
          table + ": the merged schema");
      for (DataChangeEvent r : rows) {
        long rowId = r.after().getInt64("id");
        double expected = rowId % 1000 + (rowId / 1000 == 1 ? 0.5 : 0);
        Object amount = r.after().getValue("amount");
        assertEquals(expected, ((Number) amount).doubleValue(), table + " row " + rowId);
      }
    }
  }

  @Test
  void ignoreSendsOnlyTheFirstSchemaAndProjectsRows() {
    Map<TableId, List<ChangeEvent>> out =
        byTable(run(readerEvents(false), SchemaChangeBehavior.IGNORE));
    for (TableId table : TABLES) {
      List<ChangeEvent> events = out.get(table);
      List<ChangeEvent> schemaEvents =
          events.stream().filter(e -> !(e instanceof DataChangeEvent)).toList();
      assertEquals(1, schemaEvents.size(), table + ": only the create-table " + schemaEvents);
      Schema first = ((CreateTableEvent) schemaEvents.get(0)).schema();
      List<DataChangeEvent> rows =
          events.stream()
              .filter(e -> e instanceof DataChangeEvent)
              .map(e -> (DataChangeEvent) e)
              .toList();
      assertEquals(3 * ROWS_PER_READER, rows.size());
      for (DataChangeEvent r : rows) {
        assertEquals(first, r.schema(), table + ": rows follow the first schema");
        assertEquals(0, r.schemaVersion());
      }
    }
  }

  @Test
  void initialSchemasWinOverWhatReadersInferred() {
    TableId orders = TABLES.get(0);
    Schema declared =
        Schema.builder()
            .addNullableField("id", FieldType.INT64)
            .addNullableField("amount", FieldType.DOUBLE)
            .addNullableField("note", FieldType.STRING)
            .addNullableField("region", FieldType.STRING)
            .build();
    List<ChangeEvent> out =
        run(
            readerEvents(true),
            SchemaEvolution.of(SchemaChangeBehavior.IGNORE)
                .withInitialSchemas(Map.of(orders, declared)));
    List<ChangeEvent> events = byTable(out).get(orders);
    List<ChangeEvent> schemaEvents =
        events.stream().filter(e -> !(e instanceof DataChangeEvent)).toList();
    assertEquals(List.of(new CreateTableEvent(orders, declared)), schemaEvents);
    List<DataChangeEvent> rows =
        events.stream()
            .filter(e -> e instanceof DataChangeEvent)
            .map(e -> (DataChangeEvent) e)
            .toList();
    assertEquals(3 * ROWS_PER_READER, rows.size(), "every reader's rows fit the declared schema");
    for (DataChangeEvent r : rows) {
      assertEquals(declared, r.schema());
      assertTrue(r.after().getValue("amount") instanceof Double, "amounts converted to DOUBLE");
    }
  }

  @Test
  void exceptionFailsTheJobNamingTheTable() {
    RuntimeException e =
        assertThrows(
            RuntimeException.class, () -> run(readerEvents(true), SchemaChangeBehavior.EXCEPTION));
    StringBuilder messages = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    assertTrue(
        messages.toString().contains("'schema.change.behavior' is EXCEPTION"), messages.toString());
  }

  private static final class CollectFn extends DoFn<ChangeEvent, Void> {
    private final String id;

    CollectFn(String id) {
      this.id = id;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event) {
      COLLECTED.get(id).add(event);
    }
  }
}
