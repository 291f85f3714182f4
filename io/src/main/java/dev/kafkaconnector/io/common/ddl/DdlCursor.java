package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The position of {@link FlinkDdlParser} in the tokens of one statement, with the steps every rule
 * takes (look, accept, expect) and the parser's error messages, which name the table and the line
 * and column, and never show a token near the value of a secret option. Kept apart so that the
 * parser reads as the grammar.
 */
final class DdlCursor {
  private final String text;
  private final List<Token> tokens;
  private int at;

  /** The table's name once read, for the messages. */
  private String table = "?";

  /** The secret option whose '=', value and following token are being read, if any. */
  private @Nullable String secretOption;

  DdlCursor(String text) {
    this.text = text;
    this.tokens = DdlTokenizer.tokenize(text);
  }

  void table(String name) {
    this.table = name;
  }

  /** Marks the tokens read from now on as (maybe) the value of secret option {@code key}. */
  void secretOption(@Nullable String key) {
    this.secretOption = key;
  }

  /** The index of the next token. */
  int index() {
    return at;
  }

  /** The tokens {@code [from, to)}. */
  List<Token> tokens(int from, int to) {
    return tokens.subList(from, to);
  }

  /** The statement's text from {@code first} to the end of the last token read. */
  String textFrom(Token first) {
    return text.substring(first.start(), tokens.get(at - 1).end());
  }

  Token peek() {
    return tokens.get(at);
  }

  void next() {
    if (at < tokens.size() - 1) {
      at++;
    }
  }

  String name(String what) {
    Token t = peek();
    if (t.kind() == Kind.WORD || t.kind() == Kind.QUOTED_NAME) {
      next();
      return t.text();
    }
    throw error(what + " expected", t);
  }

  String string(String what) {
    Token t = peek();
    if (t.kind() != Kind.STRING) {
      throw error(what + " expected", t);
    }
    next();
    return t.text();
  }

  boolean acceptWord(String word) {
    if (peek().isWord(word)) {
      next();
      return true;
    }
    return false;
  }

  void expectWord(String word) {
    if (!acceptWord(word)) {
      throw error(word + " expected", peek());
    }
  }

  boolean acceptSymbol(char c) {
    if (peek().isSymbol(c)) {
      next();
      return true;
    }
    return false;
  }

  void expectSymbol(char c) {
    if (!acceptSymbol(c)) {
      throw error("'" + c + "' expected", peek());
    }
  }

  /** The start of every message: which table's DDL. */
  String prefix() {
    return "Flink DDL of table '" + table + "': ";
  }

  IllegalArgumentException error(String what, Token where) {
    String found =
        secretOption == null || where.kind() == Kind.END
            ? where.shown()
            : "a token not shown (near the value of secret option '" + secretOption + "')";
    return new IllegalArgumentException(
        prefix() + what + ", found " + found + " at " + position(where));
  }

  IllegalArgumentException unsupported(String construct, Token where) {
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
