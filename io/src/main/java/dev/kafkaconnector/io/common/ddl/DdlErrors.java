package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The text of one statement seen through the positions of Flink's parser: the messages, which name
 * the table and the line and column and never show a token near the value of a secret option, and
 * the text of a type or an expression as written. Kept apart so that {@link FlinkDdlParser} reads
 * as the translation of Flink's parse tree.
 */
final class DdlErrors {
  /** At most this many of the parser's expected tokens are listed in a message. */
  private static final int EXPECTED_SHOWN = 8;

  private final String text;
  private final List<Token> tokens;
  private String table;

  DdlErrors(String text, List<Token> tokens) {
    this.text = text;
    this.tokens = tokens;
    this.table = guessTable(tokens);
  }

  /** The table's name as Flink's parser read it, for the messages from here on. */
  DdlErrors table(String name) {
    this.table = name;
    return this;
  }

  /** The start of every message: which table's DDL. */
  String prefix() {
    return "Flink DDL of table '" + table + "': ";
  }

  /** {@code what}, and the token found at {@code pos} (the end of the statement when null). */
  IllegalArgumentException error(String what, @Nullable SqlParserPos pos) {
    int at = pos == null ? text.length() : offset(pos.getLineNum(), pos.getColumnNum());
    Token found = tokenAt(at);
    String secret = secretNear(found);
    String shown =
        secret == null || found.kind() == Kind.END
            ? found.shown()
            : "a token not shown (near the value of secret option '" + secret + "')";
    return new IllegalArgumentException(
        prefix() + what + ", found " + shown + " at " + position(found.start()));
  }

  IllegalArgumentException unsupported(String construct, SqlParserPos pos) {
    return unsupported(construct, pos, null);
  }

  /**
   * {@code construct} is not supported; the position is that of {@code keyword} (the last one
   * before {@code pos}, which Flink's parser may put on the clause's first operand) when given.
   */
  IllegalArgumentException unsupported(
      String construct, SqlParserPos pos, @Nullable String keyword) {
    int at = offset(pos.getLineNum(), pos.getColumnNum());
    if (keyword != null) {
      for (Token t : tokens) {
        if (t.start() <= at && t.isWord(keyword)) {
          at = t.start();
        }
      }
    }
    return new IllegalArgumentException(
        prefix() + construct + " is not supported (at " + position(at) + ")");
  }

  /**
   * Flink's parse error as the same kind of message: what Flink's grammar expected and what it
   * found, where. Flink's own message is not passed on: it shows the token it found, which may be
   * (part of) a secret value.
   */
  IllegalArgumentException parse(SqlParseException e) {
    Set<String> expected = new LinkedHashSet<>();
    for (String name : e.getExpectedTokenNames()) {
      if (!name.equals("\"UESCAPE\"")) { // a Unicode string's escape character: noise here
        expected.add(readable(name));
      }
    }
    String what;
    if (expected.isEmpty()) {
      String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
      what =
          first.startsWith("Lexical error")
              ? "a character that Flink SQL does not know"
              : first.replaceAll(" at line \\d+, column \\d+\\.?", "");
      return error("Flink's grammar refused the statement: " + what, e.getPos());
    }
    List<String> list = List.copyOf(expected);
    what =
        list.size() > EXPECTED_SHOWN && list.contains("INTERVAL") && list.contains("a literal")
            ? "an expression"
            : list.size() == 1
                ? list.get(0)
                : list.size() > EXPECTED_SHOWN
                    ? "one of " + String.join(", ", list.subList(0, EXPECTED_SHOWN)) + ", …"
                    : String.join(", ", list.subList(0, list.size() - 1))
                        + " or "
                        + list.get(list.size() - 1);
    return error(what + " expected", e.getPos());
  }

  /** A token name of Flink's grammar as a user reads it. */
  private static String readable(String name) {
    if (name.startsWith("\"") && name.endsWith("\"") && name.length() > 1) {
      String word = name.substring(1, name.length() - 1).replace("\\\"", "\"");
      return word.length() == 1 ? "'" + word + "'" : word;
    }
    if (name.contains("IDENTIFIER")) {
      return "a name";
    }
    if (name.contains("STRING") || name.contains("QUOTED")) {
      return "a quoted string";
    }
    if (name.contains("LITERAL")) {
      return "a literal";
    }
    if (name.equals("<EOF>")) {
      return "the end of the statement";
    }
    return name;
  }

