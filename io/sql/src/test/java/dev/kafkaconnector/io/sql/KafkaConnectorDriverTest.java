package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** {@code jdbc:kafkaconnector:}: Beam's JDBC driver with Flink DDL translated first. No broker. */
class KafkaConnectorDriverTest {

  private static final String FLINK =
      "CREATE TEMPORARY TABLE kafka_source (id INT, name STRING, age INT,"
          + " ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL) WITH ("
          + " 'connector' = 'kafka', 'topic' = 'source',"
          + " 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'csv')";

  @Test
  void flinkDdlCreatesTheTableAndOtherStatementsPassThrough() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      assertSame(c, s.getConnection());
      s.execute(FLINK);
      // the table exists: Beam refuses to declare it twice, and DROP TABLE finds it
      SQLException twice = assertThrows(SQLException.class, () -> s.execute(FLINK));
      assertTrue(all(twice).contains("kafka_source"), all(twice));
      s.execute("DROP TABLE kafka_source");
      s.execute("SET runner = 'DirectRunner'");
      s.execute(
          "CREATE EXTERNAL TABLE beam_t (id INT) TYPE 'kafka-connector'"
              + " TBLPROPERTIES '{\"topic\": \"t\", \"format\": \"csv\"}'");
    }
  }

  @Test
  void untranslatableDdlFailsNamingTheConstruct() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  s.execute(
                      "CREATE TABLE t (a INT, b AS a + 1) PARTITIONED BY (a) WITH ('connector' ="
                          + " 'kafka')"));
      assertEquals(
          "Flink DDL of table 't': PARTITIONED BY (a Kafka table has no partition columns) is not"
              + " supported (at line 1, column 36)",
          e.getMessage());
      SQLException prepared =
          assertThrows(SQLException.class, () -> c.prepareStatement("CREATE TABLE t (a INT)"));
      assertTrue(prepared.getMessage().contains("WITH ('connector' = 'kafka', ...) expected"));
    }
  }

  private static String all(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.append(t.getMessage()).append('\n');
    }
    return out.toString();
  }
}
