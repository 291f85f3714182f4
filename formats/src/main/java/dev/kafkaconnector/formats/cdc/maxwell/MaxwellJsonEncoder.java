package dev.kafkaconnector.formats.cdc.maxwell;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangelogEncoder;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.cdc.SourceTable;
import dev.kafkaconnector.formats.json.JsonWriteSettings;
import java.io.IOException;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes Maxwell messages {@code {"data": row, "type": ...}} as Flink 1.19's {@code
 * MaxwellJsonSerializationSchema}: {@code +I} and {@code +U} as {@code insert}, {@code -U} and
 * {@code -D} as {@code delete}. {@link #encodeUpdate} writes an {@code update} whose {@code old}
 * holds the previous values of the changed columns, as Maxwell does. {@code database}, {@code
 * table} and {@code ts} are not known to a row and are left out.
 */
final class MaxwellJsonEncoder extends ChangelogEncoder {
  private static final long serialVersionUID = 1L;

  private final @Nullable SourceTable table;

  MaxwellJsonEncoder(Schema schema, JsonWriteSettings settings) {
    this(schema, settings, null);
  }

  private MaxwellJsonEncoder(
      Schema schema, JsonWriteSettings settings, @Nullable SourceTable table) {
    super(schema, settings);
    this.table = table;
  }

  /** Maxwell's {@code database} (the id's schema part) and {@code table}. */
  @Override
  public ChangelogEncoder forTable(SourceTable table) {
    return new MaxwellJsonEncoder(schema(), settings(), table);
  }

  private void source(JsonGenerator g) throws IOException {
    if (table != null) {
      g.writeStringField("database", table.id().schemaName());
      g.writeStringField("table", table.id().tableName());
    }
  }

  @Override
  protected void writeChange(RowKind kind, Row data, JsonGenerator g)
      throws IOException, FormatException {
    boolean insert = kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER;
    writeRow("data", data, g);
    g.writeStringField("type", insert ? "insert" : "delete");
    source(g);
  }

  @Override
  protected void writeUpdate(Row before, Row after, JsonGenerator g)
      throws IOException, FormatException {
    writeRow("data", after, g);
    g.writeFieldName("old");
    g.writeTree(changedColumns(before, after));
    g.writeStringField("type", "update");
    source(g);
  }
}
