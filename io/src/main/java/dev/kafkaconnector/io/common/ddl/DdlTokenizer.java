package dev.kafkaconnector.io.common.ddl;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a Flink SQL statement into tokens: words, {@code `quoted`} identifiers ({@code ``} for a
 * backquote), {@code 'string'} literals ({@code ''} for a quote), numbers and one-character
 * symbols. {@code -- line} and {@code /* block *}{@code /} comments are skipped. Every token keeps
 * its position in the text, so that a type can be cut out of the text as written and errors can say
 * where they are.
 */
public final class DdlTokenizer {

  /** What a token is. */
  public enum Kind {
    WORD,
    QUOTED_NAME,
    STRING,
    NUMBER,
    SYMBOL,
    END
  }

  /**
   * One token.
   *
   * @param kind what it is
   * @param text a word as written, a quoted name or string without its quotes, a symbol
   * @param start the position of its first character in the statement
   * @param end the position after its last character
   */
  public record Token(Kind kind, String text, int start, int end) {

    /** Whether this is the word {@code word} (any case). */
    public boolean isWord(String word) {
      return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    public boolean isSymbol(char c) {
      return kind == Kind.SYMBOL && text.charAt(0) == c;
    }

    /** The token as a user would recognise it in a message. */
    public String shown() {
      return switch (kind) {
        case QUOTED_NAME -> "`" + text + "`";
        case STRING -> "'" + text + "'";
        case END -> "the end of the statement";
        default -> text;
      };
    }
  }

  private final String text;
  private int pos;

  private DdlTokenizer(String text) {
    this.text = text;
  }

  /**
   * The tokens of {@code statement}, ending with one {@link Kind#END} token.
   *
   * @throws IllegalArgumentException for an unterminated quote or comment, saying where it starts
   */
  public static List<Token> tokenize(String statement) {
    return new DdlTokenizer(statement).all();
  }

  private List<Token> all() {
    List<Token> tokens = new ArrayList<>();
    while (true) {
      skipSpaceAndComments();
      if (pos >= text.length()) {
        tokens.add(new Token(Kind.END, "", text.length(), text.length()));
        return tokens;
      }
      tokens.add(next());
    }
  }

  private Token next() {
    int start = pos;
    char c = text.charAt(pos);
    if (c == '`') {
      return new Token(Kind.QUOTED_NAME, quoted('`', "quoted name"), start, pos);
    }
    if (c == '\'') {
      return new Token(Kind.STRING, quoted('\'', "string"), start, pos);
    }
    if (Character.isLetter(c) || c == '_' || c == '$') {
      while (pos < text.length() && isWordPart(text.charAt(pos))) {
        pos++;
      }
      return new Token(Kind.WORD, text.substring(start, pos), start, pos);
    }
    if (Character.isDigit(c)) {
      while (pos < text.length()
          && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
        pos++;
      }
      return new Token(Kind.NUMBER, text.substring(start, pos), start, pos);
    }
    pos++;
    return new Token(Kind.SYMBOL, String.valueOf(c), start, pos);
  }

  private static boolean isWordPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  /** The content of a quoted token starting at {@code pos}, a doubled quote standing for one. */
  private String quoted(char quote, String what) {
    int start = pos;
    StringBuilder out = new StringBuilder();
    pos++;
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == quote) {
        if (pos < text.length() && text.charAt(pos) == quote) {
          out.append(quote);
          pos++;
        } else {
          return out.toString();
        }
      } else {
        out.append(c);
      }
    }
    // No excerpt: the literal may be the value of a secret option (a password, a JAAS line).
    throw new IllegalArgumentException(
        "unterminated "
            + what
            + " starting at position "
            + start
            + " (its text is not shown: it may hold a secret)");
  }

  private void skipSpaceAndComments() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("--", pos)) {
        int end = text.indexOf('\n', pos);
        pos = end < 0 ? text.length() : end + 1;
      } else if (text.startsWith("/*", pos)) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw new IllegalArgumentException(
              "unterminated /* comment starting at position " + pos + ": " + excerpt(pos));
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  private String excerpt(int from) {
    String rest = text.substring(from);
    return rest.length() > 40 ? rest.substring(0, 40) + "…" : rest;
  }
}
