package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import dev.kafkaconnector.schema.SqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A recursive-descent parser of Flink's {@code CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name
 * (columns, constraints, watermark) [COMMENT '...'] WITH ('key' = 'value', ...)} over the tokens of
 * {@link DdlTokenizer}. Column types are cut out of the text as written (nested {@code <>} and
 * {@code ()} included) and read by the schema module's {@link SqlType}; a computed column ({@code
 * name AS expression}) keeps its expression as written. What a Kafka table cannot be ({@code
 * PARTITIONED BY}, {@code LIKE}, {@code AS SELECT}, an enforced primary key) is rejected naming the
 * construct and the table. Beam's vendored Calcite parser is not used: it knows neither {@code WITH
 * (...)} nor {@code METADATA}.
 */
public final class FlinkDdlParser {
  /** Words that end a column's type at nesting depth 0. */
  private static final Set<String> AFTER_TYPE =
      Set.of("METADATA", "COMMENT", "PRIMARY", "CONSTRAINT");

  private final DdlCursor in;

  /** Whether the statement must have a WITH clause (a table definition) or not (a schema). */
  private final boolean withRequired;

  private FlinkDdlParser(String text, boolean withRequired) {
    this.in = new DdlCursor(text);
    this.withRequired = withRequired;
  }

  /**
   * Reads one statement (a trailing {@code ;} is allowed).
   *
   * @throws IllegalArgumentException naming the construct, the table and the position
   */
  public static FlinkTable parse(String statement) {
    return new FlinkDdlParser(statement, true).createTable();
  }

  /**
   * Reads one statement whose WITH clause is optional: a schema only, as {@code
   * scan.value.initial-schemas.ddls} declares tables ({@code CREATE TABLE db1.t1 (id BIGINT)}).
   */
  public static FlinkTable parseSchema(String statement) {
    return new FlinkDdlParser(statement, false).createTable();
  }

  private FlinkTable createTable() {
    in.expectWord("CREATE");
    in.acceptWord("TEMPORARY");
    in.expectWord("TABLE");
    boolean ifNotExists = false;
    if (in.acceptWord("IF")) {
      in.expectWord("NOT");
      in.expectWord("EXISTS");
      ifNotExists = true;
    }
    List<String> name = tableName();
    List<FlinkTable.Column> columns = new ArrayList<>();
    List<String> primaryKey = new ArrayList<>();
    FlinkTable.Watermark watermark = tableElements(columns, primaryKey);
    String comment = null;
    if (in.acceptWord("COMMENT")) {
      comment = in.string("the table comment");
    }
    rejectDistribution();
    Map<String, String> options = withClause();
    expectEnd();
    return new FlinkTable(
        List.copyOf(name),
        ifNotExists,
        List.copyOf(columns),
        List.copyOf(primaryKey),
        watermark,
        comment,
        options);
  }

  /** The table's dotted name, which the messages name from then on. */
  private List<String> tableName() {
    List<String> name = new ArrayList<>();
    do {
      name.add(in.name("a table name"));
    } while (in.acceptSymbol('.'));
    in.table(String.join(".", name));
    return name;
  }

  /**
   * Reads the parenthesised columns and constraints into {@code columns} and {@code primaryKey};
   * returns the WATERMARK clause, or null.
   */
  private FlinkTable.@Nullable Watermark tableElements(
      List<FlinkTable.Column> columns, List<String> primaryKey) {
    FlinkTable.Watermark watermark = null;
    if (!in.peek().isSymbol('(')) {
      throw in.unsupported("a table without a column list (CREATE TABLE ... AS / LIKE)", in.peek());
    }
    in.expectSymbol('(');
    do {
      Token first = in.peek();
      if (first.isWord("WATERMARK")) {
        if (watermark != null) {
          throw in.error("a second WATERMARK clause", first);
        }
        watermark = watermark();
      } else if (first.isWord("PRIMARY") || first.isWord("CONSTRAINT")) {
        if (!primaryKey.isEmpty()) {
          throw in.error("a second PRIMARY KEY", first);
        }
        primaryKey.addAll(tableConstraint());
      } else {
        columns.add(column(primaryKey));
      }
    } while (in.acceptSymbol(','));
    in.expectSymbol(')');
    return watermark;
  }

  private void rejectDistribution() {
    if (in.peek().isWord("PARTITIONED")) {
      throw in.unsupported("PARTITIONED BY (a Kafka table has no partition columns)", in.peek());
    }
    if (in.peek().isWord("DISTRIBUTED")) {
      throw in.unsupported("DISTRIBUTED BY", in.peek());
    }
  }

  /** The options of the WITH clause; none when it is absent and not required. */
  private Map<String, String> withClause() {
    Map<String, String> options = Map.of();
    if (in.peek().isWord("WITH")) {
      in.next();
      options = options();
    } else if (withRequired) {
      throw in.error("WITH ('connector' = 'kafka', ...) expected", in.peek());
    }
    return options;
  }

  /** Rejects LIKE and AS, then expects the end of the statement (after an optional ';'). */
  private void expectEnd() {
    Token rest = in.peek();
    if (rest.isWord("LIKE")) {
      throw in.unsupported("LIKE", rest);
    }
    if (rest.isWord("AS")) {
      throw in.unsupported("CREATE TABLE ... AS (a query)", rest);
    }
    in.acceptSymbol(';');
    if (in.peek().kind() != Kind.END) {
      throw in.error("the end of the statement expected (one statement at a time)", in.peek());
    }
  }

