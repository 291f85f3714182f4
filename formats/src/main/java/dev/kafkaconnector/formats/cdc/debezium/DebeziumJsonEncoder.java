package dev.kafkaconnector.formats.cdc.debezium;

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
 * Writes Debezium change events {@code {"before": ..., "after": ..., "op": ...}} as Flink 1.19's
 * {@code DebeziumJsonSerializationSchema}: {@code +I} and {@code +U} as {@code "op": "c"} with
 * {@code after}, {@code -U} and {@code -D} as {@code "op": "d"} with {@code before}; {@link
 * #encodeUpdate} writes {@code "op": "u"} with both images. With the schema envelope, the event is
 * the {@code payload} next to its Kafka Connect {@code schema} ({@link DebeziumConnectSchema}).
 *
 * <p>An encoder for one table ({@link #forTable}) also writes {@code "source"}, by the spec's
 * mapping: the table id's schema part as {@code db} and its table as {@code table}; with {@code
 * debezium-json.emit.full-table-id.enabled} the namespace as {@code db}, the schema as {@code
 * schema} and the table as {@code table}.
 */
final class DebeziumJsonEncoder extends ChangelogEncoder {
  private static final long serialVersionUID = 1L;

  private final boolean includeSchema;
  private final boolean fullTableId;
  private final @Nullable SourceTable table;
  private final @Nullable String connectSchema;

  DebeziumJsonEncoder(
      Schema schema, JsonWriteSettings settings, boolean includeSchema, boolean fullTableId) {
    this(schema, settings, includeSchema, fullTableId, null);
  }

  private DebeziumJsonEncoder(
      Schema schema,
      JsonWriteSettings settings,
      boolean includeSchema,
      boolean fullTableId,
      @Nullable SourceTable table) {
    super(schema, settings);
    this.includeSchema = includeSchema;
    this.fullTableId = fullTableId;
    this.table = table;
    this.connectSchema =
        includeSchema ? DebeziumConnectSchema.of(dataSchema(), table != null, fullTableId) : null;
  }

  @Override
  public ChangelogEncoder forTable(SourceTable sourceTable) {
    return new DebeziumJsonEncoder(schema(), settings(), includeSchema, fullTableId, sourceTable);
  }

  @Override
  protected void writeChange(RowKind kind, Row data, JsonGenerator g)
      throws IOException, FormatException {
    boolean insert = kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER;
    write(insert ? null : data, insert ? data : null, insert ? "c" : "d", g);
  }

  @Override
  protected void writeUpdate(Row before, Row after, JsonGenerator g)
      throws IOException, FormatException {
    write(before, after, "u", g);
  }

  private void write(@Nullable Row before, @Nullable Row after, String op, JsonGenerator g)
      throws IOException, FormatException {
    if (connectSchema != null) {
      g.writeFieldName("schema");
      g.writeRawValue(connectSchema);
      g.writeFieldName("payload");
      g.writeStartObject();
    }
    image("before", before, g);
    image("after", after, g);
    g.writeStringField("op", op);
    if (table != null) {
      g.writeObjectFieldStart("source");
      if (fullTableId) {
        g.writeStringField("db", table.id().namespace());
        g.writeStringField("schema", table.id().schemaName());
      } else {
        g.writeStringField("db", table.id().schemaName());
      }
      g.writeStringField("table", table.id().tableName());
      g.writeEndObject();
    }
    if (connectSchema != null) {
      g.writeEndObject();
    }
  }

  private void image(String name, @Nullable Row row, JsonGenerator g)
      throws IOException, FormatException {
    if (row == null) {
      g.writeNullField(name);
    } else {
      writeRow(name, row, g);
    }
  }
}
