package dev.kafkaconnector.formats.csv;

import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.List;

/**
 * The options of the {@code csv} format, keys as in the spec (section 18) and Flink's CSV format,
 * with Flink's defaults. {@link #dialect(Configuration)} validates them together and resolves them
 * into a {@link CsvDialect}.
 */
public final class CsvOptions {
  private CsvOptions() {}

  public static final ConfigOption<String> FIELD_DELIMITER =
      ConfigOption.string(
          "csv.field-delimiter",
          ",",
          "Field delimiter, a single character. Java escapes are understood, for example '\\t' for"
              + " a tab.");

  /** The spec's default of {@link #LINE_DELIMITER}, as it writes it: a line feed. */
  static final String SPEC_LINE_DELIMITER = "U&'\\000A'";

  public static final ConfigOption<String> LINE_DELIMITER =
      ConfigOption.string(
          "csv.line-delimiter",
          SPEC_LINE_DELIMITER,
          "Line delimiter written after each encoded row: a line feed by default, else \\r,"
              + " \\r\\n or empty (nothing written). It may be given as in Flink SQL, U&'\\000A'"
              + " (line feed) or U&'\\000D' (carriage return), or with Java escapes (\\n, \\r)."
              + " Decoding accepts a trailing \\n, \\r or \\r\\n whatever this option says.");

  public static final ConfigOption<Boolean> DISABLE_QUOTE_CHARACTER =
      ConfigOption.bool(
          "csv.disable-quote-character",
          false,
          "Disables the quote character that encloses field values. When true,"
              + " 'csv.quote-character' must not be set; the encoder then refuses a value that"
              + " holds the field delimiter or a line break, since it could not be read back.");

  public static final ConfigOption<String> QUOTE_CHARACTER =
      ConfigOption.string(
          "csv.quote-character",
          "\"",
          "Quote character that encloses field values, a single character. Inside a quoted value"
              + " the quote character is doubled.");

  public static final ConfigOption<Boolean> ALLOW_COMMENTS =
      ConfigOption.bool(
          "csv.allow-comments",
          false,
          "Ignores comment lines that start with '#'. A message that holds only comments gives no"
              + " row (and is not an error).");

  public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS =
      ConfigOption.bool(
          "csv.ignore-parse-errors",
          false,
          "Skips fields and rows that cannot be parsed instead of failing: a field that cannot be"
              + " parsed becomes null (the row is skipped when the field is NOT NULL), a line that"
              + " cannot be parsed is skipped. Each one is counted in the"
              + " 'csv.ignored-parse-errors' counter.");

  public static final ConfigOption<String> ARRAY_ELEMENT_DELIMITER =
      ConfigOption.string(
          "csv.array-element-delimiter",
          ";",
          "Separates the elements of an ARRAY column and the fields of a ROW column (a string,"
              + " usually one character). An empty field is an empty ARRAY and a null ROW; with"
              + " 'csv.null-literal' set, a field that is just the literal is a null ARRAY or ROW."
              + " The encoder refuses an element that holds the delimiter.");

  public static final ConfigOption<String> ESCAPE_CHARACTER =
      ConfigOption.string(
          "csv.escape-character",
          "Escape character, a single character (disabled by default). The escaped character is"
              + " taken literally when reading.");

  public static final ConfigOption<String> NULL_LITERAL =
      ConfigOption.string(
          "csv.null-literal",
          "Text read as null, and written for null values (disabled by default: null is written"
              + " as an empty field, and an empty field of a non-STRING, non-BYTES column reads as"
              + " null). A STRING value equal to the literal reads back as null, quoted or not.");

  /** All options, in the spec's order. */
  public static List<ConfigOption<?>> all() {
    return List.of(
        FIELD_DELIMITER,
        LINE_DELIMITER,
        DISABLE_QUOTE_CHARACTER,
        QUOTE_CHARACTER,
        IGNORE_PARSE_ERRORS,
        ALLOW_COMMENTS,
        ARRAY_ELEMENT_DELIMITER,
        ESCAPE_CHARACTER,
        NULL_LITERAL);
  }

