package dev.kafkaconnector.formats.cdc.canal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangelogEncoder;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.cdc.SourceTable;
import dev.kafkaconnector.formats.json.JsonWriteSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.ReadableInstant;

/**
 * Writes Canal messages {@code {"data": [row], "old": null, "type": ..., "isDdl": false, "sqlType":
 * {...}, "mysqlType": {...}}} as Flink 1.19's {@code CanalJsonSerializationSchema} does for the
 * data: {@code +I} and {@code +U} as {@code INSERT}, {@code -U} and {@code -D} as {@code DELETE}.
 * {@link #encodeUpdate} writes an {@code UPDATE} with the before image in {@code old} (only its
 * changed columns with {@code canal-json.serialize.update.keep-changed-fields-only}). The type maps
 * describe the columns ({@link CanalTypes}). {@code database}, {@code table}, {@code pkNames},
 * {@code es}, {@code ts} and {@code id} come from the row's written metadata columns ({@code
 * value.database}, … see {@link CanalMetadata#writable()}) and are left out when it has none; an
 * encoder for one table ({@link #forTable}) names that table ({@code database} is the table id's
 * schema part, as the spec maps a two-part id) and its primary key.
 */
final class CanalJsonEncoder extends ChangelogEncoder {
  private static final long serialVersionUID = 1L;

  private final boolean changedFieldsOnly;
  private final String sqlTypes;
  private final String mysqlTypes;
  private final @Nullable SourceTable table;

  CanalJsonEncoder(Schema schema, JsonWriteSettings settings, boolean changedFieldsOnly) {
    this(schema, settings, changedFieldsOnly, null);
  }

  private CanalJsonEncoder(
      Schema schema,
      JsonWriteSettings settings,
      boolean changedFieldsOnly,
      @Nullable SourceTable table) {
    super(schema, settings, CanalMetadata.writable().stream().map(m -> m.key()).toList());
    this.table = table;
    this.changedFieldsOnly = changedFieldsOnly;
    this.sqlTypes = CanalTypes.sqlTypes(dataSchema());
    this.mysqlTypes = CanalTypes.mysqlTypes(dataSchema());
  }

  @Override
  public ChangelogEncoder forTable(SourceTable table) {
    return new CanalJsonEncoder(schema(), settings(), changedFieldsOnly, table);
  }

  @Override
  protected void writeChange(RowKind kind, Row data, JsonGenerator g)
      throws IOException, FormatException {
    boolean insert = kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER;
    rows("data", data, g);
    g.writeNullField("old");
    trailer(insert ? "INSERT" : "DELETE", g);
  }

  @Override
  protected void writeUpdate(Row before, Row after, JsonGenerator g)
      throws IOException, FormatException {
    rows("data", after, g);
    if (changedFieldsOnly) {
      g.writeArrayFieldStart("old");
      g.writeTree(changedColumns(before, after));
      g.writeEndArray();
    } else {
      rows("old", before, g);
    }
    trailer("UPDATE", g);
  }

  private void rows(String name, Row row, JsonGenerator g) throws IOException, FormatException {
    g.writeArrayFieldStart(name);
    writeRow(null, row, g);
    g.writeEndArray();
  }

  private void trailer(String type, JsonGenerator g) throws IOException {
    if (table != null) {
      g.writeStringField("database", table.id().schemaName());
      g.writeStringField("table", table.id().tableName());
      strings("pkNames", table.primaryKey(), g);
    } else {
      if (written("database") instanceof String database) {
        g.writeStringField("database", database);
      }
      if (written("table") instanceof String name) {
        g.writeStringField("table", name);
      }
      if (written("pk-names") instanceof Iterable<?> names) {
        List<String> columns = new ArrayList<>();
        names.forEach(n -> columns.add(String.valueOf(n)));
        strings("pkNames", columns, g);
      }
    }
    millis("es", written("event-timestamp"), g);
    millis("ts", written("ingestion-timestamp"), g);
    if (written("batch-id") instanceof Long id) {
      g.writeNumberField("id", id);
    }
    g.writeStringField("type", type);
    g.writeBooleanField("isDdl", false);
    g.writeFieldName("sqlType");
    g.writeRawValue(sqlTypes);
    g.writeFieldName("mysqlType");
    g.writeRawValue(mysqlTypes);
  }

  private static void strings(String name, List<String> values, JsonGenerator g)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (String value : values) {
      g.writeString(value);
    }
    g.writeEndArray();
  }

  /**
   * A timestamp column's value as epoch milliseconds, as Canal writes {@code es} and {@code ts}.
   */
  private static void millis(String name, @Nullable Object value, JsonGenerator g)
      throws IOException {
    if (value instanceof ReadableInstant instant) {
      g.writeNumberField(name, instant.getMillis());
    } else if (value instanceof java.time.Instant javaInstant) {
      g.writeNumberField(name, javaInstant.toEpochMilli());
    }
  }
}
