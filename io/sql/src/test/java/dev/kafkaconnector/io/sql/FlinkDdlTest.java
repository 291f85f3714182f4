package dev.kafkaconnector.io.sql;

import static dev.kafkaconnector.io.sql.FlinkDdlRun.assertColumns;
import static dev.kafkaconnector.io.sql.FlinkDdlRun.properties;
import static dev.kafkaconnector.io.sql.FlinkDdlRun.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.ddl.FlinkDdlScripts;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.junit.jupiter.api.Test;

/** The translation of each construct of Flink's CREATE TABLE, and what is rejected. */
class FlinkDdlTest {

  private static final String WITH =
      " WITH ('connector' = 'kafka', 'topic' = 't', 'properties.bootstrap.servers' = 'h:9092',"
          + " 'format' = 'json')";

  @Test
  void everyConstructOfTheIssue() {
    Table t =
        new FlinkDdlRun()
            .create(
                "CREATE TEMPORARY TABLE IF NOT EXISTS `my table` (\n"
                    + "  id BIGINT NOT NULL COMMENT 'the id', -- a comment\n"
                    + "  `name` STRING, /* a block\n comment */\n"
                    + "  amount DECIMAL(10, 2),\n"
                    + "  nested ROW<a INT, b ARRAY<STRING>, `c d` MAP<STRING, ROW<x BYTES>>>,\n"
                    + "  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,\n"
                    + "  `partition` INT METADATA VIRTUAL,\n"
                    + "  hdrs MAP<STRING, BYTES> METADATA FROM 'headers',\n"
                    + "  PRIMARY KEY (id) NOT ENFORCED,\n"
                    + "  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND\n"
                    + ") COMMENT 'a table' WITH (\n"
                    + "  'connector' = 'upsert-kafka', 'topic' = 'orders',\n"
                    + "  'properties.bootstrap.servers' = 'h:9092',\n"
                    + "  'key.format' = 'json', 'value.format' = 'json'\n"
                    + ");");
    assertEquals("my table", t.getName());
    assertEquals("upsert-kafka", t.getType());
    assertEquals("a table", t.getComment());
    assertColumns(
        t,
        "id BIGINT",
        "name VARCHAR",
        "amount DECIMAL",
        "nested ROW<`a` INTEGER, `b` ARRAY<VARCHAR>, `c d` MAP<VARCHAR, ROW<`x` VARBINARY>>>",
        "ts TIMESTAMP",
        "partition INTEGER",
        "hdrs MAP<VARCHAR, VARBINARY>");
    assertFalse(t.getSchema().getField("id").getType().getNullable());
    assertTrue(t.getSchema().getField("name").getType().getNullable());
    assertEquals(
        Map.of(
            "connector",
            "upsert-kafka",
            "topic",
            "orders",
            "properties.bootstrap.servers",
            "h:9092",
            "key.format",
            "json",
            "value.format",
            "json",
            "metadata",
            "{\"ts\":\"timestamp\",\"partition\":\"partition\",\"hdrs\":\"headers\"}",
            "virtual",
            "[\"ts\",\"partition\"]",
            "primary-key",
            "[\"id\"]",
            "scan.watermark.strategy",
            "event-time",
            "scan.watermark.max-out-of-orderness",
            "5 s"),
        properties(t));
  }

  @Test
  void theTranslatedStatement() {
    assertEquals(
        "CREATE EXTERNAL TABLE `t` (`id` INTEGER NOT NULL, `ts` TIMESTAMP) TYPE"
            + " 'kafka-connector' TBLPROPERTIES '{\"connector\":\"kafka\",\"topic\":\"it''s\","
            + "\"format\":\"csv\",\"metadata\":{\"ts\":\"timestamp\"}}'",
        FlinkDdl.toBeamSql(
            "create table t (id int not null, ts timestamp(3) with local time zone metadata from"
                + " 'timestamp') with ('connector' = 'kafka', 'topic' = 'it''s', 'format' ="
                + " 'csv')"));
  }

