package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Table hints are folded into the hinted table's name, not dropped by Beam SQL. */
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
  void eachHintIsFoldedIntoTheNameOfTheTableBeforeIt() throws SQLException {
    assertEquals(
        "SELECT a FROM kc.db.`orders /*+ OPTIONS('scan.startup.mode'='latest-offset') */` WHERE"
            + " a > 1",
        KafkaConnectorDriver.rewrite(
            "SELECT a FROM kc.db.`orders`  /*+ OPTIONS( 'scan.startup.mode' ="
                + " 'latest-offset' ) */ WHERE a > 1"));
    assertEquals(
        "INSERT INTO sink SELECT * FROM `a /*+ OPTIONS('x'='1', 'y'='it''s') */` JOIN"
            + " db.`b-c /*+ OPTIONS('z'='2') */` ON TRUE",
        KafkaConnectorDriver.rewrite(
            "INSERT INTO sink SELECT * FROM a /*+ OPTIONS('x'='1','y'='it''s') */ JOIN"
                + " db.`b-c` /*+OPTIONS('z'='2')*/ ON TRUE"));
    assertEquals("SELECT 1", KafkaConnectorDriver.rewrite("SELECT 1"));
  }

  @Test
  void otherHintsAndSecretOptionsAreRefusedNamingThem() {
    SQLException query =
        assertThrows(
            SQLException.class,
            () -> KafkaConnectorDriver.rewrite("SELECT /*+ BROADCAST(t) */ * FROM t"));
    assertTrue(query.getMessage().contains("only table hints"), query.getMessage());
    SQLException other =
        assertThrows(
            SQLException.class,
            () -> KafkaConnectorDriver.rewrite("SELECT * FROM t /*+ LOOKUP('table'='t') */"));
    assertTrue(other.getMessage().contains("not LOOKUP"), other.getMessage());
    SQLException secret =
        assertThrows(
            SQLException.class,
            () ->
                KafkaConnectorDriver.rewrite(
                    "SELECT * FROM t /*+ OPTIONS('properties.ssl.keystore.password'='s3cr3t') */"));
    assertTrue(
        secret.getMessage().contains("'properties.ssl.keystore.password' is a secret"),
        secret.getMessage());
    assertFalse(secret.getMessage().contains("s3cr3t"), secret.getMessage());
    SQLException pairs =
        assertThrows(
            SQLException.class,
            () -> KafkaConnectorDriver.rewrite("SELECT * FROM t /*+ OPTIONS('a') */"));
    assertTrue(pairs.getMessage().contains("'key' = 'value' pairs"), pairs.getMessage());
  }
}
