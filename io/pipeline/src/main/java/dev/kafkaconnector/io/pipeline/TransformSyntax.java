package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.sql.expressions.CalciteExpressions;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.parser.SqlParseException;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.parser.SqlParser;

/**
 * Checks when the file is read that a transform rule's {@code projection} and {@code filter} parse
 * (Calcite's parser); their columns and types are checked per table schema when the job meets the
 * table.
 */
final class TransformSyntax {
  private TransformSyntax() {}

  static void check(TransformDefinition transform) {
    try {
      parse(
          transform.path() + ".projection",
          transform.projection() == null
              ? "SELECT * FROM t"
              : "SELECT " + transform.projection() + " FROM t");
      if (transform.filter() != null) {
        parse(transform.path() + ".filter", "SELECT * FROM t WHERE " + transform.filter());
      }
    } catch (NoClassDefFoundError e) {
      throw new PipelineDefinitionException(
          transform.path(),
          "transform expressions need Beam SQL (org.apache.beam:beam-sdks-java-extensions-sql)"
              + " on the class path");
    }
  }

  private static void parse(String path, String sql) {
    try {
      SqlParser.create(sql, CalciteExpressions.parserConfig()).parseQuery();
    } catch (SqlParseException e) {
      String message = String.valueOf(e.getMessage()).strip();
      int newline = message.indexOf('\n');
      throw new PipelineDefinitionException(
          path,
          "not a valid expression: " + (newline < 0 ? message : message.substring(0, newline)));
    }
  }
}
