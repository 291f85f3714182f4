package dev.kafkaconnector.runners.cdc.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alibaba.otter.canal.protocol.CanalEntry;
import com.alibaba.otter.canal.protocol.CanalPacket;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.ListCoder;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code value.format = canal-protobuf} end to end against a real broker: two tables' inserts, an
 * update and a delete (after a create-table, which is not written) go to one topic, and each record
 * is decoded with Canal's own classes (Packet → Messages → Entry → RowChange): tables, event types,
 * before / after columns, keys, values and types. One subclass per runner.
 */
abstract class AbstractCanalProtobufSinkITCase {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  static final Schema ORDERS =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("item", FieldType.STRING)
          .addNullableField("qty", FieldType.INT32)
          .build();
  static final Schema USERS =
      Schema.builder().addStringField("name").addNullableField("vip", FieldType.BOOLEAN).build();

  /** Options of a finite job whose run() blocks. */
  protected abstract PipelineOptions options();

  static Row order(long id, String item, Integer qty) {
    return Row.withSchema(ORDERS).addValues(id, item, qty).build();
  }

  @Test
  void changesAreWrittenAsCanalEntries() throws Exception {
    String db = "pb" + Long.toString(System.nanoTime() % 1_000_000, 36);
    TableId orders = TableId.of(db, "orders");
    TableId users = TableId.of(db, "users");
    List<String> id = List.of("id");
    List<ChangeEvent> events =
        List.of(
            new CreateTableEvent(orders, ORDERS, id),
            new DataChangeEvent(orders, DataChangeEvent.Op.INSERT, null, order(1, "pen", 2), 0, id),
            new DataChangeEvent(orders, DataChangeEvent.Op.INSERT, null, order(2, "ink", 5), 0, id),
            DataChangeEvent.insert(users, Row.withSchema(USERS).addValues("ann", true).build(), 0),
            new DataChangeEvent(
                orders,
                DataChangeEvent.Op.UPDATE,
                order(1, "pen", 2),
                order(1, "pen", null),
                0,
                id),
            new DataChangeEvent(
                orders, DataChangeEvent.Op.DELETE, order(2, "ink", 5), null, 0, id));
    String topic = KAFKA.newTopicName("canal-pb");
    KAFKA.createTopic(topic, 1);

    Pipeline pipeline = Pipeline.create(options());
    pipeline
        .apply(Create.of(List.of(events)).withCoder(ListCoder.of(ChangeEventCoder.of())))
        .apply(ParDo.of(new AbstractChangeSinkITCase.Explode()))
        .setCoder(ChangeEventCoder.of())
        .apply(
            KafkaConnectorIO.writeChanges()
                .withBootstrapServers(KAFKA.bootstrapServers())
                .withOptions(Map.of("topic", topic, "value.format", "canal-protobuf")));
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());

    List<ConsumerRecord<byte[], byte[]>> records =
        WrittenChanges.readBack(KAFKA.bootstrapServers(), topic, 5);
    assertEquals(5, records.size());
    List<String> got = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> record : records) {
      got.add(describe(record.value()));
    }
    assertEquals(
        List.of(
            db
                + ".orders INSERT before [] after [id=1 key updated bigint -5,"
                + " item=pen updated longtext 2005, qty=2 updated int 4]",
            db
                + ".orders INSERT before [] after [id=2 key updated bigint -5,"
                + " item=ink updated longtext 2005, qty=5 updated int 4]",
            db
                + ".users INSERT before [] after [name=ann updated longtext 2005,"
                + " vip=true updated tinyint(1) 16]",
            db
                + ".orders UPDATE before [id=1 key bigint -5, item=pen longtext 2005,"
                + " qty=2 int 4] after [id=1 key bigint -5, item=pen longtext 2005,"
                + " qty=null updated int 4]",
            db
                + ".orders DELETE before [id=2 key bigint -5, item=ink longtext 2005,"
                + " qty=5 int 4] after []"),
        got);
    // The key is the one of the other formats: table id, then the primary key.
    assertEquals(
        "{\"TableId\":\"" + orders + "\",\"id\":1}",
        new String(records.get(0).key(), StandardCharsets.UTF_8));
  }

  /** One record as Canal's classes read it: table, event type, before and after columns. */
  static String describe(byte[] value) throws Exception {
    CanalPacket.Packet packet = CanalPacket.Packet.parseFrom(value);
    assertEquals(CanalPacket.PacketType.MESSAGES, packet.getType());
    CanalPacket.Messages messages = CanalPacket.Messages.parseFrom(packet.getBody());
    assertEquals(1, messages.getMessagesCount());
    CanalEntry.Entry entry = CanalEntry.Entry.parseFrom(messages.getMessages(0));
    assertEquals(CanalEntry.EntryType.ROWDATA, entry.getEntryType());
    CanalEntry.Header header = entry.getHeader();
    assertEquals(CanalEntry.Type.MYSQL, header.getSourceType());
    assertEquals("UTF-8", header.getServerenCode());
    assertTrue(header.getExecuteTime() > 0);
    CanalEntry.RowChange change = CanalEntry.RowChange.parseFrom(entry.getStoreValue());
    assertFalse(change.getIsDdl());
    assertEquals(header.getEventType(), change.getEventType());
    assertEquals(1, change.getRowDatasCount());
    CanalEntry.RowData row = change.getRowDatas(0);
    return header.getSchemaName()
        + "."
        + header.getTableName()
        + " "
        + header.getEventType()
        + " before "
        + columns(row.getBeforeColumnsList())
        + " after "
        + columns(row.getAfterColumnsList());
  }

  private static List<String> columns(List<CanalEntry.Column> columns) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      CanalEntry.Column c = columns.get(i);
      assertEquals(i, c.getIndex());
      out.add(
          c.getName()
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
}
