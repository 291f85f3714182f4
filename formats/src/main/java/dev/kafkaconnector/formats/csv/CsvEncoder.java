package dev.kafkaconnector.formats.csv;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Encodes a row as one CSV line with Jackson's CSV generator, as Flink's CSV format writes it:
 * fields in schema order, quoted only where needed, null as the null literal (or an empty field),
 * ARRAY elements and ROW fields joined by the array element delimiter. The line delimiter follows
 * the row as {@code csv.line-delimiter} says (a line feed by default, as the spec documents).
 *
 * <p>A value that could not be read back as written is refused with a {@link FormatException}
 * naming the field: an ARRAY element or ROW field holding the array element delimiter, and, with
 * the quote character disabled, a value holding the field delimiter or a line break.
 */
final class CsvEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private static final int SNIPPET = 64;

  private final CsvDialect dialect;
  private final CsvColumn[] columns;
  private final boolean quotingDisabled;
  private transient @Nullable CsvFactory factory;
  private transient @Nullable CsvSchema csvSchema;

  CsvEncoder(List<CsvColumn> columns, CsvDialect dialect) {
    this.dialect = dialect;
    this.columns = columns.toArray(new CsvColumn[0]);
    this.quotingDisabled = dialect.quoteChar() < 0;
    this.csvSchema = dialect.csvSchema(columns);
    this.factory = CsvDialect.newFactory();
  }

  @Override
  public byte[] encode(Row row) throws FormatException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(32 + 16 * columns.length);
    int i = 0;
    try (CsvGenerator generator =
        (CsvGenerator) factory().createGenerator(out, JsonEncoding.UTF8)) {
      generator.setSchema(csvSchema());
      generator.writeStartObject();
      for (; i < columns.length; i++) {
        generator.writeFieldName(columns[i].name());
        writeField(generator, columns[i], row.getValue(i));
      }
      generator.writeEndObject();
    } catch (IOException | RuntimeException e) {
      throw new FormatException(
          CsvFormatFactory.IDENTIFIER,
          i < columns.length ? columns[i].name() : null,
          "cannot write the value: " + e,
          e);
    }
    return out.toByteArray();
  }

  private void writeField(CsvGenerator generator, CsvColumn column, @Nullable Object value)
      throws IOException, FormatException {
    if (value == null) {
      generator.writeNull();
      return;
    }
    switch (column.kind()) {
      case SCALAR -> writeScalar(generator, column.part(0), value, column.name(), false);
      case ARRAY -> {
        generator.writeStartArray();
        int index = 0;
        for (Object element : (Iterable<?>) value) {
          if (element == null) {
            generator.writeNull();
          } else {
            writeScalar(
                generator, column.part(0), element, column.name() + "[" + index + "]", true);
          }
          index++;
        }
        generator.writeEndArray();
      }
      case ROW -> {
        Row nested = (Row) value;
        generator.writeStartArray();
        for (int k = 0; k < column.rowArity(); k++) {
          Object field = nested.getValue(k);
          if (field == null) {
            generator.writeNull();
          } else {
            writeScalar(generator, column.part(k), field, column.partName(k), true);
          }
        }
        generator.writeEndArray();
      }
    }
  }

  private void writeScalar(
      CsvGenerator generator, CsvValue type, Object value, String field, boolean inContainer)
      throws IOException, FormatException {
    if (inContainer || quotingDisabled) {
      String text = type.format(value);
      if (inContainer && text.contains(dialect.arrayElementDelimiter())) {
        throw unreadable(
            field,
            text,
            "holds the array element delimiter '" + dialect.arrayElementDelimiter() + "'");
      }
      if (quotingDisabled
          && (text.indexOf(dialect.fieldDelimiter()) >= 0
              || text.indexOf('\n') >= 0
              || text.indexOf('\r') >= 0)) {
        throw unreadable(
            field, text, "holds the field delimiter or a line break and quoting is disabled");
      }
    }
    type.write(generator, value);
  }

  private static FormatException unreadable(String field, String text, String why) {
    String shown =
        text.length() <= SNIPPET
            ? text
            : text.substring(0, SNIPPET) + "...(" + text.length() + " characters)";
    return new FormatException(
        CsvFormatFactory.IDENTIFIER,
        field,
        "the value '" + shown + "' " + why + ", so it could not be read back as written");
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
}
