package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Flink's dynamic table options, {@code table /*+ OPTIONS('k' = 'v', ...) *}{@code /}, carried
 * through Beam SQL, which parses hints and hands them to no table. The SQL front end folds each
 * hint into the name of the table it follows ({@link #hintedName}); a catalog that supports hints
 * splits such a name back into the table and its options ({@link #split}). The name is the hint as
 * written in a canonical spelling, so plans and errors show what the user asked for.
 */
public final class TableHintOptions {
  /** What separates the table from its options in a {@linkplain #hintedName hinted name}. */
  private static final String MARKER = " /*+ OPTIONS(";

  private static final String END = ") */";

  /** What separates the table from the key of its options when they do not fit in the name. */
  private static final String KEYED = " /*+ OPTIONS#";

  /** Beam SQL's (Calcite's) longest identifier. */
  private static final int MAX_NAME = 128;

  /**
   * Options too long for a name, by a digest of their canonical spelling: the same hint always has
   * the same key, so statements and connections never see each other's options. Bounded.
   */
  private static final Map<String, Map<String, String>> KEYED_OPTIONS =
      java.util.Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Map<String, String>> eldest) {
              return size() > 1024;
            }
          });

  private TableHintOptions() {}

  /**
   * A table name with its hint options: {@code name}, the options in their canonical spelling.
   *
   * @param table the table's own name (its last part)
   * @param options the options of the hint, in the order written
   * @return {@code table /*+ OPTIONS('k'='v', ...) *}{@code /}; when that is longer than an
   *     identifier may be (128 characters), {@code table /*+ OPTIONS#<key> *}{@code /} with the
   *     options kept in this JVM under the key (a digest of the hint)
   */
  public static String hintedName(String table, Map<String, String> options) {
    StringBuilder out = new StringBuilder(table).append(MARKER);
    String sep = "";
    for (Map.Entry<String, String> option : options.entrySet()) {
      out.append(sep)
          .append(literal(option.getKey()))
          .append('=')
          .append(literal(option.getValue()));
      sep = ", ";
    }
    String name = out.append(END).toString();
    if (name.length() <= MAX_NAME) {
      return name;
    }
    String key = digest(name);
    KEYED_OPTIONS.put(key, new LinkedHashMap<>(options));
    return table + KEYED + key + " */";
  }

  private static String digest(String text) {
    try {
      byte[] hash =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(hash, 0, 12);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** The token at {@code i}, or the closing END token past the end. */
  private static Token at(List<Token> tokens, int i) {
    return tokens.get(Math.min(i, tokens.size() - 1));
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /**
   * A hinted name split into the table and its options.
   *
   * @param table the table's own name
   * @param options the hint's options, in the order written
   */
  public record Hinted(String table, Map<String, String> options) {
    public Hinted {
      options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }
  }

  /**
   * {@code name} split into table and options when it is a {@linkplain #hintedName hinted name},
   * else null.
   *
   * @throws IllegalArgumentException when its hint cannot be read
   */
  public static @Nullable Hinted split(String name) {
    int keyed = name.indexOf(KEYED);
    if (keyed >= 0 && name.endsWith(" */")) {
      String key = name.substring(keyed + KEYED.length(), name.length() - " */".length());
      Map<String, String> options = KEYED_OPTIONS.get(key);
      if (options == null) {
        throw new IllegalArgumentException(
            "the options of the table hint on '"
                + name.substring(0, keyed)
                + "' are no longer known (more than 1024 long hints since): run the statement"
                + " again");
      }
      return new Hinted(name.substring(0, keyed), options);
    }
    int at = name.indexOf(MARKER);
    if (at < 0 || !name.endsWith(" */")) {
      return null;
    }
    String body = name.substring(at + " /*+ ".length(), name.length() - " */".length());
    return new Hinted(name.substring(0, at), parse(body));
  }

  /**
   * The options of a hint's text ({@code OPTIONS('k' = 'v', ...)}, the part between {@code /*+} and
   * {@code *}{@code /}).
   *
   * @throws IllegalArgumentException when it is another hint or not a list of {@code 'key' =
   *     'value'} pairs; the message quotes the keys only, as a value may be a secret
   */
  public static Map<String, String> parse(String body) {
    List<Token> tokens = DdlTokenizer.tokenize(body);
    if (!at(tokens, 0).isWord("OPTIONS") || !at(tokens, 1).isSymbol('(')) {
      throw new IllegalArgumentException(
          "only the table hint OPTIONS('key' = 'value', ...) is supported, not "
              + at(tokens, 0).shown());
    }
    Map<String, String> options = new LinkedHashMap<>();
    int i = 2;
    while (true) {
      Token key = at(tokens, i);
      if (key.kind() != Kind.STRING
          || !at(tokens, i + 1).isSymbol('=')
          || at(tokens, i + 2).kind() != Kind.STRING) {
        throw new IllegalArgumentException(
            "a table hint's OPTIONS(...) takes 'key' = 'value' pairs; found "
                + key.shown()
                + " where a quoted key was expected");
      }
      if (options.put(key.text(), at(tokens, i + 2).text()) != null) {
        throw new IllegalArgumentException(
            "option '" + key.text() + "' is given twice in one table hint");
      }
      Token next = at(tokens, i + 3);
      if (next.isSymbol(')') && at(tokens, i + 4).kind() == Kind.END) {
        return options;
      }
      if (!next.isSymbol(',')) {
        throw new IllegalArgumentException(
            "a table hint's OPTIONS(...) separates its pairs with ',' and ends with ')'; found "
                + (next.kind() == Kind.STRING ? "a string" : next.shown()));
      }
      i += 4;
    }
  }
}
