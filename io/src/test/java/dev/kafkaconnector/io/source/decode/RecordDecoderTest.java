package dev.kafkaconnector.io.source.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

class RecordDecoderTest {

  private static final Schema PHYSICAL =
      Schema.builder().addNullableField("line", FieldType.STRING).build();
  private static final long TS = 1_700_000_000_123L;

  private static RecordDecoder decoder(List<MetadataColumn> metadata) {
    return decoder(PHYSICAL, metadata);
  }

  private static RecordDecoder decoder(Schema physical, List<MetadataColumn> metadata) {
    return dev.kafkaconnector.io.source.SourceOptionsParser.parse(
            "test",
            Map.of(
                "properties.bootstrap.servers",
                "localhost:9092",
                "topic",
                "orders",
                "format",
                "raw",
                "scan.startup.mode",
                "earliest-offset"),
            physical,
            metadata)
        .decoder();
  }

  private static List<MetadataColumn> allMetadata() {
    List<MetadataColumn> columns = new ArrayList<>();
    for (MetadataKey key : MetadataKey.values()) {
      columns.add(new MetadataColumn(key.key(), key));
    }
    return columns;
  }

  private static ConsumerRecord<byte[], byte[]> record(
      byte[] key,
      byte[] value,
      RecordHeaders headers,
      TimestampType type,
      Optional<Integer> epoch) {
    return new ConsumerRecord<>(
        "orders",
        3,
        42L,
        TS,
        type,
        key == null ? -1 : key.length,
        value == null ? -1 : value.length,
        key,
        value,
        headers,
        epoch);
  }

  private static List<Row> convert(RecordDecoder converter, ConsumerRecord<byte[], byte[]> r) {
    List<Row> rows = new ArrayList<>();
    converter.decode(r, rows::add);
    return rows;
  }

  private static Row roundTrip(Row row) throws Exception {
    RowCoder coder = RowCoder.of(row.getSchema());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    coder.encode(row, out);
    return coder.decode(new ByteArrayInputStream(out.toByteArray()));
  }

