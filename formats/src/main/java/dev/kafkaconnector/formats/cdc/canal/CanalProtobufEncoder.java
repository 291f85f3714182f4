package dev.kafkaconnector.formats.cdc.canal;

import com.alibaba.otter.canal.protocol.CanalEntry;
import com.alibaba.otter.canal.protocol.CanalPacket;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.cdc.SourceTable;
import dev.kafkaconnector.formats.cdc.TableChangeEncoder;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import dev.kafkaconnector.formats.json.JsonWriteSettings;
import dev.kafkaconnector.formats.json.RowToJsonConverter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes each change as a Canal server writes it to Kafka with {@code canal.mq.flatMessage =
 * false}: a serialized {@code CanalPacket.Packet} (type {@code MESSAGES}, version 1) whose body is
 * {@code CanalPacket.Messages} holding one serialized {@code CanalEntry.Entry} (entry type {@code
 * ROWDATA}) whose store value is a {@code RowChange} of one row. The classes are Canal's own
 * ({@code com.alibaba.otter:canal.protocol}).
 *
 * <p>As {@link CanalJsonEncoder}: {@code +I} and {@code +U} are {@code INSERT}, {@code -U} and
 * {@code -D} {@code DELETE}, {@link #encodeUpdate} an {@code UPDATE} with before and after columns;
 * values are the text canal-json writes (strings as they are, other values as their JSON text, null
 * as {@code isNull}); {@code mysqlType} and {@code sqlType} as {@link CanalTypes} derives them. A
 * column is {@code updated} as Canal marks it: every after column of an insert, the after columns
 * whose value changed in an update. The header names the table (schema name = the table id's schema
 * part) when the encoder is bound to one ({@link #forTable}), with {@code isKey} on its primary key
 * columns; its {@code executeTime} is when the change was encoded (a change event has no time of
 * its own).
 */
final class CanalProtobufEncoder implements TableChangeEncoder {
  private static final long serialVersionUID = 1L;

  private final Schema schema;
  private final int kindIndex;
  private final Schema dataSchema;
  private final RowToJsonConverter converter;
  private final @Nullable SourceTable table;

  /**
   * @throws IllegalArgumentException when a {@code row-kind} column is not a STRING, or a column
   *     cannot be written as text
   */
  CanalProtobufEncoder(Schema schema, JsonWriteSettings settings, @Nullable SourceTable table) {
    this.schema = schema;
    this.table = table;
    String kind = FormatMetadata.ROW_KIND;
    this.kindIndex = schema.hasField(kind) ? schema.indexOf(kind) : -1;
    if (kindIndex >= 0) {
      if (schema.getField(kindIndex).getType().getTypeName() != TypeName.STRING) {
        throw new IllegalArgumentException(
            "Format '"
                + settings.format()
                + "' column '"
                + kind
                + "': the change kind column must be a STRING (+I, -U, +U or -D)");
      }
      Schema.Builder data = Schema.builder();
      for (int i = 0; i < schema.getFieldCount(); i++) {
        if (i != kindIndex) {
          data.addField(schema.getField(i));
        }
      }
      this.dataSchema = data.build();
    } else {
      this.dataSchema = schema;
    }
    this.converter = new RowToJsonConverter(dataSchema, settings);
  }

  @Override
  public TableChangeEncoder forTable(SourceTable forTable) {
    return new CanalProtobufEncoder(schema, converter.settings(), forTable);
  }

  @Override
  public byte[] encode(Row row) throws FormatException {
    RowKind kind = RowKind.INSERT;
    if (kindIndex < 0) {
      return encode(kind, row);
    }
    Object value = row.getValue(kindIndex);
    kind = value instanceof String symbol ? RowKind.ofSymbol(symbol) : null;
    if (kind == null) {
      throw new FormatException(
          converter.settings().format(),
          FormatMetadata.ROW_KIND,
          "expected the change kind +I, -U, +U or -D but found "
              + (value == null ? "null" : "'" + value + "'"));
    }
    List<Object> values = new ArrayList<>(dataSchema.getFieldCount());
    for (int i = 0; i < schema.getFieldCount(); i++) {
      if (i != kindIndex) {
        values.add(row.getValue(i));
      }
    }
    return encode(kind, Row.withSchema(dataSchema).attachValues(values));
  }

  @Override
  public byte[] encode(RowKind kind, Row data) throws FormatException {
    boolean insert = kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER;
    CanalEntry.RowData.Builder row = CanalEntry.RowData.newBuilder();
    if (insert) {
      row.addAllAfterColumns(columns(text(data), true, null));
    } else {
      row.addAllBeforeColumns(columns(text(data), false, null));
    }
    return packet(insert ? CanalEntry.EventType.INSERT : CanalEntry.EventType.DELETE, row);
  }

  @Override
  public byte[] encodeUpdate(Row before, Row after) throws FormatException {
    String[] old = text(before);
    CanalEntry.RowData.Builder row =
        CanalEntry.RowData.newBuilder()
            .addAllBeforeColumns(columns(old, false, null))
            .addAllAfterColumns(columns(text(after), true, old));
    return packet(CanalEntry.EventType.UPDATE, row);
  }

  /**
   * Each column's value as canal-json writes it, as text (the JSON text of the value, without
   * quotes for a string); null for a null value. The row is written as canal-json writes it and
   * each member's text taken from there, so numbers keep their exact spelling ({@code 1.50}).
   */
  private String[] text(Row data) throws FormatException {
    byte[] json = converter.toBytes(data);
    String[] values = new String[dataSchema.getFieldCount()];
    try (JsonParser p = JsonToRowConverter.objectMapper().getFactory().createParser(json)) {
      p.nextToken(); // START_OBJECT
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        int index = dataSchema.indexOf(p.currentName());
        JsonToken token = p.nextToken();
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
          int start = (int) p.currentTokenLocation().getByteOffset();
          p.skipChildren();
          int end = (int) p.currentLocation().getByteOffset();
          values[index] = new String(json, start, end - start, StandardCharsets.UTF_8);
        } else if (token != JsonToken.VALUE_NULL) {
          values[index] = p.getText();
        }
      }
    } catch (IOException e) {
      throw new FormatException(
          converter.settings().format(), null, "cannot read back the written values: " + e, e);
    }
    return values;
  }

  /**
   * The columns of one image: an after image's column is {@code updated} when there is no {@code
   * before} (an insert) or its value differs from it (an update); a before image's never is.
   */
  private List<CanalEntry.Column> columns(
      String[] values, boolean after, String @Nullable [] before) {
    List<CanalEntry.Column> columns = new ArrayList<>(values.length);
    for (int i = 0; i < values.length; i++) {
      Schema.Field field = dataSchema.getField(i);
      CanalEntry.Column.Builder column =
          CanalEntry.Column.newBuilder()
              .setIndex(i)
              .setName(field.getName())
              .setSqlType(CanalTypes.sqlType(field.getType()))
              .setMysqlType(CanalTypes.mysqlType(field.getType()))
              .setIsKey(table != null && table.primaryKey().contains(field.getName()))
              .setIsNull(values[i] == null)
              .setUpdated(after && (before == null || !Objects.equals(before[i], values[i])));
      if (values[i] != null) {
        column.setValue(values[i]);
      }
      columns.add(column.build());
    }
    return columns;
  }

  private byte[] packet(CanalEntry.EventType type, CanalEntry.RowData.Builder row) {
    CanalEntry.RowChange change =
        CanalEntry.RowChange.newBuilder()
            .setEventType(type)
            .setIsDdl(false)
            .addRowDatas(row)
            .build();
    CanalEntry.Header.Builder header =
        CanalEntry.Header.newBuilder()
            .setEventType(type)
            .setExecuteTime(System.currentTimeMillis())
            .setSourceType(CanalEntry.Type.MYSQL)
            .setServerenCode(StandardCharsets.UTF_8.name());
    if (table != null) {
      if (table.id().schemaName() != null) {
        header.setSchemaName(table.id().schemaName());
      }
      header.setTableName(table.id().tableName());
    }
    CanalEntry.Entry entry =
        CanalEntry.Entry.newBuilder()
            .setHeader(header)
            .setEntryType(CanalEntry.EntryType.ROWDATA)
            .setStoreValue(change.toByteString())
            .build();
    CanalPacket.Messages messages =
        CanalPacket.Messages.newBuilder().addMessages(entry.toByteString()).build();
    return CanalPacket.Packet.newBuilder()
        .setVersion(1)
        .setType(CanalPacket.PacketType.MESSAGES)
        .setBody(messages.toByteString())
        .build()
        .toByteArray();
  }
}
