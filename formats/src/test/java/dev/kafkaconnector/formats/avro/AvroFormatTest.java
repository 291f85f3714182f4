package dev.kafkaconnector.formats.avro;

import static dev.kafkaconnector.formats.avro.AvroTestRows.ADDRESS;
import static dev.kafkaconnector.formats.avro.AvroTestRows.ALL_NOT_NULL;
import static dev.kafkaconnector.formats.avro.AvroTestRows.ALL_NULLABLE;
import static dev.kafkaconnector.formats.avro.AvroTestRows.avro;
import static dev.kafkaconnector.formats.avro.AvroTestRows.context;
import static dev.kafkaconnector.formats.avro.AvroTestRows.fullRow;
import static dev.kafkaconnector.formats.avro.AvroTestRows.nullRow;
import static dev.kafkaconnector.formats.avro.AvroTestRows.single;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.Configuration;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class AvroFormatTest {

  private static Row roundTrip(Schema schema, Row row, Map<String, String> options)
      throws FormatException {
    RowEncoder encoder = avro().createEncoder(schema, context(options));
    RowDecoder decoder = avro().createDecoder(schema, context(options));
    return single(decoder, encoder.encode(row));
  }

  @Test
  void foundThroughSpi() {
    assertInstanceOf(AvroFormatFactory.class, Formats.find("avro", "value.format"));
    assertEquals(
        List.of("avro.schema", "avro.timestamp_mapping.legacy"),
        avro().options().stream().map(o -> o.key()).toList());
    assertTrue(avro().readableMetadata().isEmpty());
  }

  @Test
  void everyTypeRoundTrips() throws Exception {
    Row row = fullRow(ALL_NOT_NULL);
    Row back = roundTrip(ALL_NOT_NULL, row, Map.of());
    assertEquals(row, back);
    assertEquals(ALL_NOT_NULL, back.getSchema());
    assertInstanceOf(LocalDateTime.class, back.getValue("ts"));
    assertInstanceOf(org.joda.time.Instant.class, back.getValue("ltz"));
    assertInstanceOf(Byte.class, back.getValue("tiny"));
    assertInstanceOf(Short.class, back.getValue("small"));
  }

  @Test
  void everyTypeRoundTripsNullableWithValuesAndNulls() throws Exception {
    assertEquals(fullRow(ALL_NULLABLE), roundTrip(ALL_NULLABLE, fullRow(ALL_NULLABLE), Map.of()));
    Row nulls = nullRow(ALL_NULLABLE);
    assertEquals(nulls, roundTrip(ALL_NULLABLE, nulls, Map.of()));
  }

  @Test
  void everyTypeRoundTripsWithTheNonLegacyTimestampMapping() throws Exception {
    Map<String, String> options = Map.of("avro.timestamp_mapping.legacy", "false");
    Row row = fullRow(ALL_NOT_NULL);
    assertEquals(row, roundTrip(ALL_NOT_NULL, row, options));
    // local-timestamp-micros keeps microseconds, the legacy timestamp-millis truncates them
    Schema ts = Schema.builder().addLogicalTypeField("ts", SqlTypes.DATETIME).build();
    LocalDateTime micros = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 123_456_000);
    Row tsRow = Row.withSchema(ts).addValue(micros).build();
    assertEquals(micros, roundTrip(ts, tsRow, options).getValue("ts"));
    assertEquals(
        LocalDateTime.of(1969, 12, 31, 23, 59, 59, 123_000_000),
        roundTrip(ts, tsRow, Map.of()).getValue("ts"));
  }

  @Test
  void derivedSchemaFollowsFlink() {
    org.apache.avro.Schema legacy = AvroFormatFactory.avroSchema(ALL_NULLABLE, context(Map.of()));
    assertEquals("record", legacy.getFullName());
    org.apache.avro.Schema.Field b = legacy.getField("b");
    assertEquals("[\"null\",\"boolean\"]", b.schema().toString());
    assertTrue(b.hasDefaultValue());
    assertNull(GenericData.get().getDefaultValue(b));
    assertEquals(
        LogicalTypes.decimal(38, 18),
        legacy.getField("dec").schema().getTypes().get(1).getLogicalType());
    assertEquals(
        org.apache.avro.Schema.Type.BYTES,
        legacy.getField("dec").schema().getTypes().get(1).getType());
    assertEquals(
        LogicalTypes.date(), legacy.getField("date").schema().getTypes().get(1).getLogicalType());
    assertEquals(
        LogicalTypes.timeMillis(),
        legacy.getField("time").schema().getTypes().get(1).getLogicalType());
    assertEquals(
        LogicalTypes.timestampMillis(),
        legacy.getField("ts").schema().getTypes().get(1).getLogicalType());
    assertEquals(
        LogicalTypes.timestampMillis(),
        legacy.getField("ltz").schema().getTypes().get(1).getLogicalType());
    assertEquals("record_address", legacy.getField("address").schema().getTypes().get(1).getName());
    assertEquals(
        "record_addresses",
        legacy.getField("addresses").schema().getTypes().get(1).getElementType().getName());
    assertEquals(
        org.apache.avro.Schema.Type.INT,
        legacy.getField("tiny").schema().getTypes().get(1).getType());

    org.apache.avro.Schema notNull = AvroFormatFactory.avroSchema(ALL_NOT_NULL, context(Map.of()));
    assertEquals("\"boolean\"", notNull.getField("b").schema().toString());
    assertTrue(!notNull.getField("b").hasDefaultValue());
    assertEquals(
        "{\"type\":\"map\",\"values\":\"long\"}", notNull.getField("attrs").schema().toString());

    org.apache.avro.Schema current =
        AvroFormatFactory.avroSchema(
            ALL_NOT_NULL, context(Map.of("avro.timestamp_mapping.legacy", "false")));
    assertEquals(
        LogicalTypes.localTimestampMicros(), current.getField("ts").schema().getLogicalType());
    assertEquals(LogicalTypes.timestampMillis(), current.getField("ltz").schema().getLogicalType());
  }

  @Test
  void fixedPrecisionDecimalUsesItsPrecisionAndScale() throws Exception {
    Schema schema =
        Schema.builder().addLogicalTypeField("price", FixedPrecisionNumeric.of(10, 2)).build();
    org.apache.avro.Schema avroSchema = AvroFormatFactory.avroSchema(schema, context(Map.of()));
    assertEquals(
        LogicalTypes.decimal(10, 2), avroSchema.getField("price").schema().getLogicalType());
    Row row = Row.withSchema(schema).addValue(new BigDecimal("12.30")).build();
    assertEquals(row, roundTrip(schema, row, Map.of()));
    RowEncoder encoder = avro().createEncoder(schema, context(Map.of()));
    FormatException tooPrecise =
        assertThrows(
            FormatException.class,
            () -> encoder.encode(Row.withSchema(schema).addValue(new BigDecimal("1.234")).build()));
    assertEquals("price", tooPrecise.field());
    assertTrue(tooPrecise.getMessage().contains("fractional digits"), tooPrecise.getMessage());
    FormatException tooLarge =
        assertThrows(
            FormatException.class,
            () ->
                encoder.encode(
                    Row.withSchema(schema).addValue(new BigDecimal("123456789.5")).build()));
    assertTrue(tooLarge.getMessage().contains("10 digits"), tooLarge.getMessage());
  }

  @Test
  void bytesAreWhatAvroItselfWritesAndReads() throws Exception {
    Schema schema = ALL_NULLABLE;
    org.apache.avro.Schema avroSchema = AvroFormatFactory.avroSchema(schema, context(Map.of()));
    GenericData data = new GenericData();
    data.addLogicalTypeConversion(new Conversions.DecimalConversion());

    GenericRecord address =
        new GenericData.Record(avroSchema.getField("address").schema().getTypes().get(1));
    address.put("city", "Paris");
    address.put("zip", 75001);
    GenericRecord record = new GenericData.Record(avroSchema);
    record.put("b", true);
    record.put("tiny", -7);
    record.put("i", 5);
    record.put("dec", new BigDecimal("1.500000000000000000"));
    record.put("s", "hé");
    record.put("bytes", ByteBuffer.wrap(new byte[] {9}));
    record.put("date", 19_782);
    record.put("time", 1_000);
    record.put("ts", 1_000L);
    record.put("ltz", 2_000L);
    record.put("tags", List.of("x"));
    record.put("attrs", Map.of("k", 3L));
    record.put("address", address);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(avroSchema, data).write(record, encoder);
    encoder.flush();

    Row row = single(avro().createDecoder(schema, context(Map.of())), out.toByteArray());
    assertEquals(true, row.getValue("b"));
    assertEquals((byte) -7, (Byte) row.getValue("tiny"));
    assertNull(row.getValue("small"));
    assertEquals(5, (Integer) row.getValue("i"));
    assertEquals(new BigDecimal("1.500000000000000000"), row.getValue("dec"));
    assertEquals("hé", row.getValue("s"));
    assertArrayEquals(new byte[] {9}, row.getBytes("bytes"));
    assertEquals(java.time.LocalDate.of(2024, 2, 29), row.getValue("date"));
    assertEquals(java.time.LocalTime.of(0, 0, 1), row.getValue("time"));
    assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0, 1), row.getValue("ts"));
    assertEquals(new org.joda.time.Instant(2_000L), row.getValue("ltz"));
    assertEquals(List.of("x"), row.getValue("tags"));
    assertEquals(Map.of("k", 3L), row.getValue("attrs"));
    assertEquals("Paris", row.getRow("address").getString("city"));
    assertNull(row.getValue("addresses"));

    // and what we write, Avro reads
    byte[] ours = avro().createEncoder(schema, context(Map.of())).encode(fullRow(schema));
    GenericRecord read =
        new GenericDatumReader<GenericRecord>(avroSchema, avroSchema, data)
            .read(null, DecoderFactory.get().binaryDecoder(ours, null));
    assertEquals(new Utf8("grüße, 世界 \uD83D\uDE00"), read.get("s"));
    assertEquals(new BigDecimal("12345.678900000000000000"), read.get("dec"));
    assertEquals(9_000_000_000L, read.get("l"));
    assertEquals(
        LocalDateTime.of(2024, 3, 1, 12, 30, 45, 678_000_000)
            .toInstant(java.time.ZoneOffset.UTC)
            .toEpochMilli(),
        read.get("ts"));
    assertEquals(
        new Utf8("Lyon"), ((GenericRecord) ((List<?>) read.get("addresses")).get(0)).get("city"));
  }

  @Test
  void decoderAndEncoderSurviveSerialization() throws Exception {
    RowEncoder encoder =
        SerializableUtils.clone(avro().createEncoder(ALL_NULLABLE, context(Map.of())));
    RowDecoder decoder =
        SerializableUtils.clone(avro().createDecoder(ALL_NULLABLE, context(Map.of())));
    Row row = fullRow(ALL_NULLABLE);
    assertEquals(row, single(decoder, encoder.encode(row)));
    // a used instance (with its reused decoder/buffer) serializes too
    RowDecoder again = SerializableUtils.clone(decoder);
    assertEquals(row, single(again, SerializableUtils.clone(encoder).encode(row)));
    assertThrows(FormatException.class, () -> single(again, new byte[] {2}));
  }

  @Test
  void reusedDecoderAndEncoderKeepRowsApart() throws Exception {
    RowEncoder encoder = avro().createEncoder(ALL_NULLABLE, context(Map.of()));
    RowDecoder decoder = avro().createDecoder(ALL_NULLABLE, context(Map.of()));
    Row full = fullRow(ALL_NULLABLE);
    Row nulls = nullRow(ALL_NULLABLE);
    byte[] a = encoder.encode(full);
    byte[] b = encoder.encode(nulls);
    Row first = single(decoder, a);
    Row second = single(decoder, b);
    assertEquals(full, first);
    assertEquals(nulls, second);
    assertEquals(full, single(decoder, a));
  }

  @Test
  void metadataIsRejected() {
    FormatContext withMetadata =
        new FormatContext(Configuration.of(Map.of()), "value", List.of("row-kind"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> avro().createDecoder(ALL_NULLABLE, withMetadata));
    assertTrue(e.getMessage().contains("row-kind"), e.getMessage());
  }

  @Test
  void unsupportedColumnsAreRejectedNamingTheColumn() {
    Schema intKeys =
        Schema.builder().addMapField("counts", FieldType.INT32, FieldType.STRING).build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> avro().createDecoder(intKeys, context(Map.of())));
    assertTrue(e.getMessage().contains("'counts'"), e.getMessage());
    assertTrue(e.getMessage().contains("string keys"), e.getMessage());

    Schema badName = Schema.builder().addStringField("user-id").build();
    IllegalArgumentException e2 =
        assertThrows(
            IllegalArgumentException.class, () -> avro().createEncoder(badName, context(Map.of())));
    assertTrue(e2.getMessage().contains("'user-id'"), e2.getMessage());

    Schema nanos =
        Schema.builder()
            .addLogicalTypeField("n", new org.apache.beam.sdk.schemas.logicaltypes.NanosInstant())
            .build();
    IllegalArgumentException e3 =
        assertThrows(
            IllegalArgumentException.class, () -> avro().createEncoder(nanos, context(Map.of())));
    assertTrue(e3.getMessage().contains("'n'"), e3.getMessage());
  }

  @Test
  void nestedRecordNamesStayUnique() throws Exception {
    Schema inner = Schema.builder().addInt32Field("x").build();
    Schema middle = Schema.builder().addRowField("b", inner).build();
    Schema schema = Schema.builder().addRowField("a", middle).addRowField("a_b", inner).build();
    org.apache.avro.Schema avroSchema = AvroFormatFactory.avroSchema(schema, context(Map.of()));
    // record_a_b would be defined twice; the second gets a suffix so the schema stays valid
    org.apache.avro.Schema reparsed =
        new org.apache.avro.Schema.Parser().parse(avroSchema.toString());
    assertEquals(avroSchema, reparsed);
    Row row =
        Row.withSchema(schema)
            .attachValues(
                Arrays.asList(
                    Row.withSchema(middle)
                        .attachValues(List.of(Row.withSchema(inner).attachValues(List.of(1)))),
                    Row.withSchema(inner).attachValues(List.of(2))));
    assertEquals(row, roundTrip(schema, row, Map.of()));
  }

  @Test
  void deeplyNestedArraysWithinTheSchemaRoundTrip() throws Exception {
    FieldType type = FieldType.INT32;
    for (int i = 0; i < 40; i++) {
      type = FieldType.array(type);
    }
    Schema schema = Schema.builder().addField("deep", type).build();
    Object value = List.of(7);
    for (int i = 1; i < 40; i++) {
      value = List.of(value);
    }
    Row row = Row.withSchema(schema).attachValues(List.of(value));
    assertEquals(row, roundTrip(schema, row, Map.of()));
  }

  @Test
  void largeStringRoundTrips() throws Exception {
    Schema schema = Schema.builder().addStringField("big").build();
    String big = "x".repeat(10 * 1024 * 1024);
    Row row = Row.withSchema(schema).addValue(big).build();
    assertEquals(big, roundTrip(schema, row, Map.of()).getString("big"));
  }

  @Test
  void tombstoneIsAFormatException() {
    RowDecoder decoder = avro().createDecoder(ALL_NULLABLE, context(Map.of()));
    FormatException e = assertThrows(FormatException.class, () -> single(decoder, null));
    assertEquals("avro", e.format());
    assertTrue(e.getMessage().contains("tombstone"), e.getMessage());
  }

  @Test
  void encodingANullIntoANotNullColumnFailsNamingIt() {
    RowEncoder encoder = avro().createEncoder(ALL_NOT_NULL, context(Map.of()));
    Row row = fullRow(ALL_NOT_NULL);
    List<Object> values = new java.util.ArrayList<>(row.getValues());
    values.set(ALL_NOT_NULL.indexOf("s"), null);
    FormatException e =
        assertThrows(
            FormatException.class,
            () -> encoder.encode(Row.withSchema(ALL_NOT_NULL).attachValues(values)));
    assertEquals("s", e.field());
  }

  @Test
  void nullMapKeyAndNullElementsOfNotNullArraysFail() {
    Schema schema =
        Schema.builder()
            .addMapField("m", FieldType.STRING, FieldType.STRING)
            .addArrayField("a", FieldType.INT32)
            .build();
    RowEncoder encoder = avro().createEncoder(schema, context(Map.of()));
    Map<String, String> nullKey = new java.util.HashMap<>();
    nullKey.put(null, "v");
    FormatException e =
        assertThrows(
            FormatException.class,
            () ->
                encoder.encode(
                    Row.withSchema(schema).attachValues(Arrays.asList(nullKey, List.of()))));
    assertEquals("m", e.field());
    FormatException e2 =
        assertThrows(
            FormatException.class,
            () ->
                encoder.encode(
                    Row.withSchema(schema)
                        .attachValues(Arrays.asList(Map.of(), Arrays.asList(1, null)))));
    assertEquals("a[]", e2.field());
  }

  @Test
  void addressRowSchemaIsKeptNested() throws Exception {
    Schema schema = Schema.builder().addNullableField("address", FieldType.row(ADDRESS)).build();
    Row row =
        Row.withSchema(schema)
            .addValue(Row.withSchema(ADDRESS).attachValues(Arrays.asList("Oslo", null)))
            .build();
    Row back = roundTrip(schema, row, Map.of());
    assertEquals(ADDRESS, back.getRow("address").getSchema());
    assertEquals(row, back);
  }
}
