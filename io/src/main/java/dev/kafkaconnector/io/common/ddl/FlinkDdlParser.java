package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import dev.kafkaconnector.schema.SqlType;
import java.math.BigDecimal;
import java.time.Duration;
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
 * {@code ()} included) and read by the schema module's {@link SqlType}. What a Kafka table cannot
 * be (computed columns, {@code PARTITIONED BY}, {@code LIKE}, {@code AS SELECT}, an enforced
 * primary key) is rejected naming the construct and the table. Beam's vendored Calcite parser is
 * not used: it knows neither {@code WITH (...)} nor {@code METADATA}.
 */
public final class FlinkDdlParser {
  /** Words that end a column's type at nesting depth 0. */
  private static final Set<String> AFTER_TYPE =
      Set.of("METADATA", "COMMENT", "PRIMARY", "CONSTRAINT");

  private final String text;
  private final List<Token> tokens;
  private int at;
  private String table = "?";

  /** The secret option whose '=', value and following token are being read, if any. */
  private @Nullable String secretOption;

  /** Whether the statement must have a WITH clause (a table definition) or not (a schema). */
  private final boolean withRequired;

  private FlinkDdlParser(String text, boolean withRequired) {
    this.text = text;
    this.tokens = DdlTokenizer.tokenize(text);
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
    expectWord("CREATE");
    acceptWord("TEMPORARY");
    expectWord("TABLE");
    boolean ifNotExists = false;
    if (acceptWord("IF")) {
      expectWord("NOT");
      expectWord("EXISTS");
      ifNotExists = true;
    }
    List<String> name = new ArrayList<>();
    do {
      name.add(name("a table name"));
    } while (acceptSymbol('.'));
    table = String.join(".", name);
    List<FlinkTable.Column> columns = new ArrayList<>();
    List<String> primaryKey = new ArrayList<>();
    FlinkTable.Watermark watermark = null;
    if (!peek().isSymbol('(')) {
      throw unsupported("a table without a column list (CREATE TABLE ... AS / LIKE)", peek());
    }
    expectSymbol('(');
    do {
      Token first = peek();
      if (first.isWord("WATERMARK")) {
        if (watermark != null) {
          throw error("a second WATERMARK clause", first);
        }
        watermark = watermark();
      } else if (first.isWord("PRIMARY") || first.isWord("CONSTRAINT")) {
        if (!primaryKey.isEmpty()) {
          throw error("a second PRIMARY KEY", first);
        }
        primaryKey.addAll(tableConstraint());
      } else {
        columns.add(column(primaryKey));
      }
    } while (acceptSymbol(','));
    expectSymbol(')');
    String comment = null;
    if (acceptWord("COMMENT")) {
      comment = string("the table comment");
    }
    if (peek().isWord("PARTITIONED")) {
      throw unsupported("PARTITIONED BY (a Kafka table has no partition columns)", peek());
    }
    if (peek().isWord("DISTRIBUTED")) {
      throw unsupported("DISTRIBUTED BY", peek());
    }
    Map<String, String> options = Map.of();
    if (peek().isWord("WITH")) {
      next();
      options = options();
    } else if (withRequired) {
      throw error("WITH ('connector' = 'kafka', ...) expected", peek());
    }
    Token rest = peek();
    if (rest.isWord("LIKE")) {
      throw unsupported("LIKE", rest);
    }
    if (rest.isWord("AS")) {
      throw unsupported("CREATE TABLE ... AS (a query)", rest);
    }
    acceptSymbol(';');
    if (peek().kind() != Kind.END) {
      throw error("the end of the statement expected (one statement at a time)", peek());
    }
    return new FlinkTable(
        List.copyOf(name),
        ifNotExists,
        List.copyOf(columns),
        List.copyOf(primaryKey),
        watermark,
        comment,
        options);
  }

