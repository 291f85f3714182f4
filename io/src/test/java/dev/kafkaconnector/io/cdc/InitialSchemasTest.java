package dev.kafkaconnector.io.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.junit.jupiter.api.Test;

class InitialSchemasTest {
  @Test
  void readsTheSpecsExample() {
    Map<TableId, Schema> schemas =
        InitialSchemas.parse(
            "CREATE TABLE db1.t1 (id BIGINT, name VARCHAR(10)); CREATE TABLE db1.t2 (id BIGINT);");
    assertEquals(
        List.of(TableId.of("db1", "t1"), TableId.of("db1", "t2")), List.copyOf(schemas.keySet()));
    Schema t1 = schemas.get(TableId.of("db1", "t1"));
    assertEquals(List.of("id", "name"), t1.getFieldNames());
    assertEquals(FieldType.INT64.withNullable(true), t1.getField("id").getType());
    assertEquals(FieldType.STRING.withNullable(true), t1.getField("name").getType());
    assertEquals(Map.of(), InitialSchemas.parse(" "));
  }

  @Test
  void errorsNameTheOptionAndTable() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> InitialSchemas.parse("CREATE TABLE db1.t1 (id BIGINT, ts TIMESTAMP METADATA)"));
    assertTrue(
        e.getMessage().contains("scan.value.initial-schemas.ddls")
            && e.getMessage().contains("db1.t1"),
        e.getMessage());
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> InitialSchemas.parse("CREATE TABLE a.b (x INT); CREATE TABLE a.b (y INT)"));
    assertTrue(twice.getMessage().contains("declared twice"), twice.getMessage());
  }
}
