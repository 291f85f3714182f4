package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.Secrets;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Masks the secret values of a JSON object written as text (Beam SQL's {@code TBLPROPERTIES}), for
 * {@link StatementSecrets}: the value after a key that {@link Secrets#isSecretKey} calls secret, a
 * string or a bare scalar, is replaced as {@link StatementSecrets#maskValue} says, the rest of the
 * text is kept as written. A scanner rather than a JSON parser, so that text a user is still
 * getting right is masked too.
 */
final class JsonSecrets {
  private JsonSecrets() {}

  /**
   * @param text a string literal's content
   * @return {@code text} with its secret values masked ({@code text} itself when it is not a JSON
   *     object), or null when a JSON string in it is not terminated
   */
  static @Nullable String maskObject(String text) {
    if (!text.stripLeading().startsWith("{")) {
      return text;
    }
    StringBuilder out = new StringBuilder();
    int copied = 0;
    String key = null;
    int pos = 0;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '"') {
        int end = endOfString(text, pos);
        if (end < 0) {
          return null;
        }
        String value = unescape(text.substring(pos + 1, end - 1));
        int next = skipSpace(text, end);
        if (next < text.length() && text.charAt(next) == ':') {
          key = value;
          pos = next + 1;
          continue;
        }
        if (key != null && Secrets.isSecretKey(key)) {
          out.append(text, copied, pos + 1)
              .append(escape(StatementSecrets.maskValue(key, value)))
              .append('"');
          copied = end;
        }
        key = null;
        pos = end;
      } else if (Character.isWhitespace(c)) {
        pos++;
      } else if ("{}[],:".indexOf(c) >= 0) {
        key = c == ':' ? key : null;
        pos++;
      } else {
        int end = pos;
        while (end < text.length()
            && "{}[],:\"".indexOf(text.charAt(end)) < 0
            && !Character.isWhitespace(text.charAt(end))) {
          end++;
        }
        if (key != null && Secrets.isSecretKey(key)) {
          out.append(text, copied, pos).append('"').append(Secrets.MASK).append('"');
          copied = end;
        }
        key = null;
        pos = end;
      }
    }
    return out.append(text, copied, text.length()).toString();
  }

  /** The position after the closing quote of the JSON string starting at {@code start}, or -1. */
  private static int endOfString(String text, int start) {
    for (int i = start + 1; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return i + 1;
      }
    }
    return -1;
  }

  private static int skipSpace(String text, int from) {
    int i = from;
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /** A JSON string's content without its escapes. */
  static String unescape(String raw) {
    StringBuilder out = new StringBuilder(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c != '\\' || i + 1 >= raw.length()) {
        out.append(c);
        continue;
      }
      char e = raw.charAt(++i);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          String hex = i + 4 < raw.length() ? raw.substring(i + 1, i + 5) : "";
          if (hex.matches("[0-9a-fA-F]{4}")) {
            out.append((char) Integer.parseInt(hex, 16));
            i += 4;
          } else {
            out.append("\\u");
          }
        }
        default -> out.append(e);
      }
    }
    return out.toString();
  }

  /** {@code value} as a JSON string's content. */
  static String escape(String value) {
    StringBuilder out = new StringBuilder(value.length());
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