  @Test
  void watermarkBounds() {
    String table =
        "CREATE TABLE t (ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', WATERMARK FOR ts AS ";
    assertEquals("0 s", watermarkBound(table + "ts)" + WITH));
    assertEquals("500 ms", watermarkBound(table + "ts - INTERVAL '0.5' SECOND)" + WITH));
    assertEquals("120 s", watermarkBound(table + "`ts` - INTERVAL '2' MINUTE)" + WITH));
    // agrees with the WITH option
    assertEquals(
        "5s",
        watermarkBound(
            table
                + "ts - INTERVAL '5' SECOND)"
                + WITH.replace(")", ", 'scan.watermark.max-out-of-orderness' = '5s')")));
    rejects(
        table
            + "ts - INTERVAL '5' SECOND)"
            + WITH.replace(")", ", 'scan.watermark.max-out-of-orderness' = '1 s')"),
        "table 't'",
        "WATERMARK FOR ts AS ts - INTERVAL '5' SECOND disagrees",
        "'scan.watermark.max-out-of-orderness'");
    rejects(
        table
            + "ts - INTERVAL '5' SECOND)"
            + WITH.replace(")", ", 'scan.watermark.strategy' = 'processing-time')"),
        "disagrees with WITH option 'scan.watermark.strategy'");
  }

  private static String watermarkBound(String ddl) {
    return properties(new FlinkDdlRun().create(ddl)).get("scan.watermark.max-out-of-orderness");
  }

  @Test
  void aWatermarkOnAPayloadColumnMakesItTheEventTime() {
    Map<String, String> p =
        properties(
            new FlinkDdlRun()
                .create(
                    "CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)"
                        + WITH));
    assertEquals("ts", p.get("scan.watermark.column"));
    assertEquals("5 s", p.get("scan.watermark.max-out-of-orderness"));
  }

  @Test
  void unsupportedWatermarks() {
    rejects(
        "CREATE TABLE t (ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',"
            + " WATERMARK FOR ts AS ts - INTERVAL '5' SECOND + INTERVAL '1' SECOND)"
            + WITH,
        "table 't'",
        "WATERMARK FOR ts AS ts - INTERVAL '5' SECOND + INTERVAL '1' SECOND is not" + " supported",
        "bounded out-of-orderness");
    rejects(
        "CREATE TABLE t (ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',"
            + " WATERMARK FOR other AS other)"
            + WITH,
        "'other' is not a column");
  }

  @Test
  void computedColumnsTakeTheTypeOfTheirExpression() {
    Table t =
        new FlinkDdlRun()
            .create(
                "CREATE TABLE t (price DECIMAL(10, 2), qty INT NOT NULL, name STRING,"
                    + " ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',"
                    + " total AS price * qty COMMENT 'the line total', doubled AS qty * 2,"
                    + " label AS UPPER(name) || '!', `day` AS CAST(ts AS DATE),"
                    + " later AS ts + INTERVAL '1' HOUR, big AS qty > 10, pt AS PROCTIME(),"
                    + " parsed AS CAST(name AS TIMESTAMP(3)))"
                    + WITH);
    assertColumns(
        t,
        "price DECIMAL",
        "qty INTEGER",
        "name VARCHAR",
        "ts TIMESTAMP",
        "total DECIMAL",
        "doubled INTEGER",
        "label VARCHAR",
        "day DATE",
        "later TIMESTAMP",
        "big BOOLEAN",
        "pt TIMESTAMP",
        "parsed TIMESTAMP");
    // computed columns are nullable (never written), in declaration order
    assertEquals(true, t.getSchema().getField("doubled").getType().getNullable());
    assertEquals(
        "{\"total\":\"price * qty\",\"doubled\":\"qty * 2\",\"label\":\"UPPER(name) || '!'\","
            + "\"day\":\"CAST(ts AS DATE)\",\"later\":\"ts + INTERVAL '1' HOUR\","
            + "\"big\":\"qty > 10\",\"pt\":\"PROCTIME()\","
            + "\"parsed\":\"CAST(name AS TIMESTAMP(3))\"}",
        properties(t).get("computed"));
    assertEquals("the line total", t.getSchema().getField("total").getDescription());
    TableDefinition definition = TableProperties.parse(t, false);
    assertEquals(
        List.of("price", "qty", "name", "ts"),
        definition.writeSchema().getFieldNames(),
        "INSERT writes no computed column");
  }

  @Test
  void aWatermarkOnAComputedColumnIsTheSourcesEventTime() {
    Table t =
        new FlinkDdlRun()
            .create(
                "CREATE TABLE t (a STRING, ts AS CAST(a AS TIMESTAMP(3)),"
                    + " WATERMARK FOR ts AS ts - INTERVAL '1' SECOND)"
                    + WITH);
    assertEquals("ts", properties(t).get("scan.watermark.column"));
    assertEquals("1 s", properties(t).get("scan.watermark.max-out-of-orderness"));
    TableDefinition definition = TableProperties.parse(t, false);
    assertEquals("ts", definition.computedWatermark());
    assertEquals(List.of("a"), definition.physicalSchema().getFieldNames());
  }

