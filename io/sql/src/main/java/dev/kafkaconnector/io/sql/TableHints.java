package dev.kafkaconnector.io.sql;

/**
 * Finds table hints ({@code /*+ OPTIONS('k' = 'v') *}{@code /}) in a statement. Beam SQL 2.70
 * parses them and hands them to no table, so a hinted option would be ignored without a word; the
 * SQL front ends refuse such statements instead. String literals, quoted identifiers and comments
 * are stepped over: only a block comment that starts with {@code /*+} is a hint.
 */
final class TableHints {
  private TableHints() {}

  /** The first hint of {@code sql} (up to its closing), or null when it has none. */
  static String first(String sql) {
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
          return sql.substring(i, stop);
        }
        i = stop;
      } else {
        i++;
      }
    }
    return null;
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
   * @throws IllegalArgumentException when {@code sql} has a table hint, quoting it
   */
  static void reject(String sql) {
    String hint = first(sql);
    if (hint != null) {
      throw new IllegalArgumentException(
          "Table hints are not supported: "
              + hint
              + " would be ignored (Beam SQL 2.70 hands hints to no table). Put the options in"
              + " the table's WITH clause, or declare a second table over the same topic with"
              + " them");
    }
  }
}
