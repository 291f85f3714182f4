package dev.kafkaconnector.io.cdc.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.io.cdc.sink.ChangeSinkParser.ParsedChangeSink;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.sink.EncodedRecord;
import dev.kafkaconnector.io.sink.RecordEncoder;
import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class ChangeSinkParserTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final TableId T1 = TableId.of("mydb", "mytable1");
  static final Schema SCHEMA =
      Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();

  static Map<String, String> options(String... keyValues) {
    Map<String, String> options = new HashMap<>();
    options.put("properties.bootstrap.servers", "localhost:9092");
    for (int i = 0; i < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
    return options;
  }

  static RecordEncoder<ChangeEvent> encoder(String... keyValues) {
    ParsedChangeSink sink = ChangeSinkParser.parse("test", options(keyValues));
    return SerializableUtils.clone(sink.encoder());
  }

  static Row row(long id, String name) {
    return Row.withSchema(SCHEMA).addValues(id, name).build();
  }

  static String message(IllegalArgumentException e) {
    return e.getMessage();
  }

  static IllegalArgumentException failure(String... keyValues) {
    return assertThrows(
        IllegalArgumentException.class, () -> ChangeSinkParser.parse("test", options(keyValues)));
  }

  @Test
  void defaultsAreDebeziumJsonKeyJsonAllToZeroAtLeastOnce() throws Exception {
    ParsedChangeSink sink = ChangeSinkParser.parse("test", options());
    assertEquals(DeliveryGuarantee.AT_LEAST_ONCE, sink.spec().guarantee());
    assertNull(sink.spec().topic());
    EncodedRecord record =
        SerializableUtils.clone(sink.encoder())
            .encode(DataChangeEvent.insert(T1, row(1, "a"), 0).withPrimaryKey(List.of("id")));
    assertEquals("mydb.mytable1", record.topic());
    assertEquals(0, record.partition());
    JsonNode value = JSON.readTree(record.value());
    assertEquals("c", value.get("op").asText());
    assertEquals("mydb", value.at("/source/db").asText());
    assertEquals("mytable1", value.at("/source/table").asText());
    assertEquals("{\"TableId\":\"mydb.mytable1\",\"id\":1}", text(record.key()));
  }

  @Test
  void hashByKeyLeavesThePartitionToTheKeyHash() throws Exception {
    EncodedRecord record =
        encoder("partition.strategy", "hash-by-key")
            .encode(DataChangeEvent.insert(T1, row(1, "a"), 0).withPrimaryKey(List.of("id")));
    assertNull(record.partition());
    assertEquals("{\"TableId\":\"mydb.mytable1\",\"id\":1}", text(record.key()));
  }

  @Test
  void aTableWithoutPrimaryKeyIsKeyedByItsIdAlone() throws Exception {
    EncodedRecord record =
        encoder("key.format", "csv").encode(DataChangeEvent.insert(T1, row(1, "a"), 0));
    assertEquals("mydb.mytable1", text(record.key()).trim());
  }

  @Test
  void csvKeyHoldsTheTableIdAndThePrimaryKey() throws Exception {
    EncodedRecord record =
        encoder("key.format", "csv")
            .encode(DataChangeEvent.delete(T1, row(7, "a"), 0).withPrimaryKey(List.of("id")));
    assertEquals("mydb.mytable1,7", text(record.key()).trim());
    JsonNode value = JSON.readTree(record.value());
    assertEquals("d", value.get("op").asText());
    assertEquals(7, value.at("/before/id").asLong());
  }

  @Test
  void canalUpdatesNameDatabaseTableAndKeyAndCanKeepOnlyChangedFields() throws Exception {
    EncodedRecord record =
        encoder(
                "value.format", "canal-json",
                "canal-json.serialize.update.keep-changed-fields-only", "true",
                "sink.tableId-to-topic.mapping", "mydb.mytable1,mydb.mytable2:mytable")
            .encode(
                DataChangeEvent.update(T1, row(1, "a"), row(1, "b"), 0)
                    .withPrimaryKey(List.of("id")));
    assertEquals("mytable", record.topic());
    JsonNode value = JSON.readTree(record.value());
    assertEquals("UPDATE", value.get("type").asText());
    assertEquals("mydb", value.get("database").asText());
    assertEquals("mytable1", value.get("table").asText());
    assertEquals("id", value.at("/pkNames/0").asText());
    assertEquals("b", value.at("/data/0/name").asText());
    assertEquals(1, value.at("/old/0").size(), "only the changed column: " + value);
  }

  @Test
  void aChangeTheFormatCannotWriteIsABadRowNamingItsTable() {
    Schema withMap =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("tags", FieldType.map(FieldType.STRING, FieldType.STRING))
            .build();
    Map<String, String> tags = new HashMap<>();
    tags.put(null, "x"); // JSON cannot hold a null key (map-null-key.mode FAIL)
    Row row = Row.withSchema(withMap).attachValues(1L, tags);
    dev.kafkaconnector.io.sink.BadRowException e =
        assertThrows(
            dev.kafkaconnector.io.sink.BadRowException.class,
            () -> encoder().encode(DataChangeEvent.insert(T1, row, 0)));
    assertTrue(e.getMessage().contains("mydb.mytable1"), e.getMessage());
    assertTrue(e.getMessage().contains("null key"), e.getMessage());
  }

  @Test
  void schemaChangesWriteNothing() throws Exception {
    assertNull(
        encoder().encode(new AddColumnEvent(T1, List.of(Schema.Field.of("x", FieldType.INT32)))));
  }

  @Test
  void rowsOfEvolvedSchemasGetTheirOwnEncoders() throws Exception {
    RecordEncoder<ChangeEvent> encoder = encoder();
    Schema wider =
        Schema.builder()
            .addFields(SCHEMA.getFields())
            .addNullableField("x", FieldType.INT32)
            .build();
    encoder.encode(DataChangeEvent.insert(T1, row(1, "a"), 0));
    EncodedRecord second =
        encoder.encode(
            DataChangeEvent.insert(T1, Row.withSchema(wider).addValues(2L, "b", 5).build(), 1));
    assertEquals(5, JSON.readTree(second.value()).at("/after/x").asInt());
  }

  @Test
  void unknownKeysAndBadValuesFailNamingTheKey() {
    assertTrue(message(failure("value.format", "json")).contains("'value.format'"));
    assertTrue(message(failure("value.format", "maxwell-json")).contains("'value.format'"));
    assertTrue(message(failure("key.format", "avro")).contains("'key.format'"));
    assertTrue(message(failure("partition.strategy", "random")).contains("'partition.strategy'"));
    assertTrue(message(failure("sink.partitioner", "fixed")).contains("'sink.partitioner'"));
    assertTrue(message(failure("sink.partitioner", "fixed")).contains("writeChanges()"));
    assertTrue(message(failure("scan.startup.mode", "earliest-offset")).contains("source"));
    assertTrue(message(failure("partition.strategi", "x")).contains("partition.strategy"));
    assertTrue(
        message(failure("sink.delivery-guarantee", "exactly-once"))
            .contains("'sink.transactional-id-prefix'"));
    assertTrue(
        message(failure("sink.delivery-guarantee", "twice")).contains("'sink.delivery-guarantee'"));
    assertTrue(
        message(failure("sink.tableId-to-topic.mapping", "nocolon"))
            .contains("'sink.tableId-to-topic.mapping'"));
    assertTrue(
        message(failure("debezium-json.no-such-option", "1"))
            .contains("debezium-json.no-such-option"));
  }

  @Test
  void formatOptionsInEveryScopeAreAccepted() throws Exception {
    EncodedRecord record =
        encoder(
                "value.debezium-json.include-schema.enabled", "true",
                "debezium-json.emit.full-table-id.enabled", "true",
                "key.json.encode.decimal-as-plain-number", "true",
                "topic", "all")
            .encode(DataChangeEvent.insert(TableId.of("ns", "sch", "t"), row(1, "a"), 0));
    JsonNode value = JSON.readTree(record.value());
    assertEquals("all", record.topic());
    assertEquals("ns", value.at("/payload/source/db").asText());
    assertEquals("sch", value.at("/payload/source/schema").asText());
  }

  @Test
  void secretsStayOutOfTheSpecsText() {
    ParsedChangeSink sink =
        ChangeSinkParser.parse(
            "test",
            options(
                "properties.sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required"
                    + " username=\"u\" password=\"hunter2\";",
                "properties.security.protocol",
                "SASL_PLAINTEXT",
                "properties.sasl.mechanism",
                "PLAIN"));
    assertTrue(!sink.spec().toString().contains("hunter2"), sink.spec().toString());
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
