package dev.kafkaconnector.schema;

import java.util.Locale;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/** A recursive-descent parser of SQL type strings; see {@link SqlType}. */
final class SqlTypeParser {
  private final String text;
  private int pos;

  SqlTypeParser(String text) {
    this.text = text;
  }

  Schema columns() {
    Schema.Builder builder = Schema.builder();
    do {
      String name = identifier();
      builder.addField(name, type());
    } while (accept(','));
    return builder.build();
  }

  FieldType type() {
    String word = word().toUpperCase(Locale.ROOT);
    return withNullability(baseType(word));
  }

  /** The type {@code word} names, with its parameters (skipped) or element types read. */
  private FieldType baseType(String word) {
    return switch (word) {
      case "BOOLEAN" -> FieldType.BOOLEAN;
      case "TINYINT" -> FieldType.BYTE;
      case "SMALLINT" -> FieldType.INT16;
      case "INT", "INTEGER" -> FieldType.INT32;
      case "BIGINT" -> FieldType.INT64;
      case "FLOAT", "REAL" -> FieldType.FLOAT;
      case "DOUBLE" -> {
        acceptWord("PRECISION");
        yield FieldType.DOUBLE;
      }
      case "DECIMAL", "DEC", "NUMERIC" -> withoutParameters(FieldType.DECIMAL);
      case "CHAR", "VARCHAR", "STRING" -> withoutParameters(FieldType.STRING);
      case "BINARY", "VARBINARY", "BYTES" -> withoutParameters(FieldType.BYTES);
      case "DATE" -> FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.DATE);
      case "TIME" ->
          withoutParameters(
              FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.TIME));
      case "TIMESTAMP" -> {
        skipParameters();
        yield timestampWithZone();
      }
      case "TIMESTAMP_LTZ" -> withoutParameters(FieldType.DATETIME);
      case "ARRAY" -> array();
      case "MAP" -> map();
      case "ROW" -> row();
      default -> throw error("unknown type '" + word + "'");
    };
  }

  /** Skips the type's parameters, such as a precision or length: {@code type} ignores them. */
  private FieldType withoutParameters(FieldType type) {
    skipParameters();
    return type;
  }

  /** {@code ARRAY<element>}, after the word. */
  private FieldType array() {
    expect('<');
    FieldType element = type();
    expect('>');
    return FieldType.array(element);
  }

  /** {@code MAP<key, value>}, after the word. */
  private FieldType map() {
    expect('<');
    FieldType key = type();
    expect(',');
    FieldType value = type();
    expect('>');
    return FieldType.map(key, value);
  }

  /** {@code base} made nullable, unless {@code NOT NULL} follows ({@code NULL} is accepted). */
  private FieldType withNullability(FieldType base) {
    if (acceptWord("NOT")) {
      if (!acceptWord("NULL")) {
        throw error("expected NULL after NOT");
      }
      return base.withNullable(false);
    }
    acceptWord("NULL");
    return base.withNullable(true);
  }

  private FieldType timestampWithZone() {
    int mark = pos;
    if (acceptWord("WITH")) {
      if (acceptWord("LOCAL") && acceptWord("TIME") && acceptWord("ZONE")) {
        return FieldType.DATETIME;
      }
      throw error("expected WITH LOCAL TIME ZONE");
    }
    if (acceptWord("WITHOUT")) {
      if (acceptWord("TIME") && acceptWord("ZONE")) {
        return FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.DATETIME);
      }
      throw error("expected WITHOUT TIME ZONE");
    }
    pos = mark;
    return FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.DATETIME);
  }

  private FieldType row() {
    char close;
    if (accept('<')) {
      close = '>';
    } else if (accept('(')) {
      close = ')';
    } else {
      throw error("expected '<' after ROW");
    }
    Schema.Builder builder = Schema.builder();
    if (!accept(close)) {
      do {
        String name = identifier();
        builder.addField(name, type());
        skipComment();
      } while (accept(','));
      expect(close);
    }
    return FieldType.row(builder.build());
  }

  /** Skips a field comment: ROW<a INT 'the a'>. */
  private void skipComment() {
    skipSpace();
    if (pos < text.length() && text.charAt(pos) == '\'') {
      int end = text.indexOf('\'', pos + 1);
      if (end < 0) {
        throw error("unterminated comment");
      }
      pos = end + 1;
    }
  }

  private void skipParameters() {
    if (accept('(')) {
      int depth = 1;
      while (pos < text.length() && depth > 0) {
        char c = text.charAt(pos++);
        if (c == '(') {
          depth++;
        } else if (c == ')') {
          depth--;
        }
      }
      if (depth > 0) {
        throw error("unclosed '('");
      }
    }
  }

  private String identifier() {
    skipSpace();
    if (pos < text.length() && text.charAt(pos) == '`') {
      int end = text.indexOf('`', pos + 1);
      if (end < 0) {
        throw error("unterminated `quoted` name");
      }
      String name = text.substring(pos + 1, end);
      pos = end + 1;
      return name;
    }
    return word();
  }

  private String word() {
    skipSpace();
    int start = pos;
    while (pos < text.length()
        && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
    if (start == pos) {
      throw error("expected a name or type");
    }
    return text.substring(start, pos);
  }

  private boolean acceptWord(String expected) {
    skipSpace();
    int end = pos + expected.length();
    if (end <= text.length()
        && text.substring(pos, end).equalsIgnoreCase(expected)
        && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)))) {
      pos = end;
      return true;
    }
    return false;
  }

  private boolean accept(char c) {
    skipSpace();
    if (pos < text.length() && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!accept(c)) {
      throw error("expected '" + c + "'");
    }
  }

  void end() {
    skipSpace();
    if (pos != text.length()) {
      throw error("unexpected text");
    }
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private IllegalArgumentException error(String why) {
    return new IllegalArgumentException(
        "Cannot read SQL type '" + text + "' at position " + pos + ": " + why);
  }
}
