package dev.kafkaconnector.formats.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** The table id in the messages of an encoder for one table, per the spec's mapping table. */
class SourceTableEncodingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Schema SCHEMA =
      Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();
  private static final Row BEFORE = Row.withSchema(SCHEMA).addValues(1L, "a").build();
  private static final Row AFTER = Row.withSchema(SCHEMA).addValues(1L, "b").build();

  private static ChangelogEncoder encoder(String format, Map<String, String> options, TableId id) {
    ChangelogEncoder base = (ChangelogEncoder) CdcTesting.encoder(format, SCHEMA, options);
    return SerializableUtils.clone(base.forTable(new SourceTable(id, List.of("id"))));
  }

  private static JsonNode json(byte[] bytes) throws Exception {
    return JSON.readTree(bytes);
  }

  @Test
  void debeziumTwoPartIdIsDbAndTable() throws Exception {
    JsonNode m =
        json(
            encoder("debezium-json", Map.of(), TableId.of("mydb", "t1"))
                .encodeUpdate(BEFORE, AFTER));
    assertEquals("u", m.get("op").asText());
    assertEquals("mydb", m.at("/source/db").asText());
    assertEquals("t1", m.at("/source/table").asText());
    assertFalse(m.get("source").has("schema"));
    assertEquals("a", m.at("/before/name").asText());
  }

  @Test
  void debeziumThreePartIdWithoutFullIdDropsTheNamespace() throws Exception {
    JsonNode m =
        json(encoder("debezium-json", Map.of(), TableId.of("ns", "sch", "t1")).encode(AFTER));
    assertEquals("sch", m.at("/source/db").asText());
    assertEquals("t1", m.at("/source/table").asText());
    assertFalse(m.get("source").has("schema"));
  }

  @Test
  void debeziumFullTableIdMapsAllThreeParts() throws Exception {
    Map<String, String> full = Map.of("debezium-json.emit.full-table-id.enabled", "true");
    JsonNode m = json(encoder("debezium-json", full, TableId.of("ns", "sch", "t1")).encode(AFTER));
    assertEquals("ns", m.at("/source/db").asText());
    assertEquals("sch", m.at("/source/schema").asText());
    assertEquals("t1", m.at("/source/table").asText());
    JsonNode two = json(encoder("debezium-json", full, TableId.of("mydb", "t1")).encode(AFTER));
    assertTrue(two.at("/source/db").isNull());
    assertEquals("mydb", two.at("/source/schema").asText());
  }

  @Test
  void debeziumSchemaEnvelopeDescribesTheSource() throws Exception {
    Map<String, String> options = Map.of("debezium-json.include-schema.enabled", "true");
    JsonNode m = json(encoder("debezium-json", options, TableId.of("mydb", "t1")).encode(AFTER));
    assertEquals("mydb", m.at("/payload/source/db").asText());
    assertEquals("source", m.at("/schema/fields/3/field").asText());
  }

  @Test
  void canalNamesDatabaseTableAndPrimaryKey() throws Exception {
    JsonNode m =
        json(encoder("canal-json", Map.of(), TableId.of("mydb", "t2")).encodeUpdate(BEFORE, AFTER));
    assertEquals("UPDATE", m.get("type").asText());
    assertEquals("mydb", m.get("database").asText());
    assertEquals("t2", m.get("table").asText());
    assertEquals("id", m.at("/pkNames/0").asText());
    assertEquals("a", m.at("/old/0/name").asText());
  }
}
