package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.io.common.MetadataColumn;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.junit.jupiter.api.Test;

class TablePropertiesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Schema SCHEMA =
      Schema.builder()
          .addNullableField("id", FieldType.INT64)
          .addNullableField("name", FieldType.STRING)
          .addNullableField("ts", FieldType.DATETIME)
          .addNullableField("kind", FieldType.STRING)
          .build();

  static Table table(String properties, String location) throws Exception {
    return Table.builder()
        .type("kafka-connector")
        .name("orders")
        .schema(SCHEMA)
        .location(location)
        .properties((ObjectNode) JSON.readTree(properties))
        .build();
  }

  static IllegalArgumentException failure(String properties, boolean upsert) {
    return assertThrows(
        IllegalArgumentException.class,
        () -> TableProperties.parse(table(properties, null), upsert).validate());
  }

  @Test
  void scalarsBecomeOptionTextAndLocationTheTopic() throws Exception {
    TableDefinition d =
        TableProperties.parse(
            table(
                "{\"properties.bootstrap.servers\": \"h:1\", \"format\": \"json\","
                    + " \"json.ignore-parse-errors\": true, \"sink.parallelism\": 3,"
                    + " \"metadata\": {\"ts\": \"timestamp\", \"kind\": \"row-kind\"}}",
                "orders-topic"),
            false);
    assertEquals(
        Map.of(
            "properties.bootstrap.servers", "h:1",
            "format", "json",
            "json.ignore-parse-errors", "true",
            "sink.parallelism", "3",
            "topic", "orders-topic",
            "connector", "kafka",
            "properties.group.id", "KafkaSource-orders"),
        d.options());
    assertEquals(
        List.of(new MetadataColumn("ts", "timestamp"), new MetadataColumn("kind", "row-kind")),
        d.metadata());
    assertEquals(List.of("id", "name"), d.physicalSchema().getFieldNames());
    // row-kind is writable, timestamp too: nothing is left out on write
    assertEquals(SCHEMA, d.writeSchema());
    assertFalse(d.bounded());
  }

  @Test
  void readOnlyMetadataIsLeftOutOnWrite() throws Exception {
    TableDefinition d =
        TableProperties.parse(
            table(
                "{\"format\": \"json\", \"metadata\": {\"ts\": \"timestamp\", \"id\": \"offset\"},"
                    + " \"scan.bounded.mode\": \"latest-offset\"}",
                null),
            false);
    assertEquals(List.of("name", "ts", "kind"), d.writeSchema().getFieldNames());
    assertTrue(d.bounded());
  }

  @Test
  void virtualMetadataIsLeftOutOnWrite() throws Exception {
    TableDefinition d =
        TableProperties.parse(
            table(
                "{\"format\": \"json\", \"metadata\": {\"ts\": \"timestamp\"},"
                    + " \"virtual\": [\"ts\"]}",
                null),
            false);
    assertEquals(List.of("ts"), d.virtual());
    assertTrue(!d.writeSchema().hasField("ts"));
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () ->
                TableProperties.parse(
                    table("{\"format\": \"json\", \"virtual\": \"name\"}", null), false));
    assertTrue(
        e.getMessage()
            .contains("key 'virtual' names column 'name', which is not a" + " metadata column"),
        e.getMessage());
  }

  @Test
  void primaryKeyAsStringOrArray() throws Exception {
    String base = "\"format\": \"json\", \"key.format\": \"json\", ";
    assertEquals(
        List.of("id", "name"),
        TableProperties.parse(table("{" + base + "\"primary-key\": \"id; name\"}", null), true)
            .primaryKey());
    TableDefinition d =
        TableProperties.parse(table("{" + base + "\"primary-key\": [\"id\"]}", null), true);
    assertEquals(List.of("id"), d.primaryKey());
    assertEquals("upsert-kafka", d.options().get("connector"));
  }

  @Test
  void errorsNameTheTableAndTheKey() {
    assertMessage(
        failure("{\"format\": \"json\", \"scan.startup.mod\": \"x\"}", false),
        "Table 'orders'",
        "'scan.startup.mod'",
        "did you mean 'scan.startup.mode'");
    assertMessage(
        failure("{\"format\": \"json\", \"scan.startup.mode\": \"soon\"}", false),
        "Table 'orders'",
        "'scan.startup.mode'",
        "soon");
    assertMessage(failure("{\"topic\": \"t\"}", false), "Table 'orders'", "'format'");
    assertMessage(
        failure("{\"format\": \"json\", \"key.format\": \"json\"}", true),
        "Table 'orders'",
        "'primary-key'",
        "required");
    assertMessage(
        failure("{\"format\": \"json\", \"topic\": [\"a\"]}", false),
        "Table 'orders'",
        "'topic'",
        "JSON string, number or boolean");
    assertMessage(
        failure("{\"format\": \"json\", \"metadata\": {\"nope\": \"offset\"}}", false),
        "Table 'orders'",
        "'metadata'",
        "'nope'");
    assertMessage(
        failure("{\"format\": \"json\", \"metadata\": {\"ts\": \"offst\"}}", false),
        "Table 'orders'",
        "'metadata'",
        "'offst'");
    assertMessage(
        failure("{\"format\": \"json\", \"connector\": \"upsert-kafka\"}", false),
        "Table 'orders'",
        "'connector'");
    assertMessage(
        failure("{\"format\": \"json\", \"json.ignore-parse-errors\": \"maybe\"}", false),
        "Table 'orders'",
        "'json.ignore-parse-errors'");
  }

  @Test
  void secretsStayOutOfMessagesAndToString() throws Exception {
    String jaas =
        "org.apache.kafka.common.security.plain.PlainLoginModule required password=\\\"s3cret\\\";";
    IllegalArgumentException e =
        failure(
            "{\"format\": \"json\", \"properties.sasl.jaas.config\": \""
                + jaas
                + "\","
                + " \"scan.startup.mod\": \"x\"}",
            false);
    assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    TableDefinition d =
        TableProperties.parse(
            table(
                "{\"format\": \"json\", \"properties.sasl.jaas.config\": \"" + jaas + "\"}", null),
            false);
    assertFalse(d.toString().contains("s3cret"), d.toString());
    assertFalse(new KafkaSqlTable(d).toString().contains("s3cret"));
  }

  static void assertMessage(Throwable e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
    }
  }
}