  private FlinkTable.Column column(List<String> primaryKey) {
    String name = in.name("a column name");
    Token afterName = in.peek();
    if (afterName.isWord("AS")) {
      in.next();
      String expression = expressionText(true);
      if (!withRequired) {
        throw in.unsupported(
            "computed column '"
                + name
                + "' AS "
                + expression
                + " (a schema declares physical columns only)",
            afterName);
      }
      if (expression.isEmpty()) {
        throw in.error("an expression expected for computed column '" + name + "'", in.peek());
      }
      String comment = in.acceptWord("COMMENT") ? in.string("a column comment") : null;
      return new FlinkTable.Column(name, null, expression, null, false, comment, expression);
    }
    FieldType type = type(name);
    String typeText = in.textFrom(afterName);
    String metadataKey = null;
    boolean virtual = false;
    String comment = null;
    if (in.acceptWord("METADATA")) {
      metadataKey = in.acceptWord("FROM") ? in.string("a metadata key") : name;
      virtual = in.acceptWord("VIRTUAL");
    }
    if (in.peek().isWord("PRIMARY") || in.peek().isWord("CONSTRAINT")) {
      Token constraint = in.peek();
      if (in.acceptWord("CONSTRAINT")) {
        in.name("a constraint name");
      }
      in.expectWord("PRIMARY");
      in.expectWord("KEY");
      notEnforced(constraint);
      if (!primaryKey.isEmpty()) {
        throw in.error("a second PRIMARY KEY", constraint);
      }
      primaryKey.add(name);
    }
    if (in.acceptWord("COMMENT")) {
      comment = in.string("a column comment");
    }
    return new FlinkTable.Column(name, type, typeText, metadataKey, virtual, comment, null);
  }

  /** Reads the type's tokens up to the column's next clause and parses their text. */
  private FieldType type(String column) {
    Token first = in.peek();
    int depth = 0;
    while (true) {
      Token t = in.peek();
      if (t.kind() == Kind.END) {
        throw in.error("the column list is not closed", t);
      }
      if (depth == 0
          && (t.isSymbol(',')
              || t.isSymbol(')')
              || (t.kind() == Kind.WORD
                  && AFTER_TYPE.contains(t.text().toUpperCase(Locale.ROOT))))) {
        break;
      }
      if (t.isSymbol('<') || t.isSymbol('(')) {
        depth++;
      } else if (t.isSymbol('>') || t.isSymbol(')')) {
        depth--;
      }
      in.next();
    }
    if (first == in.peek()) {
      throw in.error("a type expected for column '" + column + "'", first);
    }
    String typeText = in.textFrom(first);
    try {
      return SqlType.parse(typeText);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          in.prefix()
              + "column '"
              + column
              + "' has type '"
              + typeText
              + "' that cannot be read: "
              + e.getMessage(),
          e);
    }
  }

  private List<String> tableConstraint() {
    Token start = in.peek();
    if (in.acceptWord("CONSTRAINT")) {
      in.name("a constraint name");
    }
    if (in.acceptWord("UNIQUE")) {
      throw in.unsupported("UNIQUE constraints", start);
    }
    in.expectWord("PRIMARY");
    in.expectWord("KEY");
    in.expectSymbol('(');
    List<String> columns = new ArrayList<>();
    do {
      columns.add(in.name("a primary key column"));
    } while (in.acceptSymbol(','));
    in.expectSymbol(')');
    notEnforced(start);
    return columns;
  }

  private void notEnforced(Token constraint) {
    if (in.acceptWord("NOT")) {
      in.expectWord("ENFORCED");
    } else {
      throw in.unsupported(
          "PRIMARY KEY without NOT ENFORCED (Flink and this connector only know NOT ENFORCED"
              + " keys)",
          constraint);
    }
  }

  private FlinkTable.Watermark watermark() {
    in.expectWord("WATERMARK");
    in.expectWord("FOR");
    String column = in.name("the watermark's column");
    in.expectWord("AS");
    int from = in.index();
    String expression = expressionText();
    return new FlinkTable.Watermark(
        column, expression, WatermarkDelay.of(column, in.tokens(from, in.index())));
  }

  /** Skips an expression up to a ',' or ')' at depth 0 and returns its text. */
  private String expressionText() {
    return expressionText(false);
  }

  /**
   * The text of an expression up to the next {@code ,} or {@code )} at its own nesting depth (and
   * up to {@code COMMENT}, for a computed column's).
   */
  private String expressionText(boolean upToComment) {
    Token first = in.peek();
    int depth = 0;
    while (true) {
      Token t = in.peek();
      if (t.kind() == Kind.END) {
        throw in.error("the column list is not closed", t);
      }
      if (depth == 0
          && (t.isSymbol(',') || t.isSymbol(')') || (upToComment && t.isWord("COMMENT")))) {
        break;
      }
      if (t.isSymbol('(')) {
        depth++;
      } else if (t.isSymbol(')')) {
        depth--;
      }
      in.next();
    }
    return first == in.peek() ? "" : in.textFrom(first);
  }

  private Map<String, String> options() {
    in.expectSymbol('(');
    Map<String, String> options = new LinkedHashMap<>();
    if (in.acceptSymbol(')')) {
      return options;
    }
    do {
      in.secretOption(null);
      String key = in.string("an option key ('key' = 'value')");
      // From here to the token after the value, a token shown in an error may be (part of) the
      // secret value: errors name the option instead.
      in.secretOption(Secrets.isSecretOption(key) ? key : null);
      in.expectSymbol('=');
      String value = in.string("the value of option '" + key + "' (a quoted string)");
      options.remove(key); // the last value wins, in the last position
      options.put(key, value);
    } while (in.acceptSymbol(','));
    in.expectSymbol(')');
    in.secretOption(null);
    return options;
  }
}
