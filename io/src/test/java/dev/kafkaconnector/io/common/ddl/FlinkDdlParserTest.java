package dev.kafkaconnector.io.common.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.junit.jupiter.api.Test;

/**
 * Flink DDL that Flink's grammar accepts and the former hand-written parser refused or read
 * differently, and what Flink's grammar refuses.
 */
class FlinkDdlParserTest {
  private static final String WITH = " WITH ('connector' = 'kafka')";

  @Test
  void stringLiteralsAsFlinkReadsThem() {
    FlinkTable t =
        FlinkDdlParser.parse(
            "CREATE TABLE t (a INT COMMENT 'one ' 'comment') COMMENT 'a table'"
                + " WITH ('connector' = 'kafka', 'topic' = 'a' 'b', 'k' = 'it''s',"
                + " 'u' = U&'caf\\00e9')");
    assertEquals("ab", t.options().get("topic"), "adjacent literals are one string");
    assertEquals("it's", t.options().get("k"));
    assertEquals("café", t.options().get("u"), "a Unicode string literal");
    assertEquals("a table", t.comment());
    assertEquals("one comment", t.columns().get(0).comment());
  }

  @Test
  void nestedTypesAndQuotedNamesKeepTheirText() {
    FlinkTable t =
        FlinkDdlParser.parse(
            "CREATE TEMPORARY TABLE IF NOT EXISTS `db`.`my t` (`a``b` INT, `select` INT,\n"
                + "\tr ROW<x INT NOT NULL 'the x', y STRING>,\n"
                + "  m MAP<STRING NOT NULL, ARRAY<ROW<`x y` DECIMAL(10,  2)>>>,\n"
                + "  ts TIMESTAMP(3) WITH LOCAL TIME ZONE /* a comment */ METADATA FROM"
                + " 'timestamp')"
                + WITH);
    assertEquals(List.of("db", "my t"), t.name());
    assertTrue(t.ifNotExists());
    assertEquals("a`b", t.columns().get(0).name());
    assertEquals("select", t.columns().get(1).name());
    assertEquals("ROW<x INT NOT NULL 'the x', y STRING>", t.columns().get(2).typeText());
    assertEquals(
        "MAP<STRING NOT NULL, ARRAY<ROW<`x y` DECIMAL(10,  2)>>>", t.columns().get(3).typeText());
    assertEquals("TIMESTAMP(3) WITH LOCAL TIME ZONE", t.columns().get(4).typeText());
    assertEquals("timestamp", t.columns().get(4).metadataKey());
    assertEquals(FieldType.DATETIME, t.columns().get(4).type().withNullable(false));
  }

  @Test
  void expressionsKeepTheirParentheses() {
    FlinkTable t =
        FlinkDdlParser.parse(
            "CREATE TABLE t (a INT, ts TIMESTAMP(3), b AS (a + 1) * 2,"
                + " c AS CASE WHEN a > 0 THEN 'p' ELSE 'n' END, d AS ((a)),"
                + " WATERMARK FOR ts AS (ts - INTERVAL '1.5' SECOND))"
                + WITH);
    assertEquals("(a + 1) * 2", t.column("b").expression());
    assertEquals("CASE WHEN a > 0 THEN 'p' ELSE 'n' END", t.column("c").expression());
    assertEquals("((a))", t.column("d").expression());
    assertEquals("(ts - INTERVAL '1.5' SECOND)", t.watermark().expression());
    assertEquals(Duration.ofMillis(1500), t.watermark().delay());
    assertNull(
        FlinkDdlParser.parse(
                "CREATE TABLE t (ts TIMESTAMP(3),"
                    + " WATERMARK FOR ts AS ts - INTERVAL '0 00:00:05' DAY TO SECOND)"
                    + WITH)
            .watermark()
            .delay(),
        "a multi-unit interval is not a delay this connector reads");
  }

  @Test
  void flinksGrammarRefusesWhatFlinkRefuses() {
    // Reserved words are column names only when quoted, as in Flink.
    assertEquals(
        "Flink DDL of table 't': CONSTRAINT, PRIMARY, UNIQUE, WATERMARK or a name expected, found"
            + " value at line 2, column 2",
        message("CREATE TABLE t (\n\tvalue STRING)" + WITH));
    assertTrue(message("CREATE TABLE t (a INT, )" + WITH).contains("found ) at line 1, column 24"));
    assertEquals(
        "Flink DDL of table 't': LIKE is not supported (at line 1, column 49)",
        message("CREATE TABLE t (a INT) WITH ('connector' = 'x') LIKE other (EXCLUDING ALL)"));
    assertTrue(
        message(
                "CREATE TABLE t (a INT PRIMARY KEY NOT ENFORCED, PRIMARY KEY (a) NOT ENFORCED)"
                    + WITH)
            .startsWith("Flink DDL of table 't': a second PRIMARY KEY, found "));
  }

  @Test
  void aSchemaNeedsNoWithClause() {
    FlinkTable t = FlinkDdlParser.parseSchema("CREATE TABLE db1.t1 (id BIGINT, name VARCHAR(10));");
    assertEquals(List.of("id", "name"), t.columns().stream().map(c -> c.name()).toList());
    assertTrue(
        message("CREATE TABLE t (a INT)").contains("WITH ('connector' = 'kafka', ...) expected"));
  }

  private static String message(String ddl) {
    return assertThrows(IllegalArgumentException.class, () -> FlinkDdlParser.parse(ddl))
        .getMessage();
  }
}
