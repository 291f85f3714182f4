package dev.kafkaconnector.io.cdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.source.decode.BadRecordException;
import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.AlterColumnTypeEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class ChangeRecordDecoderTest {
  private static final String SERVERS = "localhost:1";

  private static ChangeRecordDecoder decoder(String... keyValues) {
    Map<String, String> options = new HashMap<>();
    options.put("properties.bootstrap.servers", SERVERS);
    options.put("topic", "t");
    options.put("scan.startup.mode", "earliest-offset");
    for (int i = 0; i < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
    ChangeRecordDecoder decoder = ChangeSourceParser.parse("test", options).decoder();
    decoder.open();
    return decoder;
  }

  private static List<ChangeEvent> decode(ChangeRecordDecoder decoder, String key, String value) {
    List<ChangeEvent> out = new ArrayList<>();
    decoder.handle(
        new ConsumerRecord<>(
            "t",
            0,
            0L,
            key == null ? null : key.getBytes(StandardCharsets.UTF_8),
            value == null ? null : value.getBytes(StandardCharsets.UTF_8)),
        out::add);
    return out;
  }

  @Test
  void jsonWithTableIdFieldsCreatesWidensAndAlters() {
    ChangeRecordDecoder d =
        decoder("value.format", "json", "json.decode.parser-table-id.fields", "db,tbl");
    List<ChangeEvent> first = decode(d, null, "{\"db\":\"a\",\"tbl\":\"b\",\"id\":1}");
    assertEquals(2, first.size());
    CreateTableEvent create = assertInstanceOf(CreateTableEvent.class, first.get(0));
    assertEquals(TableId.of("a", "b"), create.tableId());
    assertEquals(FieldType.INT64.withNullable(true), create.schema().getField("id").getType());
    DataChangeEvent insert = assertInstanceOf(DataChangeEvent.class, first.get(1));
    assertEquals(1L, insert.after().getInt64("id"));
    assertEquals(0, insert.schemaVersion());

    List<ChangeEvent> wider =
        decode(d, null, "{\"db\":\"a\",\"tbl\":\"b\",\"id\":2.5,\"note\":\"x\"}");
    assertEquals(3, wider.size(), wider.toString());
    AddColumnEvent add = assertInstanceOf(AddColumnEvent.class, wider.get(0));
    assertEquals("note", add.columns().get(0).getName());
    AlterColumnTypeEvent alter = assertInstanceOf(AlterColumnTypeEvent.class, wider.get(1));
    assertEquals(FieldType.DOUBLE.withNullable(true), alter.newTypes().get("id"));
    DataChangeEvent row = assertInstanceOf(DataChangeEvent.class, wider.get(2));
    assertEquals(1, row.schemaVersion());
    assertEquals(2.5, row.after().getDouble("id"));

    assertEquals(1, decode(d, null, "{\"db\":\"a\",\"tbl\":\"b\",\"id\":3}").size());
  }

  @Test
  void staticStrategyEmitsNoSchemaChange() {
    ChangeRecordDecoder d = decoder("value.format", "json", "schema.inference.strategy", "static");
    assertEquals(2, decode(d, null, "{\"id\":1}").size());
    List<ChangeEvent> next = decode(d, null, "{\"id\":2,\"extra\":true}");
    assertEquals(1, next.size());
    DataChangeEvent row = (DataChangeEvent) next.get(0);
    assertEquals(List.of("id"), row.schema().getFieldNames());
  }

  @Test
  void canalMessagesWithSqlTypesAndUpdates() {
    ChangeRecordDecoder d =
        decoder("value.format", "canal-json", "canal-json.infer-schema.strategy", "SQL_TYPE");
    String insert =
        "{\"data\":[{\"id\":\"101\",\"w\":\"3.14\"},{\"id\":\"102\",\"w\":\"8.1\"}],\"database\":\"inv\","
            + "\"table\":\"p\",\"isDdl\":false,\"old\":null,\"pkNames\":[\"id\"],"
            + "\"sqlType\":{\"id\":4,\"w\":7},\"type\":\"INSERT\"}";
    List<ChangeEvent> events = decode(d, null, insert);
    assertEquals(3, events.size());
    CreateTableEvent create = (CreateTableEvent) events.get(0);
    assertEquals(List.of("id"), create.primaryKey());
    assertEquals(FieldType.INT32.withNullable(true), create.schema().getField("id").getType());
    assertEquals(102, ((DataChangeEvent) events.get(2)).after().getInt32("id"));
    String update =
        "{\"data\":[{\"id\":\"101\",\"w\":\"5.17\"}],\"database\":\"inv\",\"table\":\"p\",\"isDdl\":false,"
            + "\"old\":[{\"w\":\"3.14\"}],\"pkNames\":[\"id\"],\"sqlType\":{\"id\":4,\"w\":7},\"type\":\"UPDATE\"}";
    DataChangeEvent up = (DataChangeEvent) decode(d, null, update).get(0);
    assertEquals(DataChangeEvent.Op.UPDATE, up.op());
    assertEquals(3.14f, up.before().getFloat("w"));
    assertEquals(5.17f, up.after().getFloat("w"));
    assertTrue(
        decode(
                d,
                null,
                "{\"isDdl\":true,\"type\":\"CREATE\",\"database\":\"inv\",\"table\":\"x\",\"data\":null}")
            .isEmpty());
  }

  @Test
  void canalMysqlTinyint1AndBit1TextReadsAsBoolean() {
    ChangeRecordDecoder d =
        decoder("value.format", "canal-json", "canal-json.infer-schema.strategy", "MYSQL_TYPE");
    String update =
        "{\"data\":[{\"id\":\"1\",\"on\":\"1\",\"b\":\"0\"}],\"database\":\"inv\","
            + "\"table\":\"p\",\"isDdl\":false,\"old\":[{\"on\":\"0\"}],\"pkNames\":[\"id\"],"
            + "\"mysqlType\":{\"id\":\"int(11)\",\"on\":\"tinyint(1)\",\"b\":\"bit(1)\"},"
            + "\"type\":\"UPDATE\"}";
    DataChangeEvent up = (DataChangeEvent) decode(d, null, update).get(1);
    assertEquals(Boolean.TRUE, up.after().getBoolean("on"));
    assertEquals(Boolean.FALSE, up.after().getBoolean("b"));
    assertEquals(Boolean.FALSE, up.before().getBoolean("on"));
  }

  @Test
  void debeziumDeleteAndTableId() {
    ChangeRecordDecoder d = decoder();
    List<ChangeEvent> events =
        decode(
            d,
            null,
            "{\"before\":{\"id\":7},\"after\":null,\"source\":{\"db\":\"inv\",\"table\":\"p\"},\"op\":\"d\"}");
    DataChangeEvent delete = (DataChangeEvent) events.get(1);
    assertEquals(TableId.of("inv", "p"), delete.tableId());
    assertEquals(DataChangeEvent.Op.DELETE, delete.op());
    assertEquals(7L, delete.before().getInt64("id"));
    assertTrue(decode(d, null, null).isEmpty(), "a tombstone after a delete is skipped");
  }

  @Test
  void debeziumSchemaIncludeDeclaresTypes() {
    ChangeRecordDecoder d = decoder("debezium-json.schema-include", "true");
    String message =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"struct\",\"field\":\"after\",\"fields\":["
            + "{\"type\":\"int32\",\"field\":\"id\"},{\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data.Decimal\","
            + "\"parameters\":{\"scale\":\"2\",\"connect.decimal.precision\":\"10\"},\"field\":\"price\"},"
            + "{\"type\":\"int32\",\"name\":\"io.debezium.time.Date\",\"field\":\"day\"}]}]},"
            + "\"payload\":{\"before\":null,\"after\":{\"id\":1,\"price\":\"JxA=\",\"day\":19000},"
            + "\"source\":{\"db\":\"inv\",\"table\":\"p\"},\"op\":\"c\"}}";
    List<ChangeEvent> events = decode(d, null, message);
    Schema schema = ((CreateTableEvent) events.get(0)).schema();
    assertEquals(FieldType.INT32.withNullable(true), schema.getField("id").getType());
    DataChangeEvent row = (DataChangeEvent) events.get(1);
    assertEquals(new java.math.BigDecimal("100.00"), row.after().getDecimal("price"));
    assertEquals(java.time.LocalDate.ofEpochDay(19000), row.after().getValue("day"));
  }

  @Test
  void keyColumnsPrefixesAndEmptyValueAsDelete() {
    ChangeRecordDecoder d =
        decoder(
            "value.format",
            "json",
            "key.format",
            "json",
            "key.fields-prefix",
            "k_",
            "json.decode.empty-value-as-delete.enabled",
            "true");
    List<ChangeEvent> events = decode(d, "{\"id\":1}", "{\"id\":1,\"v\":\"a\"}");
    CreateTableEvent create = (CreateTableEvent) events.get(0);
    assertEquals(List.of("k_id"), create.primaryKey());
    List<ChangeEvent> delete = decode(d, "{\"id\":1}", null);
    DataChangeEvent del = (DataChangeEvent) delete.get(0);
    assertEquals(DataChangeEvent.Op.DELETE, del.op());
    assertEquals(1L, del.before().getInt64("k_id"));
  }

  @Test
  void duplicateKeyAndValueFieldFailsByDefault() {
    ChangeRecordDecoder d = decoder("value.format", "json", "key.format", "json");
    BadRecordException e =
        assertThrows(BadRecordException.class, () -> decode(d, "{\"id\":1}", "{\"id\":1}"));
    assertTrue(e.getMessage().contains("scan.duplicate-field.strategy"), e.getMessage());
    ChangeRecordDecoder preferKey =
        decoder(
            "value.format",
            "json",
            "key.format",
            "json",
            "scan.duplicate-field.strategy",
            "PREFER_KEY");
    DataChangeEvent row = (DataChangeEvent) decode(preferKey, "{\"id\":2}", "{\"id\":1}").get(1);
    assertEquals(2L, row.after().getInt64("id"));
  }

  @Test
  void fixedTypesAndInitialDdlsWin() {
    ChangeRecordDecoder d =
        decoder(
            "value.format",
            "json",
            "json.decode.parser-table-id.fields",
            "db,tbl",
            "json.infer-schema.fixed-types",
            "amount DECIMAL(18, 2)",
            "scan.value.initial-schemas.ddls",
            "CREATE TABLE db1.t1 (id BIGINT, name VARCHAR(10));");
    List<ChangeEvent> events =
        decode(d, null, "{\"db\":\"db1\",\"tbl\":\"t1\",\"id\":1,\"amount\":2.5,\"x\":true}");
    Schema schema = ((CreateTableEvent) events.get(0)).schema();
    assertTrue(
        schema.getField("amount").getType().getLogicalType() != null
            || schema.getField("amount").getType().getTypeName() == Schema.TypeName.DECIMAL,
        schema.toString());
    assertTrue(schema.hasField("name"), schema.toString());
    assertEquals(Schema.TypeName.BOOLEAN, schema.getField("x").getType().getTypeName());
    BadRecordException e =
        assertThrows(
            BadRecordException.class,
            () -> decode(d, null, "{\"db\":\"db1\",\"tbl\":\"t1\",\"id\":\"abc\"}"));
    assertTrue(e.getMessage().contains("offset 0"), e.getMessage());
  }

  @Test
  void nestedObjectsFlattenToPathNamedColumns() {
    ChangeRecordDecoder d =
        decoder("value.format", "json", "json.infer-schema.flatten-nested-columns.enable", "true");
    List<ChangeEvent> events =
        decode(d, null, "{\"id\":1,\"addr\":{\"city\":\"x\",\"geo\":{\"lat\":1.5}},\"tags\":[1]}");
    Schema schema = ((CreateTableEvent) events.get(0)).schema();
    assertEquals(
        List.of("addr.city", "addr.geo.lat", "id", "tags"),
        schema.getFieldNames().stream().sorted().toList());
    DataChangeEvent row = (DataChangeEvent) events.get(1);
    assertEquals(1.5, row.after().getDouble("addr.geo.lat"));
    assertEquals("[1]", row.after().getString("tags"));
    ChangeRecordDecoder nested = decoder("value.format", "json");
    Schema unflattened =
        ((CreateTableEvent) decode(nested, null, "{\"id\":1,\"addr\":{\"city\":\"x\"}}").get(0))
            .schema();
    assertEquals(Schema.TypeName.STRING, unflattened.getField("addr").getType().getTypeName());
  }

  @Test
  void optionErrorsNameTheKey() {
    IllegalArgumentException format =
        assertThrows(IllegalArgumentException.class, () -> decoder("value.format", "csv"));
    assertTrue(format.getMessage().contains("value.format"), format.getMessage());
    IllegalArgumentException converter =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                decoder(
                    "value.format", "json", "json.decode.converter-class", "no.such.Converter"));
    assertTrue(
        converter.getMessage().contains("value.json.decode.converter-class"),
        converter.getMessage());
    IllegalArgumentException strategy =
        assertThrows(
            IllegalArgumentException.class,
            () -> decoder("schema.inference.strategy", "sometimes"));
    assertTrue(strategy.getMessage().contains("schema.inference.strategy"), strategy.getMessage());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> decoder("scan.nonsense", "1"));
    assertTrue(unknown.getMessage().contains("scan.nonsense"), unknown.getMessage());
  }
}