  @Test
  void badComputedColumnsNameTheColumn() {
    rejects(
        "CREATE TABLE t (a INT, b AS a + nope)" + WITH,
        "Flink DDL of table 't'",
        "computed column 'b' AS a + nope",
        "nope");
    rejects(
        "CREATE TABLE t (a INT, tags ARRAY<STRING>, b AS CARDINALITY(tags))" + WITH,
        "computed column 'b'",
        "ARRAY, MAP or ROW: [tags]");
    rejects(
        "CREATE TABLE t (a INT, b AS , c INT)" + WITH,
        "table 't'",
        "an expression expected, found , at line 1, column 29");
    rejects(
        "CREATE TABLE t (a INT, b AS a + 1, PRIMARY KEY (b) NOT ENFORCED)"
            + WITH.replace("'kafka'", "'upsert-kafka'"),
        "PRIMARY KEY names computed column 'b'",
        "never written");
    rejects(
        "CREATE TABLE t (a INT)" + WITH.replace(")", ", 'computed' = '{}')"),
        "WITH option 'computed' is a Beam SQL table property");
  }

  @Test
  void rejectedConstructsNameTheConstructAndTable() {
    rejects("CREATE TABLE t (a INT) PARTITIONED BY (a)" + WITH, "table 't'", "PARTITIONED BY");
    rejects("CREATE TABLE t (a INT)" + WITH + " LIKE other", "table 't'", "LIKE");
    rejects(
        "CREATE TABLE t WITH ('connector' = 'kafka') AS SELECT 1",
        "table 't'",
        "without a column list");
    rejects(
        "CREATE TABLE t (a INT, PRIMARY KEY (a))" + WITH,
        "table 't'",
        "PRIMARY KEY without NOT ENFORCED");
    rejects(
        "CREATE TABLE t (a INT, PRIMARY KEY (a) NOT ENFORCED)" + WITH,
        "table 't'",
        "with 'connector' = 'kafka'",
        "upsert-kafka");
    rejects(
        "CREATE TABLE t (a INT)" + WITH.replace("'kafka'", "'upsert-kafka'"),
        "table 't'",
        "needs PRIMARY KEY");
    rejects(
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')",
        "table 't'",
        "'connector' = 'datagen' is not a Kafka table");
    rejects("CREATE TABLE t (a INT) WITH ('topic' = 'x')", "table 't'", "no 'connector'");
    rejects("CREATE TABLE t (a INT)", "table 't'", "WITH ('connector' = 'kafka', ...) expected");
    rejects("CREATE TABLE t (a FANCY)" + WITH, "table 't'", "column 'a'", "'FANCY'");
    // Flink's grammar says what it expected and where
    rejects(
        "CREATE TABLE t (a INT, ...)" + WITH,
        "table 't'",
        "CONSTRAINT, PRIMARY, UNIQUE, WATERMARK or a name expected, found . at line 1, column 24");
    rejects(
        "CREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 'x)", "unterminated string");
    rejects("CREATE TABLE t (a INT) /* open" + WITH, "unterminated /* comment");
    rejects(
        "CREATE TABLE t (a INT)" + WITH.replace(")", ", 'metadata' = '{}')"),
        "WITH option 'metadata' is a Beam SQL table property");
  }

  /** A malformed WITH clause names the secret option, never the token that may be its value. */
  @Test
  void errorsNearASecretValueDoNotShowIt() {
    String secret = "s3cr3tCanary";
    String start = "CREATE TABLE t (a INT) WITH ('connector' = 'kafka', 'topic' = 'x', ";
    List<String> messages =
        List.of(
            rejects(
                start + "'properties.ssl.truststore.password' '" + secret + "')",
                "'=' or a quoted string expected",
                "secret option 'properties.ssl.truststore.password'"),
            rejects(
                start + "'properties.sasl.jaas.config' = " + secret + ")",
                "secret option 'properties.sasl.jaas.config'"),
            rejects(
                start + "'properties.ssl.key.password' = 'ab'" + secret + ", 'x' = 'y')",
                "')'",
                "secret option 'properties.ssl.key.password'"),
            rejects(
                start + "'properties.basic.auth.user.info' = 'u:" + secret + ")",
                "unterminated string"));
    for (String message : messages) {
      assertFalse(message.contains(secret), message);
    }
    // Elsewhere the token is shown as before.
    // ('topic' 'y' is one string literal in Flink SQL, as in standard SQL: what follows is shown)
    rejects(start + "'topic' 'y')", "'=' or a quoted string expected, found )");
  }

