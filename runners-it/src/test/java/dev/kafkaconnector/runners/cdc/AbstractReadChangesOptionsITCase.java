package dev.kafkaconnector.runners.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.junit.jupiter.api.Test;

/**
 * Options of {@code readChanges()} end to end on each runner against the real broker: the {@code
 * infer-schema.*} options scoped to the key ({@code key.json.*}) or the value ({@code
 * value.json.*}), and {@code scan.emit.create-table-events.in-batch.enabled}.
 */
abstract class AbstractReadChangesOptionsITCase extends ChangeStreamITSupport {
  @Test
  void keyAndValueInferenceOptionsApplyToTheirSideOnly() {
    String topic = KAFKA.newTopicName("cdc-sides");
    KAFKA.createTopic(topic, 1);
    producer.send(
        topic, 0, null, "{\"id\":1,\"at\":\"2024-01-02\"}", "{\"n\":5,\"day\":\"2024-01-03\"}");
    producer.send(
        topic, 0, null, "{\"id\":2,\"at\":\"2024-01-04\"}", "{\"n\":6,\"day\":\"2024-01-05\"}");
    producer.flush();
    List<ChangeEvent> events =
        read(
            topic,
            "key.format",
            "json",
            "value.format",
            "json",
            "key.fields-prefix",
            "k_",
            "key.json.infer-schema.primitive-as-string",
            "true",
            "value.json.infer-schema.string-type-inference",
            "false");
    List<CreateTableEvent> creates =
        events.stream()
            .filter(e -> e instanceof CreateTableEvent)
            .map(e -> (CreateTableEvent) e)
            .toList();
    assertEquals(1, creates.size(), events.toString());
    Schema schema = creates.get(0).schema();
    // the key: every primitive as STRING; the value: numbers stay numbers, dates stay STRING
    assertEquals(TypeName.STRING, schema.getField("k_id").getType().getTypeName());
    assertEquals(TypeName.STRING, schema.getField("k_at").getType().getTypeName());
    assertEquals(TypeName.INT64, schema.getField("n").getType().getTypeName());
    assertEquals(TypeName.STRING, schema.getField("day").getType().getTypeName());
    assertEquals(List.of("k_id", "k_at"), creates.get(0).primaryKey(), "the key's members");
    Map<Object, org.apache.beam.sdk.values.Row> table = replay(rows(events), "k_id");
    assertEquals(Set.of("1", "2"), table.keySet());
    assertEquals(6L, table.get("2").getInt64("n"));
    assertEquals("2024-01-05", table.get("2").getString("day"));
  }

  /** Three tables in a canal-json topic, and a fourth only an initial DDL names. */
  private static String threeTablesTopic() {
    return topic(
        "cdc-batch",
        1,
        List.of(
            canal("INSERT", "orders", "{\"id\":1,\"qty\":2}", null),
            canal("INSERT", "users", "{\"id\":1,\"name\":\"u\"}", null),
            canal("INSERT", "items", "{\"id\":1,\"sku\":\"s\"}", null)));
  }

  private static final String DDL = "CREATE TABLE inv.later (id BIGINT, note STRING);";

  @Test
  void createTableEventsOfTheTablesKnownAtStartupComeInBatch() {
    String topic = threeTablesTopic();
    // Nothing is read (from the end to the end): the only events are the batch's.
    List<ChangeEvent> events =
        read(
            topic,
            "value.format",
            "canal-json",
            "scan.startup.mode",
            "latest-offset",
            "scan.value.initial-schemas.ddls",
            DDL,
            "scan.emit.create-table-events.in-batch.enabled",
            "true");
    assertTrue(events.stream().allMatch(e -> e instanceof CreateTableEvent), events.toString());
    Map<TableId, CreateTableEvent> creates =
        events.stream()
            .map(e -> (CreateTableEvent) e)
            .collect(Collectors.toMap(ChangeEvent::tableId, e -> e));
    assertEquals(4, events.size(), "one create-table per table: " + events);
    assertEquals(
        Set.of(
            TableId.of("inv", "orders"),
            TableId.of("inv", "users"),
            TableId.of("inv", "items"),
            TableId.of("inv", "later")),
        creates.keySet());
    CreateTableEvent orders = creates.get(TableId.of("inv", "orders"));
    assertEquals(List.of("id"), orders.primaryKey(), "the key the pre-fetched messages name");
    assertTrue(orders.schema().hasField("qty"), orders.toString());
    assertEquals(
        List.of("id", "note"), creates.get(TableId.of("inv", "later")).schema().getFieldNames());
  }

  @Test
  void withoutTheBatchATableGetsItsCreateTableWithItsFirstRecord() {
    String topic = threeTablesTopic();
    List<ChangeEvent> nothingRead =
        read(
            topic,
            "value.format",
            "canal-json",
            "scan.startup.mode",
            "latest-offset",
            "scan.value.initial-schemas.ddls",
            DDL);
    assertEquals(List.of(), nothingRead, "the default: no batch");
    // Read from the start with the batch: still one create-table per table, before its rows.
    List<ChangeEvent> events =
        read(
            topic,
            "value.format",
            "canal-json",
            "scan.emit.create-table-events.in-batch.enabled",
            "true");
    Map<TableId, List<ChangeEvent>> tables = byTable(events);
    assertEquals(3, tables.size(), tables.keySet().toString());
    for (List<ChangeEvent> table : tables.values()) {
      assertEquals(1, schemaEvents(table).size(), table.toString());
      assertTrue(table.get(0) instanceof CreateTableEvent, table.toString());
      List<DataChangeEvent> rows = rows(table);
      assertEquals(1, rows.size(), table.toString());
    }
  }
}
