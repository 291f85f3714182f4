package dev.kafkaconnector.schema.change;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.SchemaTranslation;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.FixedString;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

class ChangeEventCoderTest {
  private static final TableId T = TableId.of("inventory", "products");

  /** A row of every type the connector's tables use, nested and nullable ones included. */
  static final Schema WIDE =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addField("b", FieldType.BYTE)
          .addField("s", FieldType.INT16)
          .addField("i", FieldType.INT32)
          .addField("f", FieldType.FLOAT)
          .addNullableField("d", FieldType.DOUBLE)
          .addField("dec", FieldType.DECIMAL)
          .addField("dec102", FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)))
          .addField("flag", FieldType.BOOLEAN)
          .addField("raw", FieldType.BYTES)
          .addField("day", FieldType.logicalType(SqlTypes.DATE))
          .addField("at", FieldType.logicalType(SqlTypes.TIME))
          .addNullableField("local", FieldType.logicalType(SqlTypes.DATETIME))
          .addField("instant", FieldType.DATETIME)
          .addField("tags", FieldType.array(FieldType.STRING))
          .addField("props", FieldType.map(FieldType.STRING, FieldType.INT64.withNullable(true)))
          .addNullableField(
              "nested",
              FieldType.row(
                  Schema.builder()
                      .addInt32Field("x")
                      .addNullableField("y", FieldType.STRING)
                      .build()))
          .addField("code", FieldType.logicalType(FixedString.of(3)))
          .build();

  static Row wideRow(long id) {
    return Row.withSchema(WIDE)
        .addValues(
            id,
            "scooter",
            (byte) 1,
            (short) 2,
            3,
            4.5f,
            null,
            new BigDecimal("3.140"),
            new BigDecimal("12.34"),
            true,
            new byte[] {1, 2},
            LocalDate.of(2026, 1, 2),
            LocalTime.of(3, 4, 5),
            LocalDateTime.of(2026, 1, 2, 3, 4, 5),
            new Instant(1_700_000_000_000L),
            List.of("a", "b"),
            Collections.singletonMap("k", null),
            Row.withSchema(WIDE.getField("nested").getType().getRowSchema())
                .addValues(7, null)
                .build(),
            "abc")
        .build();
  }

  static List<ChangeEvent> everyKind() {
    Row r1 = wideRow(1);
    Row r2 = wideRow(2);
    return List.of(
        new CreateTableEvent(T, WIDE, List.of("id")),
        DataChangeEvent.insert(T, r1, 0),
        DataChangeEvent.update(T, r1, r2, 3),
        DataChangeEvent.update(T, null, r2, 3),
        DataChangeEvent.delete(T, r2, 300),
        new AddColumnEvent(T, List.of(Field.nullable("weight", FieldType.DOUBLE))),
        new AlterColumnTypeEvent(T, Map.of("id", FieldType.DECIMAL.withNullable(true))),
        new DropColumnEvent(TableId.of("topic.with.dots"), List.of("a", "b")),
        new RenameColumnEvent(TableId.of("ns", "db", "t"), Map.of("a", "b")));
  }

  @Test
  void everyEventKindRoundTrips() throws Exception {
    ChangeEventCoder coder = ChangeEventCoder.of();
    for (ChangeEvent event : everyKind()) {
      ChangeEvent decoded = CoderUtils.clone(coder, event);
      assertEquals(event, decoded);
      if (decoded instanceof DataChangeEvent data) {
        assertEquals(WIDE, data.schema());
      }
    }
    assertEquals(coder, SerializableUtils.clone(coder));
    assertEquals(
        ChangeEventCoder.of(List.of(WIDE)),
        SerializableUtils.clone(ChangeEventCoder.of(List.of(WIDE))));
  }

  @Test
  void aDecoderThatNeverSawTheSchemaDecodesEveryElement() throws Exception {
    // Encoded by one coder instance, decoded one element at a time by fresh copies in any order,
    // as elements cross Flink's network alone.
    for (ChangeEventCoder coder :
        List.of(ChangeEventCoder.of(), ChangeEventCoder.of(List.of(WIDE)))) {
      List<ChangeEvent> events = everyKind();
      List<byte[]> encoded = new ArrayList<>();
      for (ChangeEvent e : events) {
        encoded.add(CoderUtils.encodeToByteArray(coder, e));
      }
      for (int i = encoded.size() - 1; i >= 0; i--) {
        ChangeEventCoder fresh = SerializableUtils.clone(coder);
        assertEquals(events.get(i), CoderUtils.decodeFromByteArray(fresh, encoded.get(i)));
      }
    }
  }

  @Test
  void schemasEvolvingAtRunTimeTravelInline() throws Exception {
    ChangeEventCoder coder = ChangeEventCoder.of(List.of(WIDE));
    Schema evolved =
        new AddColumnEvent(T, List.of(Field.nullable("weight", FieldType.DOUBLE))).applyTo(WIDE);
    List<Object> values = new ArrayList<>(wideRow(1).getValues());
    values.add(5.1);
    Row row = Row.withSchema(evolved).attachValues(values);
    DataChangeEvent event = DataChangeEvent.insert(T, row, 1);
    byte[] bytes = CoderUtils.encodeToByteArray(coder, event);
    DataChangeEvent decoded =
        (DataChangeEvent) CoderUtils.decodeFromByteArray(SerializableUtils.clone(coder), bytes);
    assertEquals(evolved, decoded.schema());
    assertEquals(5.1, decoded.after().getDouble("weight"));
    assertTrue(
        bytes.length
            > CoderUtils.encodeToByteArray(coder, DataChangeEvent.insert(T, wideRow(1), 1)).length);
  }

  @Test
  void schemasOutsideTheCompactFormGoThroughBeamsProto() throws Exception {
    Schema withOptions =
        Schema.builder()
            .addField(Field.of("id", FieldType.INT64).withDescription("the key"))
            .addNullableField(
                "u",
                FieldType.logicalType(
                    new org.apache.beam.sdk.schemas.logicaltypes.UuidLogicalType()))
            .setOptions(Schema.Options.builder().setOption("pk", FieldType.STRING, "id").build())
            .build();
    Row row = Row.withSchema(withOptions).addValues(1L, java.util.UUID.randomUUID()).build();
    ChangeEventCoder coder = ChangeEventCoder.of();
    DataChangeEvent decoded =
        (DataChangeEvent) CoderUtils.clone(coder, DataChangeEvent.insert(T, row, 0));
    assertEquals(withOptions, decoded.schema());
    assertEquals("the key", decoded.schema().getField("id").getDescription());
    assertEquals(row, decoded.after());
  }

  @Test
  void equalSchemasGiveEqualBytes() {
    assertTrue(
        java.util.Arrays.equals(
            SchemaCodec.encode(WIDE), SchemaCodec.encode(SerializableUtils.clone(WIDE))));
  }

  @Test
  void equalSchemasShareOneDecodedSchemaPerCoderInstance() throws Exception {
    ChangeEventCoder coder = ChangeEventCoder.of();
    byte[] a = CoderUtils.encodeToByteArray(coder, DataChangeEvent.insert(T, wideRow(1), 0));
    byte[] b = CoderUtils.encodeToByteArray(coder, DataChangeEvent.insert(T, wideRow(2), 0));
    DataChangeEvent first = (DataChangeEvent) CoderUtils.decodeFromByteArray(coder, a);
    DataChangeEvent second = (DataChangeEvent) CoderUtils.decodeFromByteArray(coder, b);
    assertTrue(first.schema() == second.schema(), "one Schema object for equal schemas");
  }

  @Test
  void aMismatchedCoderFailsClearly() throws Exception {
    byte[] bytes =
        CoderUtils.encodeToByteArray(
            ChangeEventCoder.of(List.of(WIDE)), DataChangeEvent.insert(T, wideRow(1), 0));
    Exception e =
        assertThrows(
            Exception.class, () -> CoderUtils.decodeFromByteArray(ChangeEventCoder.of(), bytes));
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    assertTrue(cause.getMessage().contains("known schema 0"), cause.getMessage());
    bytes[0] = 9;
    Exception version =
        assertThrows(
            IOException.class, () -> ChangeEventCoder.of().decode(new ByteArrayInputStream(bytes)));
    assertTrue(version.getMessage().contains("version 9"), version.getMessage());
    assertNotEquals(ChangeEventCoder.of(), ChangeEventCoder.of(List.of(WIDE)));
    assertEquals(ChangeEventCoder.of(List.of(WIDE)), ChangeEventCoder.of(List.of(WIDE)));
  }

  /**
   * Bytes per event against a plain RowCoder row (which carries no schema but can hold one schema
   * only) and against a row with its schema in Beam's proto beside it (what a self-describing
   * element would cost). Printed for the README; the assertions bound the overhead.
   */
  @Test
  void bytesPerEvent() throws Exception {
    Schema products =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("name", FieldType.STRING)
            .addNullableField("description", FieldType.STRING)
            .addNullableField("weight", FieldType.DOUBLE)
            .addNullableField("price", FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)))
            .addNullableField("in_stock", FieldType.BOOLEAN)
            .addNullableField("created", FieldType.logicalType(SqlTypes.DATETIME))
            .addNullableField("category", FieldType.STRING)
            .build();
    Row row =
        Row.withSchema(products)
            .addValues(
                101L,
                "scooter",
                "Small 2-wheel scooter",
                3.14,
                new BigDecimal("19.99"),
                true,
                LocalDateTime.of(2026, 1, 2, 3, 4, 5),
                "toys")
            .build();
    int plain = size(RowCoder.of(products), row);
    int withProto = plain + SchemaTranslation.schemaToProto(products, true).toByteArray().length;
    DataChangeEvent insert = DataChangeEvent.insert(T, row, 0);
    int known = size(ChangeEventCoder.of(List.of(products)), insert);
    int inline = size(ChangeEventCoder.of(), insert);
    int compactSchema = SchemaCodec.encode(products).length;
    int knownWithKey =
        size(ChangeEventCoder.of(List.of(products)), insert.withPrimaryKey(List.of("id")));
    System.out.printf(
        "bytes per insert of an 8-column row: RowCoder %d, row + Beam schema proto %d,"
            + " ChangeEventCoder known schema %d (with a one-column primary key %d), inline schema"
            + " %d (compact schema %d bytes)%n",
        plain, withProto, known, knownWithKey, inline, compactSchema);
    // a primary key costs its column count and a column index each
    assertEquals(known + 2, knownWithKey);
    int tableId = "inventory".length() + "products".length() + 3;
    // version, tag, op, schema version, reference mode, index, presence: 7 bytes plus the table id
    assertEquals(plain + tableId + 7, known);
    assertEquals(plain + tableId + 6 + 1 + compactSchema, inline);
    assertTrue(inline < withProto, "the compact inline schema is smaller than Beam's proto");
  }

  @Test
  void primaryKeysRoundTripByColumnIndex() throws Exception {
    Schema schema =
        Schema.builder().addInt64Field("a").addStringField("b").addInt32Field("c").build();
    Row row = Row.withSchema(schema).addValues(1L, "x", 3).build();
    ChangeEventCoder coder = ChangeEventCoder.of();
    for (DataChangeEvent event :
        List.of(
            DataChangeEvent.insert(T, row, 0).withPrimaryKey(List.of("c", "a")),
            DataChangeEvent.update(T, row, row, 2).withPrimaryKey(List.of("b")),
            DataChangeEvent.delete(T, row, 1))) {
      assertEquals(event, CoderUtils.clone(coder, event));
    }
  }

  @Test
  void bytesOfVersionOneAreStillRead() throws Exception {
    Schema schema = Schema.builder().addInt64Field("a").build();
    Row row = Row.withSchema(schema).addValues(7L).build();
    ChangeEventCoder coder = ChangeEventCoder.of(List.of(schema));
    DataChangeEvent insert = DataChangeEvent.insert(T, row, 0);
    byte[] bytes = CoderUtils.encodeToByteArray(coder, insert);
    assertEquals(2, bytes[0]);
    bytes[0] = 1; // without key the layout of version 1 is the same
    assertEquals(insert, CoderUtils.decodeFromByteArray(coder, bytes));
  }

  private static <T> int size(Coder<T> coder, T value) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    coder.encode(value, out);
    return out.size();
  }
}