  @Test
  void columnLevelPrimaryKeyAndConstraintName() {
    Table t =
        new FlinkDdlRun()
            .create(
                "CREATE TABLE u (id INT PRIMARY KEY NOT ENFORCED, v STRING) WITH ("
                    + "'connector' = 'upsert-kafka', 'topic' = 'u', 'key.format' = 'csv',"
                    + " 'value.format' = 'csv', 'properties.bootstrap.servers' = 'h:1')");
    assertEquals("[\"id\"]", properties(t).get("primary-key"));
    Table named =
        new FlinkDdlRun()
            .create(
                "CREATE TABLE u (a INT, b INT, CONSTRAINT pk PRIMARY KEY (a, b) NOT ENFORCED)"
                    + " WITH ('connector' = 'upsert-kafka', 'topic' = 'u', 'key.format' = 'csv',"
                    + " 'value.format' = 'csv', 'properties.bootstrap.servers' = 'h:1')");
    assertEquals("[\"a\",\"b\"]", properties(named).get("primary-key"));
  }

  @Test
  void badOptionsAreFoundWhenTheTranslationRuns() {
    // the translator passes WITH options verbatim; the provider names the key and the table
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class,
            () ->
                new FlinkDdlRun()
                    .create(
                        "CREATE TABLE t (a INT)"
                            + WITH.replace(")", ", 'scan.startup.mod' = 'earliest-offset')")));
    StringBuilder all = new StringBuilder();
    for (Throwable c = e; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append('\n');
    }
    assertTrue(all.toString().contains("Table 't'"), all.toString());
    assertTrue(all.toString().contains("'scan.startup.mod'"), all.toString());
  }

  @Test
  void repeatedOptionLastWins() {
    Table t =
        new FlinkDdlRun()
            .create(
                "CREATE TABLE t (a INT)"
                    + WITH.replace("'format' = 'json'", "'format' = 'json', 'format' = 'csv'"));
    assertEquals("csv", properties(t).get("format"));
  }

  @Test
  void detectsFlinkCreateTableAndSplitsScripts() {
    assertTrue(FlinkDdl.isFlinkCreateTable("-- hi\n  create temporary table x (a int)"));
    assertTrue(FlinkDdl.isFlinkCreateTable("CREATE TABLE x (a int)"));
    assertFalse(FlinkDdl.isFlinkCreateTable("CREATE EXTERNAL TABLE x (a int) TYPE 'x'"));
    assertFalse(FlinkDdl.isFlinkCreateTable("SELECT 1"));
    assertFalse(FlinkDdl.isFlinkCreateTable("CREATE TABLE 'open"));
    assertEquals("SELECT 'a;b'", FlinkDdl.rewrite("SELECT 'a;b'"));
    assertEquals(
        List.of("SELECT 'a;b'", "INSERT INTO x SELECT 1 -- ;\n FROM y"),
        FlinkDdlScripts.split("SELECT 'a;b'; ; INSERT INTO x SELECT 1 -- ;\n FROM y;\n-- end"));
  }

  @Test
  void typesAsTheSchemaModuleReadsThem() {
    Table t =
        new FlinkDdlRun()
            .create(
                "CREATE TABLE t (a TINYINT, b SMALLINT, c FLOAT, d DOUBLE,"
                    + " e BOOLEAN, f VARCHAR(10), g CHAR(2), h VARBINARY, i DATE, j TIME(3),"
                    + " k TIMESTAMP(6), l ARRAY<ROW(x INT, y STRING)>)"
                    + WITH);
    assertColumns(
        t,
        "a TINYINT",
        "b SMALLINT",
        "c FLOAT",
        "d DOUBLE",
        "e BOOLEAN",
        "f VARCHAR",
        "g VARCHAR",
        "h VARBINARY",
        "i DATE",
        "j TIME",
        "k TIMESTAMP",
        "l ARRAY<ROW<`x` INTEGER, `y` VARCHAR>>");
    assertEquals(FieldType.DATETIME, t.getSchema().getField("k").getType().withNullable(false));
  }
}
