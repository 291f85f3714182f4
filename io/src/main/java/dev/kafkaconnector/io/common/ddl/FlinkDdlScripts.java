package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;

/**
 * Scripts of Flink {@code CREATE TABLE} statements: split into statements, and read as table
 * schemas. It sits below the change-stream code ({@code scan.value.initial-schemas.ddls}) and the
 * SQL front end ({@code FlinkDdl}), which both read Flink DDL.
 */
public final class FlinkDdlScripts {
  private FlinkDdlScripts() {}

  /**
   * The schemas of a script of {@code CREATE TABLE} statements without WITH clause, as {@code
   * scan.value.initial-schemas.ddls} gives them ({@code CREATE TABLE db1.t1 (id BIGINT, name
   * VARCHAR(10)); CREATE TABLE db1.t2 (id BIGINT);}): per table, its name parts (one per dot) and
   * its columns, in statement order. Metadata and computed columns are rejected.
   *
   * @throws IllegalArgumentException naming the table and construct that cannot be read
   */
  public static Map<List<String>, Schema> tableSchemas(String script) {
    Map<List<String>, Schema> out = new LinkedHashMap<>();
    for (String statement : split(script)) {
      FlinkTable table = FlinkDdlParser.parseSchema(statement);
      Schema.Builder columns = Schema.builder();
      for (FlinkTable.Column column : table.columns()) {
        if (column.metadataKey() != null) {
          throw new IllegalArgumentException(
              "Table "
                  + table.displayName()
                  + ": column '"
                  + column.name()
                  + "' is a METADATA column; an initial schema declares physical columns only");
        }
        columns.addField(column.name(), column.type());
      }
      if (out.put(table.name(), columns.build()) != null) {
        throw new IllegalArgumentException("Table " + table.displayName() + " is declared twice");
      }
    }
    return out;
  }

  /** The statements of a script, split at {@code ;} outside quotes and comments. */
  public static List<String> split(String script) {
    List<String> statements = new ArrayList<>();
    int start = 0;
    for (Token t : DdlTokenizer.tokenize(script)) {
      if (t.isSymbol(';') || t.kind() == Kind.END) {
        String statement = script.substring(start, t.start()).trim();
        if (!DdlTokenizer.tokenize(statement).get(0).kind().equals(Kind.END)) {
          statements.add(statement);
        }
        start = t.end();
      }
    }
    return statements;
  }
}