  /**
   * Validates the options and resolves them.
   *
   * @throws IllegalArgumentException naming the key(s) of a bad value or combination
   */
  static CsvDialect dialect(Configuration options) {
    boolean disableQuote = options.get(DISABLE_QUOTE_CHARACTER);
    if (disableQuote && options.contains(QUOTE_CHARACTER)) {
      throw new IllegalArgumentException(
          "Options '"
              + DISABLE_QUOTE_CHARACTER.key()
              + "' = 'true' and '"
              + QUOTE_CHARACTER.key()
              + "' cannot be set together: a disabled quote character cannot have a value.");
    }
    char fieldDelimiter = singleChar(FIELD_DELIMITER, unescape(options.get(FIELD_DELIMITER)));
    int quote = disableQuote ? -1 : singleChar(QUOTE_CHARACTER, options.get(QUOTE_CHARACTER));
    int escape =
        options
            .getOptional(ESCAPE_CHARACTER)
            .map(v -> (int) singleChar(ESCAPE_CHARACTER, v))
            .orElse(-1);
    String arrayDelimiter = options.get(ARRAY_ELEMENT_DELIMITER);
    if (arrayDelimiter.isEmpty()) {
      throw new IllegalArgumentException(
          "Option '" + ARRAY_ELEMENT_DELIMITER.key() + "' must not be empty.");
    }
    String lineDelimiter = lineDelimiter(options);
    if (quote == fieldDelimiter) {
      throw new IllegalArgumentException(
          "Option '"
              + QUOTE_CHARACTER.key()
              + "' must differ from '"
              + FIELD_DELIMITER.key()
              + "'.");
    }
    if (escape == fieldDelimiter) {
      throw new IllegalArgumentException(
          "Option '"
              + ESCAPE_CHARACTER.key()
              + "' must differ from '"
              + FIELD_DELIMITER.key()
              + "'.");
    }
    return new CsvDialect(
        fieldDelimiter,
        quote,
        escape,
        options.get(ALLOW_COMMENTS),
        arrayDelimiter,
        options.get(NULL_LITERAL),
        lineDelimiter,
        options.get(IGNORE_PARSE_ERRORS));
  }

  /** The line delimiter, unescaped: \n (the default), \r, \r\n or empty. */
  private static String lineDelimiter(Configuration options) {
    String lineDelimiter = unescape(options.get(LINE_DELIMITER));
    if (!(lineDelimiter.isEmpty()
        || lineDelimiter.equals("\n")
        || lineDelimiter.equals("\r")
        || lineDelimiter.equals("\r\n"))) {
      throw new IllegalArgumentException(
          "Option '"
              + LINE_DELIMITER.key()
              + "' must be \\n, \\r, \\r\\n or empty, but was: '"
              + options.get(LINE_DELIMITER)
              + "'");
    }
    return lineDelimiter;
  }

  private static char singleChar(ConfigOption<String> option, String value) {
    if (value.length() != 1) {
      throw new IllegalArgumentException(
          "Option '" + option.key() + "' must be a single character, but was: '" + value + "'");
    }
    return value.charAt(0);
  }

  /**
   * Resolves a Flink SQL Unicode string literal ({@code U&'\000A'}: {@code \XXXX} or {@code
   * \+XXXXXX} is a code point, {@code \\} a backslash, {@code ''} a quote) and Java escapes ({@code
   * \t \n \r \f \b \0 \\ \' \"} and {@code \}{@code uXXXX}) so that invisible delimiters can be
   * written in plain text, as Flink does for the field delimiter. A backslash before anything else,
   * or at the end, stays a backslash.
   */
  static String unescape(String text) {
    if (text.length() >= 4
        && (text.startsWith("U&'") || text.startsWith("u&'"))
        && text.endsWith("'")) {
      return unicodeLiteral(text.substring(3, text.length() - 1));
    }
    if (text.indexOf('\\') < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '\\' || i + 1 == text.length()) {
        out.append(c);
        continue;
      }
      char next = text.charAt(i + 1);
      String simple = "tnrfb0\\'\"";
      int k = simple.indexOf(next);
      if (k >= 0) {
        out.append("\t\n\r\f\b\0\\'\"".charAt(k));
        i++;
      } else if (next == 'u' && i + 6 <= text.length() && isHex(text, i + 2, i + 6)) {
        out.append((char) Integer.parseInt(text.substring(i + 2, i + 6), 16));
        i += 5;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** The body of a SQL {@code U&'...'} literal, decoded; anything it cannot decode stays as is. */
  private static String unicodeLiteral(String body) {
    StringBuilder out = new StringBuilder(body.length());
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '\'' && i + 1 < body.length() && body.charAt(i + 1) == '\'') {
        out.append('\'');
        i++;
      } else if (c != '\\' || i + 1 == body.length()) {
        out.append(c);
      } else if (body.charAt(i + 1) == '\\') {
        out.append('\\');
        i++;
      } else if (body.charAt(i + 1) == '+' && i + 8 <= body.length() && isHex(body, i + 2, i + 8)) {
        out.appendCodePoint(Integer.parseInt(body.substring(i + 2, i + 8), 16));
        i += 7;
      } else if (i + 5 <= body.length() && isHex(body, i + 1, i + 5)) {
        out.append((char) Integer.parseInt(body.substring(i + 1, i + 5), 16));
        i += 4;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static boolean isHex(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      if (Character.digit(text.charAt(i), 16) < 0) {
        return false;
      }
    }
    return true;
  }
}