  private FlinkTable.Column column(List<String> primaryKey) {
    String name = name("a column name");
    Token afterName = peek();
    if (afterName.isWord("AS")) {
      next();
      throw unsupported(
          "computed column '"
              + name
              + "' AS "
              + expressionText()
              + " (Beam SQL tables have no"
              + " computed columns; compute it in the query)",
          afterName);
    }
    FieldType type = type(name);
    String typeText = text.substring(afterName.start(), tokens.get(at - 1).end());
    String metadataKey = null;
    boolean virtual = false;
    String comment = null;
    if (acceptWord("METADATA")) {
      metadataKey = acceptWord("FROM") ? string("a metadata key") : name;
      virtual = acceptWord("VIRTUAL");
    }
    if (peek().isWord("PRIMARY") || peek().isWord("CONSTRAINT")) {
      Token constraint = peek();
      if (acceptWord("CONSTRAINT")) {
        name("a constraint name");
      }
      expectWord("PRIMARY");
      expectWord("KEY");
      notEnforced(constraint);
      if (!primaryKey.isEmpty()) {
        throw error("a second PRIMARY KEY", constraint);
      }
      primaryKey.add(name);
    }
    if (acceptWord("COMMENT")) {
      comment = string("a column comment");
    }
    return new FlinkTable.Column(name, type, typeText, metadataKey, virtual, comment);
  }

