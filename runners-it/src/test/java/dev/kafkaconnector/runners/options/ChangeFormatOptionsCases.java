package dev.kafkaconnector.runners.options;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.schema.SqlType;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * The change-format options end to end: {@code debezium-json.emit.full-table-id.enabled} and {@code
 * canal-json.serialize.update.keep-changed-fields-only} on {@code writeChanges()}; on {@code
 * readChanges()} {@code canal-json.infer-schema.strategy} = MYSQL_TYPE with the two {@code
 * canal-json.mysql.*} options, the canal include filters (also on {@code read()}), and {@code
 * *.infer-schema.primitive-as-string} and {@code *.infer-schema.string-type-inference}.
 */
abstract class ChangeFormatOptionsCases extends FormatOptionsITSupport {
  static final ObjectMapper JSON = new ObjectMapper();

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(text, e);
    }
  }

  static final Schema GOODS =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("qty", FieldType.INT32)
          .build();

  static Row goods(long id, String name, int qty) {
    return Row.withSchema(GOODS).addValues(id, name, qty).build();
  }

  @Test
  void debeziumFullTableIdAndCanalChangedFieldsOnlyWritten() {
    TableId table = TableId.of("ns", "sch", "tbl");
    List<String> key = List.of("id");
    List<ChangeEvent> events =
        List.of(
            new CreateTableEvent(table, GOODS, key),
            DataChangeEvent.insert(table, goods(1, "a", 5), 0).withPrimaryKey(key),
            DataChangeEvent.update(table, goods(1, "a", 5), goods(1, "b", 5), 0)
                .withPrimaryKey(key),
            DataChangeEvent.delete(table, goods(1, "b", 5), 0).withPrimaryKey(key));
    String full = topic("dbz-full");
    String partial = topic("dbz-default");
    String changed = topic("canal-changed");
    String whole = topic("canal-whole");
    Pipeline pipeline = Pipeline.create(options());
    PCollection<ChangeEvent> changes =
        pipeline
            .apply(Create.of(List.of(events)).withCoder(ListCoder.of(ChangeEventCoder.of())))
            .apply(ParDo.of(new Explode()))
            .setCoder(ChangeEventCoder.of());
    changes.apply("Full", writeChanges(full, "debezium-json.emit.full-table-id.enabled", "true"));
    changes.apply("Default", writeChanges(partial));
    changes.apply(
        "Changed",
        writeChanges(
            changed,
            "value.format",
            "canal-json",
            "canal-json.serialize.update.keep-changed-fields-only",
            "true"));
    changes.apply("Whole", writeChanges(whole, "value.format", "canal-json"));
    run(pipeline);

    List<String> fullIds = readBack(full, 3);
    assertEquals(3, fullIds.size());
    for (String m : fullIds) {
      assertEquals(
          json("{\"db\":\"ns\",\"schema\":\"sch\",\"table\":\"tbl\"}"), json(m).get("source"));
    }
    List<String> plain = readBack(partial, 3);
    assertEquals(3, plain.size());
    for (String m : plain) {
      assertEquals(json("{\"db\":\"sch\",\"table\":\"tbl\"}"), json(m).get("source"));
    }
    assertEquals("u", json(plain.get(1)).get("op").asText());

    List<String> onlyChanged = readBack(changed, 3);
    assertEquals(3, onlyChanged.size());
    JsonNode update = json(onlyChanged.get(1));
    assertEquals("UPDATE", update.get("type").asText());
    assertEquals(json("[{\"id\":1,\"name\":\"b\",\"qty\":5}]"), update.get("data"));
    assertEquals(json("[{\"name\":\"a\"}]"), update.get("old"), "only the changed column");
    JsonNode wholeUpdate = json(readBack(whole, 3).get(1));
    assertEquals(json("[{\"id\":1,\"name\":\"a\",\"qty\":5}]"), wholeUpdate.get("old"));
  }

  static final class Explode extends DoFn<List<ChangeEvent>, ChangeEvent> {
    @ProcessElement
    public void process(@Element List<ChangeEvent> events, OutputReceiver<ChangeEvent> out) {
      events.forEach(out::output);
    }
  }

  /** Applies one readChanges() of {@code topic} per option list to one pipeline; runs it. */
  List<List<ChangeEvent>> readChanges(String topic, String[]... optionLists) {
    Pipeline pipeline = Pipeline.create(changeOptions());
    List<Collect<ChangeEvent>> out = new ArrayList<>();
    for (String[] options : optionLists) {
      Collect<ChangeEvent> events = new Collect<>();
      pipeline
          .apply(
              "Read" + out.size(),
              KafkaConnectorIO.readChanges().withOptions(source(topic, options)))
          .apply("Collect" + out.size(), events);
      out.add(events);
    }
    run(pipeline);
    return out.stream().map(Collect::items).toList();
  }

  /** The SQL types of the columns of the one table's create-table event. */
  static Map<String, String> types(List<ChangeEvent> events) {
    List<CreateTableEvent> creates =
        events.stream()
            .filter(e -> e instanceof CreateTableEvent)
            .map(e -> (CreateTableEvent) e)
            .toList();
    assertEquals(1, creates.size(), events.toString());
    Map<String, String> out = new LinkedHashMap<>();
    for (Schema.Field f : creates.get(0).schema().getFields()) {
      out.put(f.getName(), SqlType.toSql(f.getType()));
    }
    return out;
  }

  static Row onlyRow(List<ChangeEvent> events) {
    List<Row> rows =
        events.stream()
            .filter(e -> e instanceof DataChangeEvent)
            .map(e -> ((DataChangeEvent) e).after())
            .toList();
    assertEquals(1, rows.size(), events.toString());
    return rows.get(0);
  }

  @Test
  void canalMysqlTypesWithTheirTwoOptions() {
    String topic =
        topic(
            "canal-mysql",
            "{\"data\":[{\"id\":\"1\",\"flag\":\"1\",\"ts\":\"2024-01-02 03:04:05.678\","
                + "\"price\":\"9.99\"}],\"database\":\"shop\",\"table\":\"goods\",\"isDdl\":false,"
                + "\"old\":null,\"pkNames\":[\"id\"],\"type\":\"INSERT\",\"mysqlType\":{\"id\":"
                + "\"int(11)\",\"flag\":\"tinyint(1)\",\"ts\":\"timestamp(3)\",\"price\":"
                + "\"decimal(10,2)\"}}");
    List<List<ChangeEvent>> out =
        readChanges(
            topic,
            new String[] {
              "value.format", "canal-json", "canal-json.infer-schema.strategy", "MYSQL_TYPE"
            },
            new String[] {
              "value.format",
              "canal-json",
              "value.canal-json.infer-schema.strategy",
              "MYSQL_TYPE",
              "canal-json.mysql.treat-tinyint1-as-boolean.enabled",
              "false",
              "value.canal-json.mysql.treat-mysql-timestamp-as-datetime-enabled",
              "false"
            });
    // The schema model keeps no DECIMAL or TIMESTAMP precision (SqlType.parse gives Beam's
    // DECIMAL and SqlTypes.DATETIME); the values keep theirs.
    assertEquals(
        Map.of("id", "INT", "flag", "BOOLEAN", "ts", "TIMESTAMP", "price", "DECIMAL"),
        types(out.get(0)));
    Row row = onlyRow(out.get(0));
    assertEquals(true, row.getValue("flag"));
    assertEquals(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 678_000_000), row.getValue("ts"));
    assertEquals(new BigDecimal("9.99"), row.getDecimal("price"));
    assertEquals(
        Map.of("id", "INT", "flag", "TINYINT", "ts", "TIMESTAMP_LTZ(3)", "price", "DECIMAL"),
        types(out.get(1)));
    Row off = onlyRow(out.get(1));
    assertEquals(Byte.valueOf((byte) 1), off.getValue("flag"));
    assertEquals(
        java.time.Instant.parse("2024-01-02T03:04:05.678Z").toEpochMilli(),
        ((org.joda.time.ReadableInstant) off.getValue("ts")).getMillis());
  }

  static String canal(String db, String table, long id) {
    return "{\"data\":[{\"id\":"
        + id
        + "}],\"database\":\""
        + db
        + "\",\"table\":\""
        + table
        + "\",\"isDdl\":false,\"old\":null,\"pkNames\":[\"id\"],\"type\":\"INSERT\"}";
  }

  /** The include filters match the whole name (a Java regex), on readChanges() and read(). */
  @Test
  void canalIncludeFiltersKeepOnlyMatchingDatabasesAndTables() {
    String topic =
        topic(
            "canal-include",
            canal("inv", "orders", 1),
            canal("inv", "users", 2),
            canal("shop", "orders", 3),
            canal("invoice", "orders", 4),
            canal("inv", "order_items", 5),
            canal("shop", "reorders", 6));
    String[] filters = {
      "canal-json.database.include", "inv|shop", "canal-json.table.include", "order.*"
    };
    Pipeline pipeline = Pipeline.create(changeOptions());
    Collect<ChangeEvent> changes = new Collect<>();
    Collect<Row> rows = new Collect<>();
    List<String> options = new ArrayList<>(List.of("value.format", "canal-json"));
    options.addAll(List.of(filters));
    pipeline
        .apply(
            "Changes",
            KafkaConnectorIO.readChanges()
                .withOptions(source(topic, options.toArray(new String[0]))))
        .apply("CollectChanges", changes);
    List<String> readOptions = new ArrayList<>(List.of("format", "canal-json"));
    readOptions.addAll(List.of(filters));
    pipeline
        .apply(
            "Rows",
            read(
                    topic,
                    Schema.builder().addNullableField("id", FieldType.INT64).build(),
                    readOptions.toArray(new String[0]))
                .withMetadataColumn("db", "value.database")
                .withMetadataColumn("tbl", "value.table"))
        .apply("CollectRows", rows);
    run(pipeline);
    Set<String> tables = new TreeSet<>();
    changes.items().stream()
        .filter(e -> e instanceof DataChangeEvent)
        .forEach(e -> tables.add(e.tableId() + "/" + ((DataChangeEvent) e).after().getValue("id")));
    assertEquals(Set.of("inv.order_items/5", "inv.orders/1", "shop.orders/3"), tables);
    Set<String> read = new TreeSet<>();
    rows.items()
        .forEach(
            r -> read.add(r.getString("db") + "." + r.getString("tbl") + "/" + r.getInt64("id")));
    assertEquals(tables, read);
  }

  /**
   * {@code *.infer-schema.primitive-as-string} and {@code *.infer-schema.string-type-inference} on
   * readChanges(), in each spelling: value.<format>., <format>.
   */
  @Test
  void primitiveAsStringAndStringTypeInferenceOnReadChanges() {
    String value =
        "{\"id\":1,\"price\":2.5,\"ok\":true,\"day\":\"2024-01-02\",\"at\":\"2024-01-02 03:04:05\"}";
    String topic = topic("json-infer", value);
    List<List<ChangeEvent>> out =
        readChanges(
            topic,
            new String[] {"value.format", "json"},
            new String[] {
              "value.format", "json", "value.json.infer-schema.primitive-as-string", "true"
            },
            new String[] {
              "value.format", "json", "json.infer-schema.string-type-inference", "false"
            });
    assertEquals(
        Map.of(
            "id", "BIGINT", "price", "DOUBLE", "ok", "BOOLEAN", "day", "DATE", "at", "TIMESTAMP"),
        types(out.get(0)));
    Map<String, String> strings = new LinkedHashMap<>();
    List.of("id", "price", "ok", "day", "at").forEach(c -> strings.put(c, "STRING"));
    assertEquals(strings, types(out.get(1)));
    Row asText = onlyRow(out.get(1));
    assertEquals("1", asText.getString("id"));
    assertEquals("2.5", asText.getString("price"));
    assertEquals("true", asText.getString("ok"));
    assertEquals("2024-01-02", asText.getString("day"));
    assertEquals(
        Map.of("id", "BIGINT", "price", "DOUBLE", "ok", "BOOLEAN", "day", "STRING", "at", "STRING"),
        types(out.get(2)));
    assertEquals("2024-01-02 03:04:05", onlyRow(out.get(2)).getString("at"));

    String canalTopic =
        topic(
            "canal-infer",
            "{\"data\":[{\"id\":1,\"price\":2.5,\"day\":\"2024-01-02\"}],\"database\":\"d\","
                + "\"table\":\"t\",\"isDdl\":false,\"old\":null,\"pkNames\":[\"id\"],\"type\":\"INSERT\"}");
    List<List<ChangeEvent>> canal =
        readChanges(
            canalTopic,
            new String[] {
              "value.format", "canal-json", "canal-json.infer-schema.primitive-as-string", "true"
            },
            new String[] {
              "value.format",
              "canal-json",
              "value.canal-json.infer-schema.string-type-inference",
              "false"
            });
    assertEquals(Map.of("id", "STRING", "price", "STRING", "day", "STRING"), types(canal.get(0)));
    assertEquals(Map.of("id", "BIGINT", "price", "DOUBLE", "day", "STRING"), types(canal.get(1)));
  }
}
