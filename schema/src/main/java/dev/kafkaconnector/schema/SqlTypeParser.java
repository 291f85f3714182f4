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
    FieldType base;
    switch (word) {
      case "BOOLEAN":
        base = FieldType.BOOLEAN;
        break;
      case "TINYINT":
        base = FieldType.BYTE;
        break;
      case "SMALLINT":
        base = FieldType.INT16;
        break;
      case "INT":
      case "INTEGER":
        base = FieldType.INT32;
        break;
      case "BIGINT":
        base = FieldType.INT64;
        break;
      case "FLOAT":
      case "REAL":
        base = FieldType.FLOAT;
        break;
      case "DOUBLE":
        acceptWord("PRECISION");
        base = FieldType.DOUBLE;
        break;
      case "DECIMAL":
      case "DEC":
      case "NUMERIC":
        skipParameters();
        base = FieldType.DECIMAL;
        break;
      case "CHAR":
      case "VARCHAR":
      case "STRING":
        skipParameters();
        base = FieldType.STRING;
        break;
      case "BINARY":
      case "VARBINARY":
      case "BYTES":
        skipParameters();
        base = FieldType.BYTES;
        break;
      case "DATE":
        base = FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.DATE);
        break;
      case "TIME":
        skipParameters();
        base = FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.TIME);
        break;
      case "TIMESTAMP":
        skipParameters();
        base = timestampWithZone();
        break;
      case "TIMESTAMP_LTZ":
        skipParameters();
        base = FieldType.DATETIME;
        break;
      case "ARRAY":
        expect('<');
        FieldType element = type();
        expect('>');
        base = FieldType.array(element);
        break;
      case "MAP":
        expect('<');
        FieldType key = type();
        expect(',');
        FieldType value = type();
        expect('>');
        base = FieldType.map(key, value);
        break;
      case "ROW":
        base = row();
        break;
      default:
        throw error("unknown type '" + word + "'");
    }
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
