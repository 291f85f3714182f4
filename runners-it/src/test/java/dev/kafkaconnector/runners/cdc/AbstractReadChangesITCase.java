package dev.kafkaconnector.runners.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.CdcSamples;
import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.AlterColumnTypeEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.SchemaChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * {@code readChanges()} end to end on each runner against the real broker: bounded reads of topics
 * holding several tables in each change format, whose messages add a column and widen a type
 * mid-stream; the events are collected in this JVM and checked per table (schema events, the schema
 * every row follows, the table's final state).
 */
abstract class AbstractReadChangesITCase extends ChangeStreamITSupport {
  @Test
  void canalTopicOfThreeTablesEmitsSchemaChangesAndRowsThatFollowThem() {
    String topic = topic("cdc-canal", 1, canalThreeTables());
    Map<TableId, List<ChangeEvent>> out =
        byTable(read(topic, "value.format", "canal-json", "scan.max.pre.fetch.records", "0"));
    assertEquals(3, out.size(), out.keySet().toString());
    List<ChangeEvent> orders = out.get(TableId.of("inv", "orders"));
    List<SchemaChangeEvent> changes = schemaEvents(orders);
    assertEquals(3, changes.size(), changes.toString());
    CreateTableEvent create = (CreateTableEvent) changes.get(0);
    assertEquals(List.of("id"), create.primaryKey());
    assertEquals(FieldType.INT64.withNullable(true), create.schema().getField("qty").getType());
    assertTrue(
        changes.stream()
            .anyMatch(
                e -> e instanceof AddColumnEvent a && a.columns().get(0).getName().equals("note")),
        changes.toString());
    assertTrue(
        changes.stream()
            .anyMatch(
                e ->
                    e instanceof AlterColumnTypeEvent a
                        && a.newTypes().get("qty").equals(FieldType.DOUBLE.withNullable(true))),
        changes.toString());
    assertSchemaEventsComeBeforeTheRowsThatNeedThem(orders);
    Map<Object, Row> final_ = replay(rows(orders), "id");
    assertEquals(5, final_.size());
    assertEquals(2.5, final_.get(2L).getDouble("qty"));
    assertEquals("half", final_.get(2L).getString("note"));
    assertEquals(
        3, replay(rows(out.get(TableId.of("inv", "users"))), "id").size(), "users 1..4, 3 deleted");
    assertEquals(
        "s1b", replay(rows(out.get(TableId.of("inv", "items"))), "id").get(1L).getString("sku"));
    for (TableId other : List.of(TableId.of("inv", "users"), TableId.of("inv", "items"))) {
      assertEquals(1, schemaEvents(out.get(other)).size(), other + ": only its create-table");
    }
  }

  /** Every row's schema version is at most the number of schema changes sent before it. */
  void assertSchemaEventsComeBeforeTheRowsThatNeedThem(List<ChangeEvent> events) {
    long changesSoFar = -1;
    for (ChangeEvent e : events) {
      if (e instanceof SchemaChangeEvent) {
        changesSoFar++;
      } else {
        DataChangeEvent row = (DataChangeEvent) e;
        assertTrue(changesSoFar >= 0, "a row before its table's create-table: " + events);
        assertTrue(
            row.schemaVersion() <= changesSoFar, "row " + row + " before its schema: " + events);
      }
    }
  }

  @Test
  void preFetchedRecordsSeedEachTablesSchema() {
    String topic = topic("cdc-seed", 1, canalThreeTables());
    List<ChangeEvent> orders =
        byTable(read(topic, "value.format", "canal-json")).get(TableId.of("inv", "orders"));
    List<SchemaChangeEvent> changes = schemaEvents(orders);
    assertEquals(1, changes.size(), "the pre-fetched records gave the whole schema: " + changes);
    Schema schema = ((CreateTableEvent) changes.get(0)).schema();
    assertEquals(FieldType.DOUBLE.withNullable(true), schema.getField("qty").getType());
    assertTrue(schema.hasField("note"));
    assertEquals(6, rows(orders).size());
  }

  @Test
  void staticStrategyEmitsNoSchemaChangeAndDropsUnknownMembers() {
    List<String> values =
        List.of(
            "{\"db\":\"app\",\"tbl\":\"a\",\"id\":1}",
            "{\"db\":\"app\",\"tbl\":\"b\",\"id\":1,\"v\":\"x\"}",
            "{\"db\":\"app\",\"tbl\":\"a\",\"id\":2,\"extra\":\"dropped\"}");
    String topic = topic("cdc-json", 1, values);
    Map<TableId, List<ChangeEvent>> stat =
        byTable(
            read(
                topic,
                "value.format",
                "json",
                "json.decode.parser-table-id.fields",
                "db,tbl",
                "schema.inference.strategy",
                "static",
                "scan.max.pre.fetch.records",
                "0"));
    assertEquals(
        List.of(TableId.of("app", "a"), TableId.of("app", "b")).stream()
            .sorted(java.util.Comparator.comparing(TableId::toString))
            .toList(),
        stat.keySet().stream().sorted(java.util.Comparator.comparing(TableId::toString)).toList());
    List<ChangeEvent> a = stat.get(TableId.of("app", "a"));
    assertEquals(1, schemaEvents(a).size(), a.toString());
    rows(a)
        .forEach(
            r ->
                assertEquals(
                    List.of("db", "id", "tbl"),
                    r.schema().getFieldNames().stream().sorted().toList()));

    List<ChangeEvent> cont =
        byTable(
                read(
                    topic,
                    "value.format",
                    "json",
                    "value.json.decode.parser-table-id.fields",
                    "db,tbl",
                    "scan.max.pre.fetch.records",
                    "0"))
            .get(TableId.of("app", "a"));
    assertTrue(
        schemaEvents(cont).stream().anyMatch(e -> e instanceof AddColumnEvent), cont.toString());
  }

  @Test
  void debeziumMessagesWithTheirSchema() {
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"type\":\"struct\",\"field\":\"before\",\"optional\":true,\"fields\":[]},"
            + "{\"type\":\"struct\",\"field\":\"after\",\"optional\":true,\"fields\":["
            + "{\"type\":\"int32\",\"field\":\"id\"},{\"type\":\"string\",\"field\":\"name\"},"
            + "{\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data.Decimal\",\"parameters\":"
            + "{\"scale\":\"2\",\"connect.decimal.precision\":\"8\"},\"field\":\"price\"}]}]}";
    List<String> values = new ArrayList<>();
    values.add(
        "{\"schema\":"
            + schema
            + ",\"payload\":{\"before\":null,\"after\":{\"id\":1,\"name\":\"a\",\"price\":\"JxA=\"},"
            + "\"source\":{\"db\":\"shop\",\"table\":\"goods\"},\"op\":\"r\"}}");
    values.add(
        "{\"schema\":"
            + schema
            + ",\"payload\":{\"before\":{\"id\":1,\"name\":\"a\",\"price\":\"JxA=\"},\"after\":null,"
            + "\"source\":{\"db\":\"shop\",\"table\":\"goods\"},\"op\":\"d\"}}");
    String topic = topic("cdc-dbz", 1, values);
    List<ChangeEvent> events = read(topic, "debezium-json.schema-include", "true");
    CreateTableEvent create = (CreateTableEvent) schemaEvents(events).get(0);
    assertEquals(TableId.of("shop", "goods"), create.tableId());
    assertEquals(FieldType.INT32.withNullable(true), create.schema().getField("id").getType());
    List<DataChangeEvent> rows = rows(events);
    assertEquals(new java.math.BigDecimal("100.00"), rows.get(0).after().getDecimal("price"));
    assertEquals(DataChangeEvent.Op.DELETE, rows.get(1).op());
  }

  @Test
  void initialDdlsAndFixedTypesWinOverInference() {
    String topic =
        topic(
            "cdc-ddl",
            1,
            List.of(
                "{\"db\":\"db1\",\"tbl\":\"t1\",\"id\":1,\"name\":\"n\",\"amount\":1,\"more\":true}"));
    List<ChangeEvent> events =
        read(
            topic,
            "value.format",
            "json",
            "json.decode.parser-table-id.fields",
            "db,tbl",
            "value.json.infer-schema.fixed-types",
            "amount DECIMAL(18, 2)",
            "scan.value.initial-schemas.ddls",
            "CREATE TABLE db1.t1 (id INT, name VARCHAR(10)); CREATE TABLE db1.t2 (id BIGINT);");
    Schema schema = rows(events).get(0).schema();
    assertEquals(
        Schema.TypeName.INT32, schema.getField("id").getType().getTypeName(), schema.toString());
    assertEquals(
        new java.math.BigDecimal("1.00"),
        rows(events).get(0).after().getDecimal("amount").setScale(2));
    assertEquals(Schema.TypeName.BOOLEAN, schema.getField("more").getType().getTypeName());
  }

  @Test
  void payloadConverterAndTombstonesAsDeletes() {
    String topic = KAFKA.newTopicName("cdc-conv");
    KAFKA.createTopic(topic, 1);
    producer.send(topic, 0, null, "{\"id\":1}", "{\"row\":{\"id\":1,\"v\":\"one\"}}");
    producer.send(topic, 0, null, "{\"id\":2}", "{\"row\":{\"id\":2,\"v\":\"two\"}}");
    producer.send(topic, 0, null, "{\"id\":3}", "{\"skip\":true}");
    producer.send(topic, 0, null, "{\"id\":1}", null);
    producer.flush();
    List<ChangeEvent> events =
        read(
            topic,
            "value.format",
            "json",
            "key.format",
            "json",
            "key.fields-prefix",
            "k_",
            "value.json.decode.converter-class",
            UnwrapRowConverter.class.getName(),
            "json.decode.empty-value-as-delete.enabled",
            "true");
    List<DataChangeEvent> rows = rows(events);
    assertEquals(3, rows.size(), events.toString());
    Map<Object, Row> table = replay(rows, "k_id");
    assertEquals(List.of(2L), new ArrayList<>(table.keySet()));
    assertEquals("two", table.get(2L).getString("v"));
    assertEquals(List.of("k_id"), ((CreateTableEvent) schemaEvents(events).get(0)).primaryKey());
  }

  @Test
  void replayingFlinksSamplesEndsInTheirFinalTables() throws Exception {
    Map<String, String[]> formats = new LinkedHashMap<>();
    formats.put("debezium-json", new String[] {"debezium-data-schema-exclude.txt"});
    formats.put(
        "canal-json",
        new String[] {"canal-data.txt", "canal-json.infer-schema.strategy", "SQL_TYPE"});
    formats.put("maxwell-json", new String[] {"maxwell-data.txt"});
    for (Map.Entry<String, String[]> f : formats.entrySet()) {
      String[] how = f.getValue();
      String topic = topic("cdc-sample", 1, CdcSamples.lines(how[0]));
      List<String> options = new ArrayList<>(List.of("value.format", f.getKey()));
      for (int i = 1; i < how.length; i++) {
        options.add(how[i]);
      }
      Map<TableId, List<ChangeEvent>> out = byTable(read(topic, options.toArray(new String[0])));
      assertEquals(
          1, out.size(), f.getKey() + ": one table (the DDL message is skipped): " + out.keySet());
      Map<Object, Row> table = replay(rows(out.values().iterator().next()), "id");
      Map<Integer, String> got = new TreeMap<>();
      table.forEach(
          (id, row) ->
              got.put(
                  ((Number) id).intValue(),
                  row.getString("name") + " " + ((Number) row.getValue("weight")).floatValue()));
      assertEquals(
          new TreeMap<>(
              f.getKey().equals("debezium-json")
                  ? CdcSamples.DEBEZIUM_FINAL
                  : CdcSamples.CANAL_MAXWELL_FINAL),
          got,
          f.getKey());
    }
  }

  @Test
  void badRecordsFollowTheIngestionPolicy() {
    String topic =
        topic("cdc-bad", 1, List.of("{\"id\":1}", "not json", "{\"id\":2}", "[1,2]", "{\"id\":3}"));
    List<ChangeEvent> tolerated =
        read(
            topic,
            "value.format",
            "json",
            "ingestion.ignore-errors",
            "true",
            "ingestion.error-tolerance.max-count",
            "2");
    assertEquals(3, rows(tolerated).size());
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () ->
                read(
                    topic,
                    "value.format",
                    "json",
                    "ingestion.ignore-errors",
                    "true",
                    "ingestion.error-tolerance.max-count",
                    "1"));
    assertTrue(messages(e).contains("ingestion.error-tolerance.max-count"), messages(e));
    RuntimeException failFast =
        assertThrows(RuntimeException.class, () -> read(topic, "value.format", "json"));
    assertTrue(messages(failFast).contains("offset 1"), messages(failFast));
  }
}
