package dev.kafkaconnector.formats.csv;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.Serializable;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The resolved {@code csv.*} options: plain values, serializable, from which the Jackson objects
 * (not serializable in a stable way) are rebuilt on each worker.
 *
 * @param fieldDelimiter the column separator
 * @param quoteChar the quote character, or -1 when quoting is disabled
 * @param escapeChar the escape character, or -1 when there is none
 * @param allowComments whether lines starting with '#' are skipped
 * @param arrayElementDelimiter separates ARRAY elements and ROW fields within a column
 * @param nullLiteral the text of null, or {@code null} when there is none
 * @param lineDelimiter written after each encoded row; empty when none is written
 * @param ignoreParseErrors whether bad fields become null and bad lines are skipped
 */
record CsvDialect(
    char fieldDelimiter,
    int quoteChar,
    int escapeChar,
    boolean allowComments,
    String arrayElementDelimiter,
    @Nullable String nullLiteral,
    String lineDelimiter,
    boolean ignoreParseErrors)
    implements Serializable {

  /**
   * A Jackson CSV factory whose string length limit is lifted: Kafka already bounds the size of a
   * message, and Jackson's default (20M characters) would reject large but valid values. DECIMAL
   * values are written plain ({@code 100000}, not {@code 1E+5}).
   */
  static CsvFactory newFactory() {
    return CsvFactory.builder()
        .streamReadConstraints(
            StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
        .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
        .build();
  }

  /**
   * The Jackson schema of a line: one column per field, in schema order; ARRAY and ROW columns are
   * array columns split by the array element delimiter.
   */
  CsvSchema csvSchema(List<CsvColumn> columns) {
    CsvSchema.Builder builder = CsvSchema.builder();
    for (CsvColumn column : columns) {
      if (column.isContainer()) {
        builder.addArrayColumn(column.name(), arrayElementDelimiter);
      } else {
        builder.addColumn(column.name(), CsvSchema.ColumnType.STRING);
      }
    }
    builder
        .setUseHeader(false)
        .setColumnSeparator(fieldDelimiter)
        .setArrayElementSeparator(arrayElementDelimiter)
        .setAllowComments(allowComments)
        .setLineSeparator(lineDelimiter);
    if (quoteChar < 0) {
      builder.disableQuoteChar();
    } else {
      builder.setQuoteChar((char) quoteChar);
    }
    if (escapeChar >= 0) {
      builder.setEscapeChar((char) escapeChar);
    }
    if (nullLiteral != null) {
      builder.setNullValue(nullLiteral);
    }
    return builder.build();
  }
}