  /**
   * The text of an expression at {@code pos}, as written; widened to the parentheses that Flink's
   * positions leave out ({@code (a + 1) * 2} has the position of {@code a + 1) * 2}). {@code pos}
   * is that of an expression after {@code AS} (a computed column's or a watermark's).
   */
  String expressionText(SqlParserPos pos) {
    int from = offset(pos.getLineNum(), pos.getColumnNum());
    int to = offset(pos.getEndLineNum(), pos.getEndColumnNum()) + 1;
    int first = tokenIndex(from);
    int last = first;
    while (last + 1 < tokens.size() && tokens.get(last + 1).start() < to) {
      last++;
    }
    int depth = 0;
    int lowest = 0;
    for (int i = first; i <= last; i++) {
      depth += tokens.get(i).isSymbol('(') ? 1 : tokens.get(i).isSymbol(')') ? -1 : 0;
      lowest = Math.min(lowest, depth);
    }
    for (int open = -lowest; open > 0 && first > 0 && tokens.get(first - 1).isSymbol('('); open--) {
      first--;
    }
    for (int close = depth - lowest;
        close > 0 && last + 1 < tokens.size() && tokens.get(last + 1).isSymbol(')');
        close--) {
      last++;
    }
    // and the parentheses around the whole expression ((a)): it always follows AS
    while (first > 0
        && tokens.get(first - 1).isSymbol('(')
        && last + 1 < tokens.size()
        && tokens.get(last + 1).isSymbol(')')) {
      first--;
      last++;
    }
    return text.substring(tokens.get(first).start(), tokens.get(last).end());
  }

  /** The text after {@code before} (a column's name) to the end of {@code upTo} (its type). */
  String textBetween(SqlParserPos before, SqlParserPos upTo) {
    int from = offset(before.getEndLineNum(), before.getEndColumnNum()) + 1;
    int to = offset(upTo.getEndLineNum(), upTo.getEndColumnNum()) + 1;
    Token first = tokens.get(tokenIndex(from));
    return text.substring(first.start(), Math.max(first.start(), to)).trim();
  }

  /** The index of the first token that ends after {@code offset}. */
  private int tokenIndex(int offset) {
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).end() > offset || tokens.get(i).kind() == Kind.END) {
        return i;
      }
    }
    return tokens.size() - 1;
  }

  private Token tokenAt(int offset) {
    return tokens.get(tokenIndex(offset));
  }

  /**
   * The secret option whose '=', value or following token {@code t} is, if any: the tokens that may
   * be (part of) its value when the statement is malformed.
   */
  private @Nullable String secretNear(Token t) {
    int at = tokens.indexOf(t);
    for (int key = Math.max(0, at - 3); key < at; key++) {
      Token k = tokens.get(key);
      if (k.kind() == Kind.STRING && Secrets.isSecretOption(k.text())) {
        return k.text();
      }
    }
    return null;
  }

  /** The character offset of a 1-based line and column of Flink's parser (a tab is 1 column). */
  private int offset(int line, int column) {
    int at = 0;
    for (int l = 1; l < line; l++) {
      int newline = text.indexOf('\n', at);
      if (newline < 0) {
        return text.length();
      }
      at = newline + 1;
    }
    return Math.min(text.length(), at + column - 1);
  }

  /** Line and column of an offset, 1-based. */
  private String position(int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return "line " + line + ", column " + (offset - lineStart + 1);
  }

  /** The table's name before Flink's parser has read it: the words after CREATE ... TABLE. */
  private static String guessTable(List<Token> tokens) {
    int i = 0;
    while (i < tokens.size() - 1 && !tokens.get(i).isWord("TABLE")) {
      i++;
    }
    i++;
    if (i + 2 < tokens.size() && tokens.get(i).isWord("IF")) {
      i += 3;
    }
    StringBuilder name = new StringBuilder();
    while (i < tokens.size()
        && (tokens.get(i).kind() == Kind.WORD || tokens.get(i).kind() == Kind.QUOTED_NAME)) {
      name.append(tokens.get(i).text());
      if (i + 1 < tokens.size() && tokens.get(i + 1).isSymbol('.')) {
        name.append('.');
        i += 2;
      } else {
        break;
      }
    }
    return name.isEmpty() ? "?" : name.toString();
  }
}
