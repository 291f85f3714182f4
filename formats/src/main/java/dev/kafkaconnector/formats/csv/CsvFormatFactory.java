package dev.kafkaconnector.formats.csv;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.Projection;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The {@code csv} format: one message is one CSV line, its fields the row's columns by position,
 * read and written with Jackson's CSV dataformat as Flink's CSV format does. Options are {@code
 * csv.*} ({@link CsvOptions}). Columns may be scalars, ARRAY of scalars or ROW of scalars (elements
 * and fields split by {@code csv.array-element-delimiter}); MAP columns are refused.
 */
public final class CsvFormatFactory implements FormatFactory {
  public static final String IDENTIFIER = "csv";

  @Override
  public String identifier() {
    return IDENTIFIER;
  }

  @Override
  public List<ConfigOption<?>> options() {
    return CsvOptions.all();
  }

  /**
   * @throws IllegalArgumentException when an option is invalid (naming its key), a column's type
   *     cannot be held in CSV (naming the column), or metadata is requested (CSV has none)
   */
  @Override
  public RowDecoder createDecoder(Schema schema, FormatContext context) {
    CsvDialect dialect = CsvOptions.dialect(context.options());
    List<CsvColumn> columns = CsvColumn.of(schema);
    Schema produced = ProducedSchema.of(schema, this, context.metadataKeys());
    return new CsvDecoder(produced, columns, dialect);
  }

  /**
   * Reads the line's fields by position as for all the columns, but converts (and checks) only the
   * selected ones; a line missing only unselected trailing fields is not an error.
   */
  @Override
  public RowDecoder createDecoder(Schema schema, Schema selected, FormatContext context) {
    Projection projection = Projection.of(schema, selected);
    CsvDialect dialect = CsvOptions.dialect(context.options());
    List<CsvColumn> columns = CsvColumn.of(schema);
    Schema produced = ProducedSchema.of(selected, this, context.metadataKeys());
    return new CsvDecoder(produced, columns, projection.targets(), dialect);
  }

  /**
   * @throws IllegalArgumentException when an option is invalid (naming its key) or a column's type
   *     cannot be held in CSV (naming the column)
   */
  @Override
  public RowEncoder createEncoder(Schema schema, FormatContext context) {
    CsvDialect dialect = CsvOptions.dialect(context.options());
    return new CsvEncoder(CsvColumn.of(schema), dialect);
  }
}
