package dev.kafkaconnector.formats.cdc.canal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.otter.canal.protocol.CanalEntry;
import com.alibaba.otter.canal.protocol.CanalPacket;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.cdc.CdcTesting;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.cdc.SourceTable;
import dev.kafkaconnector.formats.cdc.TableChangeEncoder;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.schema.change.TableId;
import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** canal-protobuf messages decoded with Canal's own classes on this project's protobuf-java. */
class CanalProtobufFormatTest {
  static final Schema SCHEMA =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("price", FieldType.DECIMAL)
          .addNullableField("ok", FieldType.BOOLEAN)
          .build();

  static TableChangeEncoder encoder(Map<String, String> options) {
    TableChangeEncoder base =
        (TableChangeEncoder)
            Formats.find("canal-protobuf", "value.format")
                .createEncoder(SCHEMA, new FormatContext(Configuration.of(options), "value"));
    return base.forTable(new SourceTable(TableId.of("shop", "orders"), List.of("id")));
  }

  static Row row(long id, String name, String price, Boolean ok) {
    return Row.withSchema(SCHEMA)
        .addValues(id, name, price == null ? null : new BigDecimal(price), ok)
        .build();
  }

  /** Packet → Messages → the single Entry, checked as Canal writes it. */
  static CanalEntry.Entry entry(byte[] message) throws Exception {
    CanalPacket.Packet packet = CanalPacket.Packet.parseFrom(message);
    assertEquals(CanalPacket.PacketType.MESSAGES, packet.getType());
    CanalPacket.Messages messages = CanalPacket.Messages.parseFrom(packet.getBody());
    assertEquals(1, messages.getMessagesCount());
    CanalEntry.Entry entry = CanalEntry.Entry.parseFrom(messages.getMessages(0));
    assertEquals(CanalEntry.EntryType.ROWDATA, entry.getEntryType());
    assertEquals("shop", entry.getHeader().getSchemaName());
    assertEquals("orders", entry.getHeader().getTableName());
    assertEquals(CanalEntry.Type.MYSQL, entry.getHeader().getSourceType());
    assertEquals("UTF-8", entry.getHeader().getServerenCode());
    assertTrue(entry.getHeader().getExecuteTime() > 0);
    return entry;
  }

  /** name=value:isKey:updated:mysqlType:sqlType per column, null for a null value. */
  static List<String> columns(List<CanalEntry.Column> columns) {
    List<String> out = new ArrayList<>();
    for (CanalEntry.Column c : columns) {
      out.add(
          c.getIndex()
              + " "
              + c.getName()
              + "="
              + (c.getIsNull() ? "null" : c.getValue())
              + (c.getIsKey() ? " key" : "")
              + (c.getUpdated() ? " updated" : "")
              + " "
              + c.getMysqlType()
              + " "
              + c.getSqlType());
    }
    return out;
  }

  @Test
  void anInsertAnUpdateAndADeleteAsCanalWritesThem() throws Exception {
    TableChangeEncoder encoder = encoder(Map.of());

    CanalEntry.Entry insert = entry(encoder.encode(RowKind.INSERT, row(1, "a", "1.50", true)));
    assertEquals(CanalEntry.EventType.INSERT, insert.getHeader().getEventType());
    CanalEntry.RowChange change = CanalEntry.RowChange.parseFrom(insert.getStoreValue());
    assertEquals(CanalEntry.EventType.INSERT, change.getEventType());
    assertFalse(change.getIsDdl());
    assertEquals(1, change.getRowDatasCount());
    assertEquals(0, change.getRowDatas(0).getBeforeColumnsCount());
    assertEquals(
        List.of(
            "0 id=1 key updated bigint " + Types.BIGINT,
            "1 name=a updated longtext " + Types.CLOB,
            "2 price=1.50 updated decimal(" + "38,18) " + Types.DECIMAL,
            "3 ok=true updated tinyint(1) " + Types.BOOLEAN),
        columns(change.getRowDatas(0).getAfterColumnsList()));

    CanalEntry.Entry update =
        entry(encoder.encodeUpdate(row(1, "a", "1.50", true), row(1, null, "2.00", true)));
    assertEquals(CanalEntry.EventType.UPDATE, update.getHeader().getEventType());
    CanalEntry.RowData data = CanalEntry.RowChange.parseFrom(update.getStoreValue()).getRowDatas(0);
    assertEquals(
        List.of("0 id=1 key", "1 name=a", "2 price=1.50", "3 ok=true"),
        short4(columns(data.getBeforeColumnsList())));
    assertEquals(
        List.of("0 id=1 key", "1 name=null updated", "2 price=2.00 updated", "3 ok=true"),
        short4(columns(data.getAfterColumnsList())));

    CanalEntry.Entry delete = entry(encoder.encode(RowKind.DELETE, row(1, null, "2.00", true)));
    assertEquals(CanalEntry.EventType.DELETE, delete.getHeader().getEventType());
    data = CanalEntry.RowChange.parseFrom(delete.getStoreValue()).getRowDatas(0);
    assertEquals(0, data.getAfterColumnsCount());
    assertEquals(
        List.of("0 id=1 key", "1 name=null", "2 price=2.00", "3 ok=true"),
        short4(columns(data.getBeforeColumnsList())));
  }