  /** Reads the type's tokens up to the column's next clause and parses their text. */
  private FieldType type(String column) {
    Token first = peek();
    int depth = 0;
    while (true) {
      Token t = peek();
      if (t.kind() == Kind.END) {
        throw error("the column list is not closed", t);
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
      next();
    }
    if (first == peek()) {
      throw error("a type expected for column '" + column + "'", first);
    }
    String typeText = text.substring(first.start(), tokens.get(at - 1).end());
    try {
      return SqlType.parse(typeText);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          prefix()
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
    Token start = peek();
    if (acceptWord("CONSTRAINT")) {
      name("a constraint name");
    }
    if (acceptWord("UNIQUE")) {
      throw unsupported("UNIQUE constraints", start);
    }
    expectWord("PRIMARY");
    expectWord("KEY");
    expectSymbol('(');
    List<String> columns = new ArrayList<>();
    do {
      columns.add(name("a primary key column"));
    } while (acceptSymbol(','));
    expectSymbol(')');
    notEnforced(start);
    return columns;
  }

  private void notEnforced(Token constraint) {
    if (acceptWord("NOT")) {
      expectWord("ENFORCED");
    } else {
      throw unsupported(
          "PRIMARY KEY without NOT ENFORCED (Flink and this connector only know NOT ENFORCED"
              + " keys)",
          constraint);
    }
  }

  private FlinkTable.Watermark watermark() {
    expectWord("WATERMARK");
    expectWord("FOR");
    String column = name("the watermark's column");
    expectWord("AS");
    int from = at;
    String expression = expressionText();
    return new FlinkTable.Watermark(column, expression, delay(column, from, at));
  }

  /**
   * The bound of {@code column} or {@code column - INTERVAL 'n' unit} in tokens {@code [from, to)};
   * null for any other expression.
   */
  private @Nullable Duration delay(String column, int from, int to) {
    List<Token> e = tokens.subList(from, to);
    boolean sameColumn =
        !e.isEmpty()
            && (e.get(0).kind() == Kind.WORD || e.get(0).kind() == Kind.QUOTED_NAME)
            && e.get(0).text().equals(column);
    if (sameColumn && e.size() == 1) {
      return Duration.ZERO;
    }
    if (!sameColumn
        || e.size() != 5
        || !e.get(1).isSymbol('-')
        || !e.get(2).isWord("INTERVAL")
        || e.get(3).kind() != Kind.STRING
        || e.get(4).kind() != Kind.WORD) {
      return null;
    }
    BigDecimal amount;
    try {
      amount = new BigDecimal(e.get(3).text().trim());
    } catch (NumberFormatException ex) {
      return null;
    }
    long unitMillis =
        switch (e.get(4).text().toUpperCase(Locale.ROOT)) {
          case "MILLISECOND", "MILLISECONDS" -> 1L;
          case "SECOND", "SECONDS" -> 1_000L;
          case "MINUTE", "MINUTES" -> 60_000L;
          case "HOUR", "HOURS" -> 3_600_000L;
          case "DAY", "DAYS" -> 86_400_000L;
          default -> -1L;
        };
    if (unitMillis < 0 || amount.signum() < 0) {
      return null;
    }
    return Duration.ofMillis(amount.multiply(BigDecimal.valueOf(unitMillis)).longValue());
  }

  /** Skips an expression up to a ',' or ')' at depth 0 and returns its text. */
  private String expressionText() {
    Token first = peek();
    int depth = 0;
    while (true) {
      Token t = peek();
      if (t.kind() == Kind.END) {
        throw error("the column list is not closed", t);
      }
      if (depth == 0 && (t.isSymbol(',') || t.isSymbol(')'))) {
        break;
      }
      if (t.isSymbol('(')) {
        depth++;
      } else if (t.isSymbol(')')) {
        depth--;
      }
      next();
    }
    return first == peek() ? "" : text.substring(first.start(), tokens.get(at - 1).end());
  }

  private Map<String, String> options() {
    expectSymbol('(');
    Map<String, String> options = new LinkedHashMap<>();
    if (acceptSymbol(')')) {
      return options;
    }
    do {
      secretOption = null;
      String key = string("an option key ('key' = 'value')");
      // From here to the token after the value, a token shown in an error may be (part of) the
      // secret value: errors name the option instead.
      secretOption = Secrets.isSecretOption(key) ? key : null;
      expectSymbol('=');
      String value = string("the value of option '" + key + "' (a quoted string)");
      options.remove(key); // the last value wins, in the last position
      options.put(key, value);
    } while (acceptSymbol(','));
    expectSymbol(')');
    secretOption = null;
    return options;
  }

  private String name(String what) {
    Token t = peek();
    if (t.kind() == Kind.WORD || t.kind() == Kind.QUOTED_NAME) {
      next();
      return t.text();
    }
    throw error(what + " expected", t);
  }

  private String string(String what) {
    Token t = peek();
    if (t.kind() != Kind.STRING) {
      throw error(what + " expected", t);
    }
    next();
    return t.text();
  }

  private Token peek() {
    return tokens.get(at);
  }

  private void next() {
    if (at < tokens.size() - 1) {
      at++;
    }
  }

  private boolean acceptWord(String word) {
    if (peek().isWord(word)) {
      next();
      return true;
    }
    return false;
  }

  private void expectWord(String word) {
    if (!acceptWord(word)) {
      throw error(word + " expected", peek());
    }
  }

  private boolean acceptSymbol(char c) {
    if (peek().isSymbol(c)) {
      next();
      return true;
    }
    return false;
  }

  private void expectSymbol(char c) {
    if (!acceptSymbol(c)) {
      throw error("'" + c + "' expected", peek());
    }
  }

  private String prefix() {
    return "Flink DDL of table '" + table + "': ";
  }

  private IllegalArgumentException error(String what, Token where) {
    String found =
        secretOption == null || where.kind() == Kind.END
            ? where.shown()
            : "a token not shown (near the value of secret option '" + secretOption + "')";
    return new IllegalArgumentException(
        prefix() + what + ", found " + found + " at " + position(where));
  }

  private IllegalArgumentException unsupported(String construct, Token where) {
    return new IllegalArgumentException(
        prefix() + construct + " is not supported (at " + position(where) + ")");
  }

  /** Line and column of a token, 1-based. */
  private String position(Token t) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < t.start() && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return "line " + line + ", column " + (t.start() - lineStart + 1);
  }
}
