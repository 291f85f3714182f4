package dev.kafkaconnector.schema.change;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableIdTest {
  @Test
  void twoPartsAreSchemaAndTable() {
    TableId id = TableId.parse("mydb.mytable1");
    assertNull(id.namespace());
    assertEquals("mydb", id.schemaName());
    assertEquals("mytable1", id.tableName());
    assertEquals("mydb.mytable1", id.identifier());
    assertEquals(TableId.of("mydb", "mytable1"), id);
  }

  @Test
  void oneAndThreeParts() {
    assertEquals(List.of("t"), TableId.parse("t").parts());
    TableId three = TableId.parse("ns.db.t");
    assertEquals("ns", three.namespace());
    assertEquals("db", three.schemaName());
    assertEquals("ns.db.t", three.toString());
  }

  @Test
  void aTopicNameWithDotsIsOnePart() {
    TableId topic = TableId.of("prod.logs.v1");
    assertEquals(List.of("prod.logs.v1"), topic.parts());
    assertEquals("prod.logs.v1", topic.identifier());
  }

  @Test
  void badIdsAreRejectedNamingTheParts() {
    IllegalArgumentException four =
        assertThrows(IllegalArgumentException.class, () -> TableId.parse("a.b.c.d"));
    assertTrue(four.getMessage().contains("[a, b, c, d]"), four.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TableId.parse("a..b"));
    assertThrows(IllegalArgumentException.class, () -> TableId.of(""));
    assertThrows(IllegalArgumentException.class, () -> new TableId("ns", null, "t"));
  }
}