  /** The columns without their types. */
  private static List<String> short4(List<String> columns) {
    return columns.stream()
        .map(c -> c.substring(0, c.lastIndexOf(' ', c.lastIndexOf(' ') - 1)))
        .toList();
  }

  /** Every type: the values, mysqlType and sqlType are canal-json's for the same row. */
  @Test
  void valuesAndTypesAreThoseOfCanalJson() throws Exception {
    Schema schema = CdcTesting.ALL_TYPES;
    FormatContext context = new FormatContext(Configuration.of(Map.of()), "value");
    ObjectMapper exact =
        new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
    for (Row row : List.of(CdcTesting.allTypesRow(1), CdcTesting.allTypesNulls(2))) {
      JsonNode json =
          exact.readTree(
              Formats.find("canal-json", "value.format")
                  .createEncoder(schema, context)
                  .encode(row));
      byte[] message =
          Formats.find("canal-protobuf", "value.format").createEncoder(schema, context).encode(row);
      CanalEntry.Entry entry =
          CanalEntry.Entry.parseFrom(
              CanalPacket.Messages.parseFrom(CanalPacket.Packet.parseFrom(message).getBody())
                  .getMessages(0));
      List<CanalEntry.Column> columns =
          CanalEntry.RowChange.parseFrom(entry.getStoreValue())
              .getRowDatas(0)
              .getAfterColumnsList();
      assertEquals(schema.getFieldCount(), columns.size());
      for (CanalEntry.Column column : columns) {
        String name = column.getName();
        JsonNode value = json.at("/data/0").get(name);
        String actual = column.getIsNull() ? null : column.getValue();
        if (value.isNumber() && !actual.contains("E")) {
          assertEquals(value.decimalValue().toPlainString(), actual, name); // 1.50 stays 1.50
        } else if (value.isNumber()) {
          assertEquals(0, value.decimalValue().compareTo(new BigDecimal(actual)), name);
        } else {
          assertEquals(
              value.isNull() ? null : value.isTextual() ? value.textValue() : value.toString(),
              actual,
              name);
        }
        assertEquals(json.at("/mysqlType").get(name).asText(), column.getMysqlType(), name);
        assertEquals(json.at("/sqlType").get(name).asInt(), column.getSqlType(), name);
      }
    }
  }

  @Test
  void rowsWithAChangeKindColumnFollowIt() throws Exception {
    Schema withKind = Schema.builder().addStringField("row-kind").addInt64Field("id").build();
    var encoder =
        Formats.find("canal-protobuf", "value.format")
            .createEncoder(withKind, new FormatContext(Configuration.of(Map.of()), "value"));
    byte[] message = encoder.encode(Row.withSchema(withKind).addValues("-D", 7L).build());
    CanalPacket.Packet packet = CanalPacket.Packet.parseFrom(message);
    CanalEntry.Entry entry =
        CanalEntry.Entry.parseFrom(CanalPacket.Messages.parseFrom(packet.getBody()).getMessages(0));
    CanalEntry.RowChange change = CanalEntry.RowChange.parseFrom(entry.getStoreValue());
    assertEquals(CanalEntry.EventType.DELETE, change.getEventType());
    assertEquals("id", change.getRowDatas(0).getBeforeColumns(0).getName());
    assertEquals("7", change.getRowDatas(0).getBeforeColumns(0).getValue());
  }

  @Test
  void readingIsRefusedNamingTheOption() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Formats.find("canal-protobuf", "value.format")
                    .createDecoder(SCHEMA, new FormatContext(Configuration.of(Map.of()), "value")));
    assertTrue(
        e.getMessage().contains("'format' / 'value.format' is 'canal-protobuf'"), e.getMessage());
    assertTrue(e.getMessage().contains("cannot be read"), e.getMessage());
  }
}
