package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import dev.kafkaconnector.io.common.ddl.TableHintOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Table hints ({@code table /*+ OPTIONS('k' = 'v') *}{@code /}) in a statement. Beam SQL 2.70
 * parses hints and hands them to no table, so the SQL front ends fold each hint into the name of
 * the table it follows ({@link TableHintOptions#hintedName}): {@code FROM kc.db.`orders` /*+
 * OPTIONS('scan.startup.mode'='latest-offset') *}{@code /} becomes {@code FROM kc.db.`orders /*+
 * OPTIONS('scan.startup.mode'='latest-offset') *}{@code /`}, a name the Kafka JSON catalog resolves
 * to the topic's table with those options. String literals, quoted identifiers and comments are
 * stepped over: only a block comment that starts with {@code /*+} is a hint.
 */
final class TableHints {
  private TableHints() {}

  /** Words after which a hint is a query hint (Flink's join hints), not a table's options. */
  private static final Set<String> NOT_TABLES =
      Set.of("SELECT", "INSERT", "UPSERT", "UPDATE", "DELETE", "MERGE", "FROM", "JOIN", "AS");

  /** Where a hint is: its text from {@code /*+} to after its {@code *}{@code /}. */
  record Hint(int start, int end, String text) {
    /** The text between {@code /*+} and {@code *}{@code /}. */
    String body() {
      return text.substring(3, text.endsWith("*/") ? text.length() - 2 : text.length());
    }
  }

  /** The hints of {@code sql}, in order. */
  static List<Hint> find(String sql) {
    List<Hint> hints = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '`' || c == '"') {
        i = closing(sql, i, c);
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? n : end + 1;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        int stop = end < 0 ? n : end + 2;
        if (i + 2 < n && sql.charAt(i + 2) == '+') {
          hints.add(new Hint(i, stop, sql.substring(i, stop)));
        }
        i = stop;
      } else {
        i++;
      }
    }
    return hints;
  }

  /** The first hint of {@code sql} (up to its closing), or null when it has none. */
  static @Nullable String first(String sql) {
    List<Hint> hints = find(sql);
    return hints.isEmpty() ? null : hints.get(0).text();
  }

  /** The index after the quote that closes the one at {@code open} (a doubled quote escapes). */
  private static int closing(String sql, int open, char quote) {
    int i = open + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return sql.length();
  }

  /**
   * {@code sql} with each table hint folded into the name of the table before it; unchanged when it
   * has none.
   *
   * @throws IllegalArgumentException for a hint that is not {@code OPTIONS(...)} after a table
   *     name, or that sets a secret option (a hint is part of the query text)
   */
  static String rewrite(String sql) {
    List<Hint> hints = find(sql);
    StringBuilder out = new StringBuilder(sql);
    for (int h = hints.size() - 1; h >= 0; h--) {
      Hint hint = hints.get(h);
      Token table = tableBefore(sql, hint);
      Map<String, String> options;
      try {
        options = TableHintOptions.parse(hint.body());
      } catch (IllegalArgumentException e) {
        throw unsupported(hint, e.getMessage());
      }
      for (String key : options.keySet()) {
        if (Secrets.isSecretOption(key)) {
          throw unsupported(
              hint,
              "option '"
                  + key
                  + "' is a secret, and a hint is part of the query text: put it in the"
                  + " table's WITH clause or the catalog's PROPERTIES");
        }
      }
      String name = TableHintOptions.hintedName(table.text(), options);
      out.replace(table.start(), hint.end(), "`" + name.replace("`", "``") + "`");
    }
    return out.toString();
  }

  /** The name token the hint follows: a table's (last) name part. */
  private static Token tableBefore(String sql, Hint hint) {
    List<Token> tokens;
    try {
      tokens = DdlTokenizer.tokenize(sql.substring(0, hint.start()));
    } catch (IllegalArgumentException e) {
      throw unsupported(hint, e.getMessage());
    }
    Token last = tokens.size() < 2 ? null : tokens.get(tokens.size() - 2);
    boolean isName =
        last != null
            && (last.kind() == Kind.QUOTED_NAME
                || (last.kind() == Kind.WORD
                    && !NOT_TABLES.contains(last.text().toUpperCase(java.util.Locale.ROOT))));
    if (!isName) {
      throw unsupported(hint, "only table hints, right after a table's name, are supported");
    }
    return last;
  }

  private static IllegalArgumentException unsupported(Hint hint, String why) {
    return new IllegalArgumentException(
        "Table hint " + shown(hint) + " at position " + hint.start() + ": " + why);
  }

  /** The hint's text, or only its start when it may hold a secret value. */
  private static String shown(Hint hint) {
    return hint.text().contains("'")
        ? hint.text().substring(0, hint.text().indexOf('(') + 1) + "...)"
        : hint.text();
  }
}
