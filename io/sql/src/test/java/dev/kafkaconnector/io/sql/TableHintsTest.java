package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Table hints are refused by the SQL front ends instead of being ignored by Beam SQL. */
class TableHintsTest {

  @Test
  void findsTheHintAndStepsOverStringsIdentifiersAndComments() {
    assertEquals(
        "/*+ OPTIONS('scan.startup.mode'='latest-offset') */",
        TableHints.first(
            "SELECT a FROM t /*+ OPTIONS('scan.startup.mode'='latest-offset') */ WHERE a > 1"));
    assertNull(TableHints.first("SELECT '/*+ not a hint */' FROM t"));
    assertNull(TableHints.first("SELECT `/*+ x` FROM \"/*+ y\""));
    assertNull(TableHints.first("SELECT a -- /*+ OPTIONS('a'='b') */\n FROM t /* plain */"));
    assertNull(TableHints.first("SELECT 'it''s /*+' FROM t"));
  }

  @Test
  void theDriverRefusesAHintedStatementNamingIt() throws SQLException {
    SQLException e =
        assertThrows(
            SQLException.class,
            () ->
                KafkaConnectorDriver.rewrite(
                    "SELECT * FROM orders /*+ OPTIONS('scan.startup.mode'='earliest-offset') */"));
    assertTrue(e.getMessage().contains("Table hints are not supported"), e.getMessage());
    assertTrue(e.getMessage().contains("'scan.startup.mode'='earliest-offset'"), e.getMessage());
    assertEquals("SELECT 1", KafkaConnectorDriver.rewrite("SELECT 1"));
  }
}
