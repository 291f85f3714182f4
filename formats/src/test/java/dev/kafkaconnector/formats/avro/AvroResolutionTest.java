package dev.kafkaconnector.formats.avro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * Avro schema resolution of {@link AvroCodecs#resolvingReader} against bytes written by Apache
 * Avro's own writer, and the columns {@link AvroCodecs#columns} gives for a schema.
 */
class AvroResolutionTest {
  private static final Schema TABLE =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("score", FieldType.DOUBLE)
          .addStringField("name")
          .addStringField("tier")
          .addByteArrayField("raw")
          .build();

  private static final org.apache.avro.Schema READER =
      avro(
          "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
              + "{\"name\":\"score\",\"type\":[\"null\",\"double\"],\"default\":null},"
              + "{\"name\":\"name\",\"type\":\"string\"},"
              + "{\"name\":\"tier\",\"type\":\"string\",\"default\":\"basic\"},"
              + "{\"name\":\"raw\",\"type\":\"bytes\"}]}");

  @Test
  void promotesSkipsRemovedFieldsAndFillsDefaults() throws Exception {
    org.apache.avro.Schema writer =
        avro(
            "{\"type\":\"record\",\"name\":\"w\",\"fields\":[{\"name\":\"gone\",\"type\":"
                + "{\"type\":\"array\",\"items\":\"string\"}},{\"name\":\"raw\",\"type\":"
                + "\"string\"},{\"name\":\"id\",\"type\":\"int\"},{\"name\":\"name\",\"type\":"
                + "\"bytes\"}]}");
    GenericData.Record record = new GenericData.Record(writer);
    record.put("gone", List.of("x", "y"));
    record.put("raw", "héllo");
    record.put("id", 42);
    record.put("name", java.nio.ByteBuffer.wrap("ann".getBytes(StandardCharsets.UTF_8)));
    Row row = read(writer, record);
    assertEquals(42L, row.getInt64("id"));
    assertNull(row.getDouble("score"), "a nullable column the writer lacks is null");
    assertEquals("ann", row.getString("name"), "bytes promoted to string");
    assertEquals("basic", row.getString("tier"), "the reader's default");
    assertArrayEquals("héllo".getBytes(StandardCharsets.UTF_8), row.getBytes("raw"));
  }

  @Test
  void aNotNullColumnWithoutFieldOrDefaultIsIncompatible() {
    org.apache.avro.Schema writer =
        avro(
            "{\"type\":\"record\",\"name\":\"w\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AvroCodecs.resolvingReader(writer, READER, TABLE));
    assertTrue(e.getMessage().contains("'name'") && e.getMessage().contains("incompatible"));
  }

  @Test
  void aNarrowingIsIncompatible() {
    org.apache.avro.Schema writer =
        avro(
            "{\"type\":\"record\",\"name\":\"w\",\"fields\":[{\"name\":\"id\",\"type\":\"double\"},"
                + "{\"name\":\"name\",\"type\":\"string\"},{\"name\":\"raw\",\"type\":\"bytes\"}]}");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AvroCodecs.resolvingReader(writer, READER, TABLE));
    assertTrue(e.getMessage().contains("'id'"), e.getMessage());
  }

  @Test
  void columnsOfASchemaAreThoseItIsDerivedFrom() {
    Schema nested = Schema.builder().addStringField("city").build();
    Schema columns =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("tags", FieldType.array(FieldType.STRING))
            .addNullableField("address", FieldType.row(nested))
            .addMapField("attrs", FieldType.STRING, FieldType.INT32)
            .addNullableField("ok", FieldType.BOOLEAN)
            .build();
    assertEquals(columns.getFields(), AvroCodecs.columns(AvroCodecs.derive(columns)).getFields());
  }

  private static Row read(org.apache.avro.Schema writer, GenericRecord record) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    new GenericDatumWriter<GenericRecord>(writer).write(record, encoder);
    encoder.flush();
    return AvroCodecs.resolvingReader(writer, READER, TABLE)
        .read(DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
  }

  private static org.apache.avro.Schema avro(String json) {
    return new org.apache.avro.Schema.Parser().parse(json);
  }
}