  @Test
  void outputSchemaIsPhysicalThenMetadataWithDocumentedTypes() {
    RecordDecoder converter = decoder(allMetadata());
    Schema s = converter.outputSchema();
    assertEquals(
        List.of(
            "line",
            "topic",
            "partition",
            "offset",
            "timestamp",
            "timestamp-type",
            "headers",
            "leader-epoch",
            "__raw_key__",
            "__raw_value__"),
        s.getFieldNames());
    assertEquals(FieldType.STRING.withNullable(true), s.getField("line").getType());
    assertEquals(FieldType.STRING, s.getField("topic").getType());
    assertEquals(FieldType.INT32, s.getField("partition").getType());
    assertEquals(FieldType.INT64, s.getField("offset").getType());
    assertEquals(FieldType.DATETIME, s.getField("timestamp").getType());
    assertEquals(FieldType.STRING, s.getField("timestamp-type").getType());
    assertEquals(
        FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)),
        s.getField("headers").getType());
    assertEquals(FieldType.INT32.withNullable(true), s.getField("leader-epoch").getType());
    assertEquals(FieldType.BYTES.withNullable(true), s.getField("__raw_key__").getType());
    assertEquals(FieldType.BYTES.withNullable(true), s.getField("__raw_value__").getType());
  }

  @Test
  void everyMetadataColumn() throws Exception {
    RecordDecoder converter = decoder(allMetadata());
    RecordHeaders headers = new RecordHeaders();
    headers.add("depart", "toy".getBytes(StandardCharsets.UTF_8));
    headers.add("trace", null);
    headers.add("depart", "book".getBytes(StandardCharsets.UTF_8));
    byte[] key = {1, 2, 3};
    byte[] value = "hello ü".getBytes(StandardCharsets.UTF_8);

    List<Row> rows =
        convert(converter, record(key, value, headers, TimestampType.CREATE_TIME, Optional.of(7)));
    assertEquals(1, rows.size());
    Row row = rows.get(0);
    assertEquals(converter.outputSchema(), row.getSchema());

    assertEquals("hello ü", row.getString("line"));
    assertEquals("orders", row.getString("topic"));
    assertEquals(3, row.getInt32("partition"));
    assertEquals(42L, row.getInt64("offset"));
    assertEquals(new Instant(TS), row.getValue("timestamp"));
    assertEquals(TS, row.getDateTime("timestamp").getMillis());
    assertEquals("CreateTime", row.getString("timestamp-type"));
    Map<String, byte[]> headerMap = row.getMap("headers");
    assertEquals(2, headerMap.size());
    assertArrayEquals(
        "book".getBytes(StandardCharsets.UTF_8),
        headerMap.get("depart"),
        "last value of a repeated key wins");
    assertTrue(headerMap.containsKey("trace"));
    assertNull(headerMap.get("trace"));
    assertEquals(7, row.getInt32("leader-epoch"));
    assertArrayEquals(key, row.getBytes("__raw_key__"));
    assertArrayEquals(value, row.getBytes("__raw_value__"));

    // the row is valid for its schema: it encodes and compares equal to a validated row
    Row decoded = roundTrip(row);
    assertEquals(row, decoded);
    Row expected =
        Row.withSchema(converter.outputSchema())
            .addValues(
                "hello ü",
                "orders",
                3,
                42L,
                new Instant(TS),
                "CreateTime",
                row.getMap("headers"),
                7,
                key,
                value)
            .build();
    assertEquals(expected, row);
  }

  @Test
  void logAppendTimeAndNoTimestampType() {
    RecordDecoder converter =
        decoder(List.of(new MetadataColumn("tt", MetadataKey.TIMESTAMP_TYPE)));
    assertEquals(
        "LogAppendTime",
        convert(
                converter,
                record(
                    null,
                    new byte[0],
                    new RecordHeaders(),
                    TimestampType.LOG_APPEND_TIME,
                    Optional.empty()))
            .get(0)
            .getString("tt"));
    assertEquals(
        "NoTimestampType",
        convert(
                converter,
                record(
                    null,
                    new byte[0],
                    new RecordHeaders(),
                    TimestampType.NO_TIMESTAMP_TYPE,
                    Optional.empty()))
            .get(0)
            .getString("tt"));
  }

  @Test
  void nullableMetadataAndTombstone() throws Exception {
    RecordDecoder converter = decoder(allMetadata());
    Row row =
        convert(
                converter,
                record(
                    null, null, new RecordHeaders(), TimestampType.CREATE_TIME, Optional.empty()))
            .get(0);
    assertNull(row.getString("line"));
    assertNull(row.getValue("leader-epoch"));
    assertNull(row.getBytes("__raw_key__"));
    assertNull(row.getBytes("__raw_value__"));
    Map<String, byte[]> headerMap = row.getMap("headers");
    assertTrue(headerMap.isEmpty());
    assertEquals(row, roundTrip(row));
  }

  @Test
  void metadataColumnsInListOrderUnderTheirOwnNames() {
    List<MetadataColumn> columns =
        List.of(
            new MetadataColumn("off", MetadataKey.OFFSET),
            new MetadataColumn("t", MetadataKey.TOPIC),
            new MetadataColumn("t2", MetadataKey.TOPIC));
    RecordDecoder converter = decoder(columns);
    assertEquals(List.of("line", "off", "t", "t2"), converter.outputSchema().getFieldNames());
    Row row =
        convert(
                converter,
                record(
                    null,
                    "v".getBytes(StandardCharsets.UTF_8),
                    new RecordHeaders(),
                    TimestampType.CREATE_TIME,
                    Optional.empty()))
            .get(0);
    assertEquals(Arrays.asList("v", 42L, "orders", "orders"), row.getValues());
  }

  @Test
  void noMetadataPassesDecodedRowThrough() {
    RecordDecoder converter = decoder(List.of());
    assertEquals(PHYSICAL, converter.outputSchema());
    Row row =
        convert(
                converter,
                record(
                    null,
                    "x".getBytes(StandardCharsets.UTF_8),
                    new RecordHeaders(),
                    TimestampType.CREATE_TIME,
                    Optional.empty()))
            .get(0);
    assertEquals(PHYSICAL, row.getSchema());
    assertEquals("x", row.getString(0));
  }

  @Test
  void decodeErrorNamesTopicPartitionAndOffset() {
    RecordDecoder converter = decoder(allMetadata());
    KafkaSourceException e =
        assertThrows(
            KafkaSourceException.class,
            () ->
                convert(
                    converter,
                    record(
                        null,
                        new byte[] {(byte) 0xFF},
                        new RecordHeaders(),
                        TimestampType.CREATE_TIME,
                        Optional.empty())));
    String m = e.getMessage();
    assertTrue(m.contains("'orders'"), m);
    assertTrue(m.contains("partition 3"), m);
    assertTrue(m.contains("offset 42"), m);
    assertTrue(m.contains("'line'"), m);
    assertInstanceOf(FormatException.class, e.getCause());
  }

  @Test
  void tombstoneIntoNotNullColumnFails() {
    Schema notNull = Schema.builder().addStringField("line").build();
    RecordDecoder converter = decoder(notNull, List.of());
    KafkaSourceException e =
        assertThrows(
            KafkaSourceException.class,
            () ->
                convert(
                    converter,
                    record(
                        null,
                        null,
                        new RecordHeaders(),
                        TimestampType.CREATE_TIME,
                        Optional.empty())));
    assertTrue(e.getMessage().contains("offset 42"), e.getMessage());
  }

  @Test
  void bytesPhysicalColumn() {
    Schema bytes = Schema.builder().addByteArrayField("payload").build();
    RecordDecoder converter =
        decoder(bytes, List.of(new MetadataColumn("p", MetadataKey.PARTITION)));
    Row row =
        convert(
                converter,
                record(
                    null,
                    new byte[] {9, (byte) 0xFF},
                    new RecordHeaders(),
                    TimestampType.CREATE_TIME,
                    Optional.empty()))
            .get(0);
    assertArrayEquals(new byte[] {9, (byte) 0xFF}, row.getBytes("payload"));
    assertEquals(3, row.getInt32("p"));
  }

  @Test
  void survivesSerialization() {
    RecordDecoder converter = SerializableUtils.clone(decoder(allMetadata()));
    Row row =
        convert(
                converter,
                record(
                    null,
                    "s".getBytes(StandardCharsets.UTF_8),
                    new RecordHeaders(),
                    TimestampType.CREATE_TIME,
                    Optional.of(1)))
            .get(0);
    assertEquals("s", row.getString("line"));
    assertEquals(new Instant(TS), row.getValue("timestamp"));
    assertEquals(1, row.getInt32("leader-epoch"));
  }

  @Test
  void metadataKeyLookup() {
    for (MetadataKey key : MetadataKey.values()) {
      assertSame(key, MetadataKey.fromKey(key.key()).orElseThrow());
      assertTrue(MetadataKey.allKeys().contains(key.key()));
    }
    assertEquals(Optional.empty(), MetadataKey.fromKey("TOPIC"));
    assertEquals(Optional.empty(), MetadataKey.fromKey("value.topic"));
  }
}
