package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.ddl.DdlTokenizer;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import dev.kafkaconnector.io.common.ddl.FlinkDdlParser;
import dev.kafkaconnector.io.common.ddl.FlinkDdlScripts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;

/**
 * Flink's {@code CREATE TABLE … WITH ('connector' = 'kafka' | 'upsert-kafka', …)}, pasted as is,
 * translated into the Beam SQL statement that declares the same table, so that a table definition
 * written for Flink works unchanged with {@code SqlTransform}, Beam's JDBC driver and the {@code
 * kafka-sql} shell:
 *
 * <pre>{@code
 * String flink =
 *     "CREATE TEMPORARY TABLE kafka_source (id INT, name STRING,"
 *         + " ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,"
 *         + " WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)"
 *         + " WITH ('connector' = 'kafka', 'topic' = 'source', 'format' = 'csv',"
 *         + " 'properties.bootstrap.servers' = 'localhost:9092')";
 * pipeline.apply(
 *     SqlTransform.query("SELECT id, name, ts FROM kafka_source")
 *         .withDdlString(FlinkDdl.toBeamSql(flink)));
 * }</pre>
 *
 * <p>The statement is parsed by Flink's own grammar ({@code flink-sql-parser} 1.19.0, no Flink
 * runtime), so what Flink accepts is what is accepted here.
 *
 * <p>What is translated: columns with Flink's types ({@code STRING}, {@code TIMESTAMP_LTZ(3)},
 * {@code ROW<…>}, {@code ARRAY<…>}, {@code MAP<…>}, {@code DECIMAL(p, s)}, {@code NOT NULL},
 * backquoted names, column comments); {@code METADATA [FROM 'key'] [VIRTUAL]} as the table's {@code
 * "metadata"} (and {@code "virtual"}: never written) properties; {@code [CONSTRAINT n] PRIMARY KEY
 * (…) NOT ENFORCED} as {@code "primary-key"} of an upsert-kafka table; {@code WATERMARK FOR ts AS
 * ts - INTERVAL 'n' SECOND} on a column {@code METADATA FROM 'timestamp'} as {@code
 * scan.watermark.strategy = event-time} with {@code scan.watermark.max-out-of-orderness = n s}; the
 * WITH options verbatim (a repeated key: the last value wins, as in Flink); {@code TEMPORARY} and
 * {@code IF NOT EXISTS}; {@code --} and {@code /* *}{@code /} comments.
 *
 * <p>What is rejected, naming the construct and the table: computed columns ({@code x AS expr}),
 * any other watermark expression or a watermark on another column, a primary key on a plain {@code
 * kafka} table (Flink rejects it too), {@code PARTITIONED BY}, {@code LIKE}, {@code CREATE TABLE …
 * AS}, an enforced primary key, and connectors other than {@code kafka} and {@code upsert-kafka}.
 * The options themselves are checked by the table providers when the translated statement runs.
 */
public final class FlinkDdl {
  private FlinkDdl() {}

  /**
   * The Beam SQL {@code CREATE EXTERNAL TABLE} statement for one Flink {@code CREATE TABLE}
   * statement (a trailing {@code ;} is allowed).
   *
   * @throws IllegalArgumentException when the statement cannot be read or uses a construct Beam SQL
   *     tables cannot express; the message names the construct, the table and the position
   */
  public static String toBeamSql(String flinkCreateTable) {
    return FlinkDdlTranslator.translate(FlinkDdlParser.parse(flinkCreateTable));
  }

  /**
   * Whether {@code statement} is a Flink {@code CREATE [TEMPORARY] TABLE} (comments before it are
   * ignored). Beam SQL's own {@code CREATE EXTERNAL TABLE} is not.
   */
  public static boolean isFlinkCreateTable(String statement) {
    List<Token> tokens;
    try {
      tokens = DdlTokenizer.tokenize(statement);
    } catch (IllegalArgumentException e) {
      return false;
    }
    if (tokens.isEmpty() || !tokens.get(0).isWord("CREATE")) {
      return false;
    }
    int next = 1;
    if (tokens.get(next).isWord("TEMPORARY")) {
      next++;
    }
    return tokens.get(next).isWord("TABLE");
  }

  /**
   * {@code statement} translated when it is a Flink {@code CREATE TABLE}, else unchanged.
   *
   * <p>Other statements have their table hints ({@code t /*+ OPTIONS('k'='v') *}{@code /}) folded
   * into the hinted table's name, which the Kafka JSON catalog resolves (Beam SQL would ignore the
   * hint).
   *
   * @throws IllegalArgumentException for untranslatable Flink DDL, and for a hint that is not a
   *     table's {@code OPTIONS(...)}
   */
  public static String rewrite(String statement) {
    if (isFlinkCreateTable(statement)) {
      return toBeamSql(statement);
    }
    return TableHints.rewrite(statement);
  }

  /**
   * The statements of a script ({@code ;}-separated, quotes and comments respected), each
   * {@linkplain #rewrite rewritten}: the Flink DDL translated, the rest (queries, {@code INSERT},
   * {@code SET}, Beam DDL) unchanged, without its trailing {@code ;}. Blank statements are dropped.
   *
   * @throws IllegalArgumentException as {@link #toBeamSql} does
   */
  public static List<String> rewriteScript(String script) {
    List<String> out = new ArrayList<>();
    for (String statement : FlinkDdlScripts.split(script)) {
      out.add(rewrite(statement));
    }
    return out;
  }

  /**
   * The schemas of a script of {@code CREATE TABLE} statements without WITH clause, as {@code
   * scan.value.initial-schemas.ddls} gives them ({@code CREATE TABLE db1.t1 (id BIGINT, name
   * VARCHAR(10)); CREATE TABLE db1.t2 (id BIGINT);}): per table, its name parts (one per dot) and
   * its columns, in statement order. Metadata and computed columns are rejected.
   *
   * @throws IllegalArgumentException naming the table and construct that cannot be read
   */
  public static Map<List<String>, Schema> tableSchemas(String script) {
    return FlinkDdlScripts.tableSchemas(script);
  }
}
