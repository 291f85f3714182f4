package dev.kafkaconnector.formats.avro;

import static dev.kafkaconnector.formats.avro.AvroTestRows.avro;
import static dev.kafkaconnector.formats.avro.AvroTestRows.context;
import static dev.kafkaconnector.formats.avro.AvroTestRows.single;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class AvroExplicitSchemaTest {

  /** A writer schema in another field order, with types the derived schema never uses. */
  private static final String USER_SCHEMA =
      "{\"type\":\"record\",\"name\":\"User\",\"namespace\":\"com.example\",\"fields\":["
          + "{\"name\":\"extra\",\"type\":\"string\",\"default\":\"n/a\"},"
          + "{\"name\":\"color\",\"type\":{\"type\":\"enum\",\"name\":\"Color\",\"symbols\":[\"RED\",\"GREEN\"]}},"
          + "{\"name\":\"id\",\"type\":\"long\"},"
          + "{\"name\":\"name\",\"type\":[\"string\",\"null\"]},"
          + "{\"name\":\"hash\",\"type\":{\"type\":\"fixed\",\"name\":\"Hash\",\"size\":4}},"
          + "{\"name\":\"amount\",\"type\":{\"type\":\"fixed\",\"name\":\"Amount\",\"size\":8,"
          + "\"logicalType\":\"decimal\",\"precision\":12,\"scale\":3}},"
          + "{\"name\":\"seen\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}},"
          + "{\"name\":\"local\",\"type\":{\"type\":\"long\",\"logicalType\":\"local-timestamp-millis\"}},"
          + "{\"name\":\"at\",\"type\":{\"type\":\"long\",\"logicalType\":\"time-micros\"}},"
          + "{\"name\":\"skipped\",\"type\":[\"null\",{\"type\":\"array\",\"items\":\"string\"}],\"default\":null}"
          + "]}";

  private static final Schema USER_COLUMNS =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addStringField("color")
          .addByteArrayField("hash")
          .addDecimalField("amount")
          .addDateTimeField("seen")
          .addLogicalTypeField("local", SqlTypes.DATETIME)
          .addLogicalTypeField("at", SqlTypes.TIME)
          .build();

  private static Map<String, String> options() {
    return Map.of("avro.schema", USER_SCHEMA);
  }

  private static Row user(String name, String color) {
    return Row.withSchema(USER_COLUMNS)
        .attachValues(
            Arrays.asList(
                42L,
                name,
                color,
                new byte[] {1, 2, 3, 4},
                new BigDecimal("-1234.500"),
                new org.joda.time.Instant(1_700_000_000_123L),
                LocalDateTime.of(2020, 1, 2, 3, 4, 5, 6_000_000),
                LocalTime.of(1, 2, 3, 4_000)));
  }

  @Test
  void roundTripThroughAnExplicitSchema() throws Exception {
    RowEncoder encoder = avro().createEncoder(USER_COLUMNS, context(options()));
    RowDecoder decoder = avro().createDecoder(USER_COLUMNS, context(options()));
    Row row = user("Ann", "GREEN");
    assertEquals(row, single(decoder, encoder.encode(row)));
    Row noName = user(null, "RED");
    assertEquals(noName, single(decoder, encoder.encode(noName)));
    assertEquals(
        noName,
        single(SerializableUtils.clone(decoder), SerializableUtils.clone(encoder).encode(noName)));
  }

  @Test
  void writtenBytesFollowTheExplicitSchemaWithDefaultsForFieldsWithoutColumn() throws Exception {
    org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(USER_SCHEMA);
    byte[] bytes =
        avro().createEncoder(USER_COLUMNS, context(options())).encode(user("Ann", "GREEN"));
    GenericRecord read =
        new GenericDatumReader<GenericRecord>(schema)
            .read(null, DecoderFactory.get().binaryDecoder(bytes, null));
    assertEquals("n/a", read.get("extra").toString());
    assertEquals("GREEN", read.get("color").toString());
    assertEquals(42L, read.get("id"));
    assertEquals("Ann", read.get("name").toString());
    assertNull(read.get("skipped"));
    assertEquals(1_700_000_000_123_000L, read.get("seen"));
    assertEquals(3_723_000_004L, read.get("at"));
    assertArrayEquals(
        new byte[] {-1, -1, -1, -1, -1, -19, 41, -68},
        ((GenericData.Fixed) read.get("amount")).bytes());
  }

  @Test
  void readsWhatAvroWritesSkippingFieldsWithoutColumn() throws Exception {
    org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(USER_SCHEMA);
    GenericRecord record = new GenericData.Record(schema);
    record.put("extra", "ignored");
    record.put("color", new GenericData.EnumSymbol(schema.getField("color").schema(), "RED"));
    record.put("id", 7L);
    record.put("name", null);
    record.put(
        "hash", new GenericData.Fixed(schema.getField("hash").schema(), new byte[] {9, 9, 9, 9}));
    record.put(
        "amount",
        new GenericData.Fixed(
            schema.getField("amount").schema(), new byte[] {0, 0, 0, 0, 0, 0, 0, 5}));
    record.put("seen", -1L);
    record.put("local", 0L);
    record.put("at", 86_399_999_999L);
    record.put("skipped", Arrays.asList("a", "b"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(schema).write(record, encoder);
    encoder.flush();

    Row row = single(avro().createDecoder(USER_COLUMNS, context(options())), out.toByteArray());
    assertEquals(7L, row.getInt64("id"));
    assertNull(row.getString("name"));
    assertEquals("RED", row.getString("color"));
    assertArrayEquals(new byte[] {9, 9, 9, 9}, row.getBytes("hash"));
    assertEquals(new BigDecimal("0.005"), row.getDecimal("amount"));
    assertEquals(new org.joda.time.Instant(-1L), row.getValue("seen"));
    assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0), row.getValue("local"));
    assertEquals(LocalTime.of(23, 59, 59, 999_999_000), row.getValue("at"));
  }

  @Test
  void encodingValuesTheSchemaCannotHoldFailsNamingTheField() {
    RowEncoder encoder = avro().createEncoder(USER_COLUMNS, context(options()));
    FormatException badEnum =
        assertThrows(FormatException.class, () -> encoder.encode(user("x", "BLUE")));
    assertEquals("color", badEnum.field());
    assertTrue(badEnum.getMessage().contains("BLUE"), badEnum.getMessage());

    Row shortHash = user("x", "RED");
    java.util.List<Object> values = new java.util.ArrayList<>(shortHash.getValues());
    values.set(3, new byte[] {1});
    FormatException badFixed =
        assertThrows(
            FormatException.class,
            () -> encoder.encode(Row.withSchema(USER_COLUMNS).attachValues(values)));
    assertEquals("hash", badFixed.field());
  }

  @Test
  void nullFromTheWriterIntoANotNullColumnFailsNamingIt() throws Exception {
    Schema notNullName = Schema.builder().addInt64Field("id").addStringField("name").build();
    String schema =
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
            + "{\"name\":\"name\",\"type\":[\"null\",\"string\"]}]}";
    RowDecoder decoder = avro().createDecoder(notNullName, context(Map.of("avro.schema", schema)));
    FormatException e =
        assertThrows(FormatException.class, () -> single(decoder, new byte[] {2, 0}));
    assertEquals("name", e.field());
    assertTrue(e.getMessage().contains("NOT NULL"), e.getMessage());
    assertEquals("x", single(decoder, new byte[] {2, 2, 2, 'x'}).getString("name"));
  }

  private static IllegalArgumentException rejected(Schema columns, String avroSchema) {
    IllegalArgumentException d =
        assertThrows(
            IllegalArgumentException.class,
            () -> avro().createDecoder(columns, context(Map.of("avro.schema", avroSchema))));
    assertThrows(
        IllegalArgumentException.class,
        () -> avro().createEncoder(columns, context(Map.of("avro.schema", avroSchema))));
    assertTrue(d.getMessage().contains("'avro.schema'"), d.getMessage());
    return d;
  }

  @Test
  void invalidSchemasAreRejectedAtCreationNamingKeyAndField() {
    Schema columns = Schema.builder().addInt64Field("id").addStringField("name").build();
    assertTrue(rejected(columns, "{not json").getMessage().contains("not an Avro schema"));
    assertTrue(rejected(columns, "\"string\"").getMessage().contains("must be a record"));

    String missing =
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
    assertTrue(rejected(columns, missing).getMessage().contains("'name'"));

    String wrongType =
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"int\"},"
            + "{\"name\":\"name\",\"type\":\"string\"}]}";
    String m = rejected(columns, wrongType).getMessage();
    assertTrue(m.contains("'id'") && m.contains("int") && m.contains("BIGINT"), m);

    String union =
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
            + "{\"name\":\"name\",\"type\":[\"null\",\"string\",\"int\"]}]}";
    assertTrue(rejected(columns, union).getMessage().contains("several non-null branches"));

    Schema nested =
        Schema.builder().addRowField("inner", Schema.builder().addInt32Field("x").build()).build();
    String nestedWrong =
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"inner\",\"type\":"
            + "{\"type\":\"record\",\"name\":\"I\",\"fields\":[{\"name\":\"x\",\"type\":\"string\"}]}}]}";
    assertTrue(rejected(nested, nestedWrong).getMessage().contains("'inner.x'"));
  }

  @Test
  void aFieldWithoutColumnNeedsADefaultToWrite() {
    Schema columns = Schema.builder().addInt64Field("id").build();
    String schema =
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
            + "{\"name\":\"other\",\"type\":\"string\"}]}";
    // reading skips it
    avro().createDecoder(columns, context(Map.of("avro.schema", schema)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> avro().createEncoder(columns, context(Map.of("avro.schema", schema))));
    assertTrue(e.getMessage().contains("'avro.schema'"), e.getMessage());
    assertTrue(e.getMessage().contains("'other'"), e.getMessage());
    assertTrue(e.getMessage().contains("default"), e.getMessage());
  }

  @Test
  void bytesDecimalOfTheExplicitSchemaUsesItsScale() throws Exception {
    Schema columns = Schema.builder().addDecimalField("price").build();
    String schema =
        "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"price\",\"type\":"
            + "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":5,\"scale\":2}}]}";
    Map<String, String> options = Map.of("avro.schema", schema);
    byte[] bytes =
        avro()
            .createEncoder(columns, context(options))
            .encode(Row.withSchema(columns).addValue(new BigDecimal("1.5")).build());
    assertArrayEquals(new byte[] {4, 0, (byte) 150}, bytes);
    assertEquals(
        new BigDecimal("1.50"),
        single(avro().createDecoder(columns, context(options)), bytes).getDecimal("price"));
  }
}
