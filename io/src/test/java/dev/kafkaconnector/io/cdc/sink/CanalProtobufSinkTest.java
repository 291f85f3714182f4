package dev.kafkaconnector.io.cdc.sink;

import static dev.kafkaconnector.io.cdc.sink.ChangeSinkParserTest.T1;
import static dev.kafkaconnector.io.cdc.sink.ChangeSinkParserTest.encoder;
import static dev.kafkaconnector.io.cdc.sink.ChangeSinkParserTest.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.otter.canal.protocol.CanalEntry;
import com.alibaba.otter.canal.protocol.CanalPacket;
import dev.kafkaconnector.io.cdc.source.ChangeSourceParser;
import dev.kafkaconnector.io.sink.RecordEncoder;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code value.format = canal-protobuf}: written by writeChanges(), refused by the readers. */
class CanalProtobufSinkTest {

  static CanalEntry.Entry entry(byte[] value) throws Exception {
    CanalPacket.Packet packet = CanalPacket.Packet.parseFrom(value);
    return CanalEntry.Entry.parseFrom(
        CanalPacket.Messages.parseFrom(packet.getBody()).getMessages(0));
  }

  /** "type table before-values / after-values (key columns starred)". */
  static String describe(byte[] value) throws Exception {
    CanalEntry.Entry entry = entry(value);
    CanalEntry.RowData row = CanalEntry.RowChange.parseFrom(entry.getStoreValue()).getRowDatas(0);
    return entry.getHeader().getEventType()
        + " "
        + entry.getHeader().getSchemaName()
        + "."
        + entry.getHeader().getTableName()
        + " "
        + values(row.getBeforeColumnsList())
        + " / "
        + values(row.getAfterColumnsList());
  }

  static List<String> values(List<CanalEntry.Column> columns) {
    List<String> out = new ArrayList<>();
    for (CanalEntry.Column c : columns) {
      out.add((c.getIsKey() ? "*" : "") + (c.getIsNull() ? "null" : c.getValue()));
    }
    return out;
  }

  @Test
  void insertsUpdatesAndDeletesAreCanalEntriesNamingTheTable() throws Exception {
    RecordEncoder<ChangeEvent> encoder = encoder("value.format", "canal-protobuf");
    List<String> key = List.of("id");
    assertNull(encoder.encode(new CreateTableEvent(T1, ChangeSinkParserTest.SCHEMA, key)));
    assertEquals(
        "INSERT mydb.mytable1 [] / [*1, a]",
        describe(
            encoder
                .encode(DataChangeEvent.insert(T1, row(1, "a"), 0).withPrimaryKey(key))
                .value()));
    assertEquals(
        "UPDATE mydb.mytable1 [*1, a] / [*1, null]",
        describe(
            encoder
                .encode(
                    DataChangeEvent.update(T1, row(1, "a"), row(1, null), 0).withPrimaryKey(key))
                .value()));
    assertEquals(
        "DELETE mydb.mytable1 [*1, null] / []",
        describe(
            encoder
                .encode(DataChangeEvent.delete(T1, row(1, null), 0).withPrimaryKey(key))
                .value()));
    // An update without before image is the insert of its after image, as in canal-json.
    assertEquals(
        "INSERT mydb.mytable1 [] / [1, b]",
        describe(encoder.encode(DataChangeEvent.update(T1, null, row(1, "b"), 0)).value()));
  }

  @Test
  void theReadersRefuseItNamingTheOption() {
    IllegalArgumentException read =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SourceOptionsParser.parse(
                    "r",
                    Map.of(
                        "properties.bootstrap.servers",
                        "localhost:9092",
                        "topic",
                        "t",
                        "scan.startup.mode",
                        "earliest-offset",
                        "value.format",
                        "canal-protobuf"),
                    ChangeSinkParserTest.SCHEMA,
                    List.of()));
    assertTrue(read.getMessage().contains("'value.format'"), read.getMessage());
    assertTrue(read.getMessage().contains("canal-protobuf"), read.getMessage());
    IllegalArgumentException changes =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ChangeSourceParser.parse(
                    "r",
                    Map.of(
                        "properties.bootstrap.servers",
                        "localhost:9092",
                        "topic",
                        "t",
                        "scan.startup.mode",
                        "earliest-offset",
                        "value.format",
                        "canal-protobuf")));
    assertTrue(changes.getMessage().contains("'value.format'"), changes.getMessage());
    assertTrue(changes.getMessage().contains("canal-protobuf"), changes.getMessage());
  }
}
