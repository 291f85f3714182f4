package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import dev.kafkaconnector.schema.SqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.flink.sql.parser.ddl.SqlCreateTable;
import org.apache.flink.sql.parser.ddl.SqlCreateTableAs;
import org.apache.flink.sql.parser.ddl.SqlCreateTableLike;
import org.apache.flink.sql.parser.ddl.SqlTableColumn;
import org.apache.flink.sql.parser.ddl.SqlTableColumn.SqlComputedColumn;
import org.apache.flink.sql.parser.ddl.SqlTableColumn.SqlMetadataColumn;
import org.apache.flink.sql.parser.ddl.SqlTableColumn.SqlRegularColumn;
import org.apache.flink.sql.parser.ddl.SqlTableOption;
import org.apache.flink.sql.parser.ddl.SqlWatermark;
import org.apache.flink.sql.parser.ddl.constraint.SqlTableConstraint;
import org.apache.flink.sql.parser.error.SqlValidateException;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Reads Flink's {@code CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name (columns, constraints,
 * watermark) [COMMENT '...'] WITH ('key' = 'value', ...)} with Flink's own grammar ({@code
 * flink-sql-parser}'s {@link FlinkSqlParserImpl}, configured as Flink's table environment
 * configures it), so that what Flink accepts is what is accepted here, and turns Flink's {@link
 * SqlCreateTable} into a {@link FlinkTable}. Types and expressions keep their text as written (cut
 * out of the statement at the parser's positions); types are read by the schema module's {@link
 * SqlType}. What a Kafka table cannot be ({@code PARTITIONED BY}, {@code LIKE}, {@code AS SELECT},
 * an enforced primary key, {@code UNIQUE}) is rejected naming the construct and the table. Only the
 * parser is used: no Flink runtime.
 */
public final class FlinkDdlParser {
  private static final SqlParser.Config FLINK =
      SqlParser.config()
          .withParserFactory(FlinkSqlParserImpl.FACTORY)
          .withConformance(FlinkSqlConformance.DEFAULT)
          .withLex(Lex.JAVA)
          .withIdentifierMaxLength(256);

  private final DdlErrors errors;

  /** Whether the statement must have a WITH clause (a table definition) or not (a schema). */
  private final boolean withRequired;

  private FlinkDdlParser(DdlErrors errors, boolean withRequired) {
    this.errors = errors;
    this.withRequired = withRequired;
  }

  /**
   * Reads one statement (a trailing {@code ;} is allowed).
   *
   * @throws IllegalArgumentException naming the construct, the table and the position
   */
  public static FlinkTable parse(String statement) {
    return read(statement, true);
  }

  /**
   * Reads one statement whose WITH clause is optional: a schema only, as {@code
   * scan.value.initial-schemas.ddls} declares tables ({@code CREATE TABLE db1.t1 (id BIGINT)}).
   */
  public static FlinkTable parseSchema(String statement) {
    return read(statement, false);
  }

  private static FlinkTable read(String statement, boolean withRequired) {
    // Our tokenizer first: its messages for unterminated quotes and comments show no secret.
    List<Token> tokens = DdlTokenizer.tokenize(statement);
    String text = statement;
    Token last = tokens.size() > 1 ? tokens.get(tokens.size() - 2) : null;
    if (last != null && last.isSymbol(';')) {
      text = statement.substring(0, last.start());
      tokens = DdlTokenizer.tokenize(text);
    }
    DdlErrors errors = new DdlErrors(text, tokens);
    SqlNode node;
    try {
      node = SqlParser.create(text, FLINK).parseStmt();
    } catch (SqlParseException e) {
      throw errors.parse(e);
    }
    if (!(node instanceof SqlCreateTable create)) {
      throw errors.error("CREATE [TEMPORARY] TABLE expected", node.getParserPosition());
    }
    return new FlinkDdlParser(
            errors.table(String.join(".", create.getTableName().names)), withRequired)
        .createTable(create);
  }

  private FlinkTable createTable(SqlCreateTable create) {
    if (create.getColumnList().isEmpty()) {
      throw errors.unsupported(
          "a table without a column list (CREATE TABLE ... AS / LIKE)", create.getParserPosition());
    }
    if (create instanceof SqlCreateTableAs as) {
      throw errors.unsupported(
          "CREATE TABLE ... AS (a query)", as.getAsQuery().getParserPosition(), "AS");
    }
    if (create instanceof SqlCreateTableLike like) {
      throw errors.unsupported("LIKE", like.getTableLike().getParserPosition(), "LIKE");
    }
    if (!create.getPartitionKeyList().isEmpty()) {
      throw errors.unsupported(
          "PARTITIONED BY (a Kafka table has no partition columns)",
          create.getPartitionKeyList().getParserPosition(),
          "PARTITIONED");
    }
    List<String> primaryKey = primaryKey(create);
    List<FlinkTable.Column> columns = new ArrayList<>();
    for (SqlNode c : create.getColumnList()) {
      columns.add(column((SqlTableColumn) c));
    }
    FlinkTable.Watermark watermark = create.getWatermark().map(this::watermark).orElse(null);
    String comment = create.getComment().map(FlinkDdlParser::string).orElse(null);
    Map<String, String> options = new LinkedHashMap<>();
    for (SqlNode o : create.getPropertyList()) {
      SqlTableOption option = (SqlTableOption) o;
      options.remove(option.getKeyString()); // the last value wins, in the last position
      options.put(option.getKeyString(), option.getValueString());
    }
    if (withRequired && options.isEmpty()) {
      throw errors.error("WITH ('connector' = 'kafka', ...) expected", null);
    }
    try {
      create.validate();
    } catch (SqlValidateException e) {
      throw errors.error(e.getMessage(), e.getErrorPosition());
    }
    return new FlinkTable(
        List.copyOf(create.getTableName().names),
        create.isIfNotExists(),
        List.copyOf(columns),
        List.copyOf(primaryKey),
        watermark,
        comment,
        options);
  }

  /** The one {@code PRIMARY KEY ... NOT ENFORCED}, on a column or the table, else empty. */
  private List<String> primaryKey(SqlCreateTable create) {
    List<SqlTableConstraint> constraints = new ArrayList<>();
    for (SqlNode c : create.getColumnList()) {
      if (c instanceof SqlRegularColumn regular) {
        regular.getConstraint().ifPresent(constraints::add);
      }
    }
    constraints.addAll(create.getTableConstraints());
    List<String> primaryKey = new ArrayList<>();
    for (SqlTableConstraint constraint : constraints) {
      if (constraint.isUnique()) {
        throw errors.unsupported("UNIQUE constraints", constraint.getParserPosition());
      }
      if (constraint.isEnforced()) {
        throw errors.unsupported(
            "PRIMARY KEY without NOT ENFORCED (Flink and this connector only know NOT ENFORCED"
                + " keys)",
            constraint.getParserPosition());
      }
      if (!primaryKey.isEmpty()) {
        throw errors.error("a second PRIMARY KEY", constraint.getParserPosition());
      }
      primaryKey.addAll(List.of(constraint.getColumnNames()));
    }
    return primaryKey;
  }

  private FlinkTable.Column column(SqlTableColumn column) {
    String name = column.getName().getSimple();
    String comment = column.getComment().map(FlinkDdlParser::string).orElse(null);
    if (column instanceof SqlComputedColumn computed) {
      String expression = errors.expressionText(computed.getExpr().getParserPosition());
      if (!withRequired) {
        throw errors.unsupported(
            "computed column '"
                + name
                + "' AS "
                + expression
                + " (a schema declares physical columns only)",
            column.getParserPosition());
      }
      return new FlinkTable.Column(name, null, expression, null, false, comment, expression);
    }
    String metadataKey = null;
    boolean virtual = false;
    SqlNode typeSpec;
    if (column instanceof SqlMetadataColumn metadata) {
      metadataKey = metadata.getMetadataAlias().orElse(name);
      virtual = metadata.isVirtual();
      typeSpec = metadata.getType();
    } else {
      typeSpec = ((SqlRegularColumn) column).getType();
    }
    String typeText =
        errors.textBetween(column.getName().getParserPosition(), typeSpec.getParserPosition());
    return new FlinkTable.Column(
        name, type(name, typeText), typeText, metadataKey, virtual, comment, null);
  }

  /** The type as the schema module reads it. */
  private FieldType type(String column, String typeText) {
    try {
      return SqlType.parse(typeText);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          errors.prefix()
              + "column '"
              + column
              + "' has type '"
              + typeText
              + "' that cannot be read: "
              + e.getMessage(),
          e);
    }
  }

  private FlinkTable.Watermark watermark(SqlWatermark watermark) {
    String column = String.join(".", watermark.getEventTimeColumnName().names);
    SqlNode strategy = watermark.getWatermarkStrategy();
    return new FlinkTable.Watermark(
        column,
        errors.expressionText(strategy.getParserPosition()),
        WatermarkDelay.of(column, strategy));
  }

  /** A string literal's value; {@code 'a' 'b'} is one literal in Flink SQL, as in standard SQL. */
  private static @Nullable String string(SqlNode literal) {
    return SqlLiteral.unchain(literal).getValueAs(String.class);
  }
}
