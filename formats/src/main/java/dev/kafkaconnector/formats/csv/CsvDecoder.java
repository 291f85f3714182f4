package dev.kafkaconnector.formats.csv;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.IgnoredParseErrors;
import dev.kafkaconnector.formats.RowDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes one CSV line into one row, columns by position in schema order, with Jackson's CSV
 * parser. Errors follow Flink's CSV format: without {@code csv.ignore-parse-errors} any error fails
 * the message naming the field; with it a bad field becomes null (the row is skipped when the field
 * is NOT NULL), a line with too few fields gets nulls for the missing ones, and a line that cannot
 * be parsed at all (bad quoting, invalid UTF-8, too many fields, a null message) is skipped; each
 * of these is counted in {@link IgnoredParseErrors}. A message holding only comment lines (with
 * {@code csv.allow-comments}) gives no row and is not an error.
 */
final class CsvDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  /** An empty message is read as an empty line: one empty field. */
  private static final byte[] EMPTY_LINE = {'\n'};

  /** Returned by a field reader when the whole row must be skipped (already counted). */
  private static final Object SKIP_ROW = new Object();

  /** Returned by {@link #convert} when a value could not be read and the error was counted. */
  private static final Object IGNORED = new Object();

  private static final int SNIPPET = 64;

  private final Schema schema;
  private final CsvDialect dialect;
  private final CsvColumn[] columns;

  /** For each column of the line, its index in the output row, or -1 when it is not read. */
  private final int[] targets;

  private final boolean ignoreParseErrors;
  private transient @Nullable CsvFactory factory;
  private transient @Nullable CsvSchema csvSchema;
  private transient @Nullable IgnoredParseErrors ignored;

  CsvDecoder(Schema schema, List<CsvColumn> columns, CsvDialect dialect) {
    this(schema, columns, identity(columns.size()), dialect);
  }

  /**
   * A decoder of some of the line's columns (projection push-down): the others are passed over
   * without being converted or checked.
   *
   * @param schema the output rows: the read columns, in the order {@code targets} gives
   * @param columns every column of the line, in position order
   * @param targets for each column, its index in the output row, or -1 to pass it over
   */
  CsvDecoder(Schema schema, List<CsvColumn> columns, int[] targets, CsvDialect dialect) {
    this.schema = schema;
    this.dialect = dialect;
    this.targets = targets.clone();
    this.columns = columns.toArray(new CsvColumn[0]);
    this.ignoreParseErrors = dialect.ignoreParseErrors();
    this.csvSchema = dialect.csvSchema(columns);
    this.factory = CsvDialect.newFactory();
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    if (message == null) {
      skipLine("the record has no value (null, a tombstone)", null);
      return;
    }
    Object[] values = read(message.length == 0 ? EMPTY_LINE : message);
    if (values != null) {
      out.collect(Row.withSchema(schema).attachValues(Arrays.asList(values)));
    }
  }

  private Object @Nullable [] read(byte[] message) throws FormatException {
    Object[] values = new Object[schema.getFieldCount()];
    int count = 0;
    try (CsvParser parser = (CsvParser) factory().createParser(message)) {
      parser.setSchema(csvSchema());
      JsonToken token = parser.nextToken();
      if (token == null) {
        // Nothing but comment lines.
        return dialect.allowComments() ? null : skipLine("the message holds no CSV line", null);
      }
      while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
        JsonToken first = parser.nextToken();
        int target = targets[count];
        if (target < 0) {
          parser.skipChildren(); // an unselected ARRAY or ROW field
          count++;
          continue;
        }
        Object value = readField(parser, first, columns[count]);
        if (value == SKIP_ROW) {
          return null;
        }
        values[target] = value;
        count++;
      }
      if (token != JsonToken.END_OBJECT) {
        return skipLine("unexpected " + token + " in a CSV line", null);
      }
      if (parser.nextToken() != null) {
        return skipLine("the message holds more than one CSV line (one message is one row)", null);
      }
    } catch (IOException | RuntimeException e) {
      return skipLine("the message is not a valid CSV line: " + e.getMessage(), e);
    }
    if (count < columns.length && lastRead() >= count) {
      CsvColumn missing = columns[count];
      String reason =
          "the line has "
              + count
              + " field(s) but the schema has "
              + columns.length
              + " columns; '"
              + missing.name()
              + "' and later columns are missing";
      if (!ignoreParseErrors) {
        throw new FormatException(CsvFormatFactory.IDENTIFIER, missing.name(), reason);
      }
      ignored().inc();
      for (int i = count; i < columns.length; i++) {
        if (targets[i] >= 0 && !columns[i].nullable()) {
          return null;
        }
      }
    }
    return values;
  }

  /** The position of the last column read, -1 when none is. */
  private int lastRead() {
    for (int i = targets.length - 1; i >= 0; i--) {
      if (targets[i] >= 0) {
        return i;
      }
    }
    return -1;
  }

  private static int[] identity(int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = i;
    }
    return out;
  }

  private @Nullable Object readField(CsvParser parser, JsonToken token, CsvColumn column)
      throws IOException, FormatException {
    if (token == JsonToken.VALUE_NULL) {
      return checkNull(column.name(), column.nullable(), null);
    }
    if (token == JsonToken.START_ARRAY) {
      return column.kind() == CsvColumn.Kind.ROW
          ? readRow(parser, column)
          : readArray(parser, column);
    }
    if (token != JsonToken.VALUE_STRING || column.isContainer()) {
      throw new IllegalStateException("unexpected " + token + " for column " + column.name());
    }
    Object value = convert(column.part(0), parser.getText(), column.name());
    if (value == IGNORED) {
      return column.nullable() ? null : SKIP_ROW;
    }
    return checkNull(column.name(), column.nullable(), value);
  }

  private @Nullable Object readArray(CsvParser parser, CsvColumn column)
      throws IOException, FormatException {
    List<Object> elements = new ArrayList<>();
    boolean firstIsNullLiteral = false;
    boolean failed = false;
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      if (token == JsonToken.VALUE_NULL) {
        firstIsNullLiteral |= elements.isEmpty();
        elements.add(null);
        continue;
      }
      if (token != JsonToken.VALUE_STRING) {
        throw new IllegalStateException("unexpected " + token + " in column " + column.name());
      }
      Object value =
          convert(column.part(0), parser.getText(), column.name() + "[" + elements.size() + "]");
      if (value == IGNORED) {
        failed |= !column.partNullable(0);
        value = null;
      }
      elements.add(value);
    }
    if (firstIsNullLiteral && elements.size() == 1) {
      // The whole field is the null literal: a null array (not an array holding one null).
      return checkNull(column.name(), column.nullable(), null);
    }
    if (!failed && !column.partNullable(0)) {
      int nullAt = elements.indexOf(null);
      if (nullAt >= 0) {
        fieldError(
            column.name(), "element " + nullAt + " is null but the elements are NOT NULL", null);
        failed = true; // reached only when the error is ignored (and counted)
      }
    }
    if (failed) {
      return column.nullable() ? null : SKIP_ROW;
    }
    return elements;
  }

  private @Nullable Object readRow(CsvParser parser, CsvColumn column)
      throws IOException, FormatException {
    List<String> texts = new ArrayList<>(column.rowArity());
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      if (token != JsonToken.VALUE_NULL && token != JsonToken.VALUE_STRING) {
        throw new IllegalStateException("unexpected " + token + " in column " + column.name());
      }
      texts.add(token == JsonToken.VALUE_NULL ? null : parser.getText());
    }
    if (texts.isEmpty() || (texts.size() == 1 && texts.get(0) == null)) {
      // An empty field or the null literal: a null row.
      return checkNull(column.name(), column.nullable(), null);
    }
    if (texts.size() != column.rowArity()) {
      fieldError(
          column.name(),
          "the ROW field has "
              + texts.size()
              + " part(s) separated by '"
              + dialect.arrayElementDelimiter()
              + "' but the ROW type has "
              + column.rowArity()
              + " fields",
          null);
      return column.nullable() ? null : SKIP_ROW;
    }
    Object[] fields = new Object[texts.size()];
    for (int i = 0; i < fields.length; i++) {
      String text = texts.get(i);
      Object value = text == null ? null : convert(column.part(i), text, column.partName(i));
      if (value == null && !column.partNullable(i)) {
        value = fieldError(column.partName(i), "null value for a NOT NULL field", null);
      }
      if (value == IGNORED) {
        if (!column.partNullable(i)) {
          return column.nullable() ? null : SKIP_ROW;
        }
        value = null;
      }
      fields[i] = value;
    }
    return Row.withSchema(column.rowSchema()).attachValues(Arrays.asList(fields));
  }

  /** Reads a value, or reports a field error: thrown, or counted and {@link #IGNORED}. */
  private @Nullable Object convert(CsvValue value, String text, String field)
      throws FormatException {
    try {
      return value.parse(text);
    } catch (RuntimeException e) {
      return fieldError(
          field,
          "cannot read '"
              + snippet(text)
              + "' as "
              + value.typeName()
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
  }

  /** A null value: fine when nullable, otherwise an error that skips the row when ignored. */
  private @Nullable Object checkNull(String field, boolean nullable, @Nullable Object value)
      throws FormatException {
    if (value != null || nullable) {
      return value;
    }
    fieldError(field, "null value (empty field or null literal) for a NOT NULL column", null);
    return SKIP_ROW;
  }

  private Object fieldError(String field, String reason, @Nullable Throwable cause)
      throws FormatException {
    if (!ignoreParseErrors) {
      throw new FormatException(CsvFormatFactory.IDENTIFIER, field, reason, cause);
    }
    ignored().inc();
    return IGNORED;
  }

  private Object @Nullable [] skipLine(String reason, @Nullable Throwable cause)
      throws FormatException {
    if (!ignoreParseErrors) {
      throw new FormatException(CsvFormatFactory.IDENTIFIER, null, reason, cause);
    }
    ignored().inc();
    return null;
  }

  private static String snippet(String text) {
    return text.length() <= SNIPPET
        ? text
        : text.substring(0, SNIPPET) + "...(" + text.length() + " characters)";
  }

  private CsvFactory factory() {
    CsvFactory f = factory;
    if (f == null) {
      f = CsvDialect.newFactory();
      factory = f;
    }
    return f;
  }

  private CsvSchema csvSchema() {
    CsvSchema s = csvSchema;
    if (s == null) {
      s = dialect.csvSchema(Arrays.asList(columns));
      csvSchema = s;
    }
    return s;
  }

  private IgnoredParseErrors ignored() {
    IgnoredParseErrors i = ignored;
    if (i == null) {
      i = IgnoredParseErrors.of(CsvFormatFactory.IDENTIFIER);
      ignored = i;
    }
    return i;
  }
}
