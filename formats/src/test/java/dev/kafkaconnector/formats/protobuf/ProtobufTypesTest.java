package dev.kafkaconnector.formats.protobuf;

import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.ALL_COLUMNS;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.ALL_TYPES;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.INNER;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.decoder;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.encoder;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.fullRow;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.inner;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.options;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.single;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.protobuf.testproto.AllTypesProto.AllTypes;
import dev.kafkaconnector.formats.protobuf.testproto.AllTypesProto.Color;
import dev.kafkaconnector.formats.protobuf.testproto.AllTypesProto.Inner;
import dev.kafkaconnector.formats.protobuf.testproto.LegacyProto.Legacy;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class ProtobufTypesTest {

  private static final String LEGACY = Legacy.class.getName();

  private static AllTypes full() {
    return AllTypes.newBuilder()
        .setFDouble(-1.5)
        .setFFloat(2.25f)
        .setFInt32(-42)
        .setFInt64(-9_000_000_000L)
        .setFUint32(-1)
        .setFUint64(-1L)
        .setFSint32(-7)
        .setFSint64(-8L)
        .setFFixed32(9)
        .setFFixed64(10L)
        .setFSfixed32(-11)
        .setFSfixed64(-12L)
        .setFBool(true)
        .setFString("grüße, 世界 \uD83D\uDE00")
        .setFBytes(ByteString.copyFrom(new byte[] {0, 1, (byte) 0xFF}))
        .setColor(Color.GREEN)
        .setInner(Inner.newBuilder().setName("in").setSize(3).setMaybe(33L))
        .addAllNumbers(List.of(1, 2, 3))
        .addAllNames(List.of("x", "y"))
        .addInners(Inner.newBuilder().setName("a").setSize(1))
        .addInners(Inner.newBuilder().setName("b").setSize(2).setMaybe(2L))
        .putCounts("a", 1L)
        .putCounts("b", -2L)
        .putById(7, Inner.newBuilder().setName("seven").setSize(7).setMaybe(77L).build())
        .putById(-1, Inner.newBuilder().setName("minus").setSize(1).build())
        .setOptInt(5)
        .setOptString("opt")
        .setChoiceNumber(99L)
        .addColors(Color.RED)
        .addColors(Color.GREEN)
        .putLabels("k", "v")
        .addBlobs(ByteString.copyFrom(new byte[] {1}))
        .addBlobs(ByteString.EMPTY)
        .build();
  }

  @Test
  void readsEveryTypeAsTheGeneratedClassWritesIt() throws Exception {
    assertEquals(fullRow(), single(decoder(ALL_COLUMNS, options(ALL_TYPES)), full().toByteArray()));
  }

  @Test
  void writesEveryTypeAsTheGeneratedClassReadsIt() throws Exception {
    byte[] bytes = encoder(ALL_COLUMNS, options(ALL_TYPES)).encode(fullRow());
    assertEquals(full(), AllTypes.parseFrom(bytes));
  }

  @Test
  void absentFieldsWithPresenceAreNullAndEmptyListsAreNull() throws Exception {
    Row row = single(decoder(ALL_COLUMNS, options(ALL_TYPES)), new byte[0]);
    // proto3 scalars without presence: their default
    assertEquals(0.0, row.getDouble("f_double"));
    assertEquals(0, row.getInt32("f_int32"));
    assertEquals("", row.getString("f_string"));
    assertArrayEquals(new byte[0], row.getBytes("f_bytes"));
    assertEquals("COLOR_UNSPECIFIED", row.getString("color"));
    // fields with presence (message, optional, oneof) and empty repeated/map fields: null
    assertNull(row.getValue("inner"));
    assertNull(row.getValue("opt_int"));
    assertNull(row.getValue("opt_string"));
    assertNull(row.getValue("choice_text"));
    assertNull(row.getValue("choice_number"));
    assertNull(row.getValue("numbers"));
    assertNull(row.getValue("counts"));
    assertNull(row.getValue("by_id"));
  }

  @Test
  void readDefaultValuesFillsAbsentFields() throws Exception {
    Row row =
        single(
            decoder(ALL_COLUMNS, options(ALL_TYPES, "protobuf.read-default-values", "true")),
            new byte[0]);
    assertEquals(inner("", 0, 0L), row.getRow("inner"));
    assertEquals(0, row.getInt32("opt_int"));
    assertEquals("", row.getString("opt_string"));
    assertEquals("", row.getString("choice_text"));
    assertEquals(0L, row.getInt64("choice_number"));
    assertEquals(List.of(), row.getValue("numbers"));
    assertEquals(Map.of(), row.getValue("counts"));
  }

  @Test
  void nestedPresenceFollowsTheSameRule() throws Exception {
    byte[] bytes =
        AllTypes.newBuilder().setInner(Inner.newBuilder().setName("n")).build().toByteArray();
    Row row = single(decoder(ALL_COLUMNS, options(ALL_TYPES)), bytes);
    assertEquals(inner("n", 0, null), row.getRow("inner"));
  }

  @Test
  void notNullColumnsGetEmptyListsAndFailOnAbsentFields() throws Exception {
    Schema schema =
        Schema.builder().addArrayField("numbers", FieldType.INT32).addInt32Field("opt_int").build();
    FormatException e =
        assertThrows(
            FormatException.class, () -> single(decoder(schema, options(ALL_TYPES)), new byte[0]));
    assertEquals("opt_int", e.field());
    assertTrue(e.getMessage().contains("protobuf.read-default-values"), e.getMessage());
    byte[] bytes = AllTypes.newBuilder().setOptInt(0).build().toByteArray();
    assertEquals(
        Row.withSchema(schema).addValues(List.of(), 0).build(),
        single(decoder(schema, options(ALL_TYPES)), bytes));
  }

  @Test
  void enumsAsNumbersAndUnknownNumbers() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("color", FieldType.INT32)
            .addNullableField("colors", FieldType.array(FieldType.INT64))
            .build();
    byte[] bytes =
        AllTypes.newBuilder()
            .setColorValue(2)
            .addColorsValue(1)
            .addColorsValue(42)
            .build()
            .toByteArray();
    Row row = single(decoder(schema, options(ALL_TYPES)), bytes);
    assertEquals(Row.withSchema(schema).addValues(2, List.of(1L, 42L)).build(), row);
    AllTypes back = AllTypes.parseFrom(encoder(schema, options(ALL_TYPES)).encode(row));
    assertEquals(Color.GREEN, back.getColor());
    assertEquals(List.of(1, 42), back.getColorsValueList()); // proto3 enums are open

    Schema names =
        Schema.builder().addNullableField("colors", FieldType.array(FieldType.STRING)).build();
    Row unknown = single(decoder(names, options(ALL_TYPES)), bytes);
    assertEquals("RED", ((List<?>) unknown.getValue("colors")).get(0));
    assertTrue(((String) ((List<?>) unknown.getValue("colors")).get(1)).contains("42"));
  }

  @Test
  void unknownEnumNameFailsNamingTheField() {
    Schema schema = Schema.builder().addNullableField("color", FieldType.STRING).build();
    FormatException e =
        assertThrows(
            FormatException.class,
            () ->
                encoder(schema, options(ALL_TYPES))
                    .encode(Row.withSchema(schema).addValue("PURPLE").build()));
    assertEquals("color", e.field());
    assertTrue(e.getMessage().contains("PURPLE"), e.getMessage());
  }

  @Test
  void nullElementsAreWrittenAsDefaultsAndTheNullStringLiteral() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("names", FieldType.array(FieldType.STRING.withNullable(true)))
            .addNullableField("numbers", FieldType.array(FieldType.INT32.withNullable(true)))
            .addNullableField(
                "labels", FieldType.map(FieldType.STRING, FieldType.STRING.withNullable(true)))
            .addNullableField("inners", FieldType.array(FieldType.row(INNER).withNullable(true)))
            .build();
    Map<String, String> labels = new HashMap<>();
    labels.put("k", null);
    Row row =
        Row.withSchema(schema)
            .attachValues(
                Arrays.asList(
                    Arrays.asList("a", null),
                    Arrays.asList(1, null),
                    labels,
                    Arrays.asList((Row) null)));
    AllTypes defaultLiteral = AllTypes.parseFrom(encoder(schema, options(ALL_TYPES)).encode(row));
    assertEquals(List.of("a", ""), defaultLiteral.getNamesList());
    assertEquals(List.of(1, 0), defaultLiteral.getNumbersList());
    assertEquals(Map.of("k", ""), defaultLiteral.getLabelsMap());
    assertEquals(List.of(Inner.getDefaultInstance()), defaultLiteral.getInnersList());

    AllTypes literal =
        AllTypes.parseFrom(
            encoder(schema, options(ALL_TYPES, "protobuf.write-null-string-literal", "NULL"))
                .encode(row));
    assertEquals(List.of("a", "NULL"), literal.getNamesList());
    assertEquals(Map.of("k", "NULL"), literal.getLabelsMap());
  }

  @Test
  void nullColumnsLeaveFieldsUnset() throws Exception {
    Row nulls =
        Row.withSchema(ALL_COLUMNS)
            .attachValues(Arrays.asList(new Object[ALL_COLUMNS.getFieldCount()]));
    AllTypes message = AllTypes.parseFrom(encoder(ALL_COLUMNS, options(ALL_TYPES)).encode(nulls));
    assertEquals(AllTypes.getDefaultInstance(), message);
    assertFalse(message.hasInner());
    assertFalse(message.hasOptInt());
  }

  @Test
  void proto2DeclaredDefaultsAndPresence() throws Exception {
    Schema schema =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("count", FieldType.INT32)
            .addNullableField("label", FieldType.STRING)
            .addNullableField(
                "part",
                FieldType.row(Schema.builder().addNullableField("name", FieldType.STRING).build()))
            .addNullableField("xs", FieldType.array(FieldType.INT32))
            .addNullableField("kind", FieldType.STRING)
            .build();
    byte[] bytes = Legacy.newBuilder().setId(1).build().toByteArray();
    assertEquals(
        Row.withSchema(schema).attachValues(Arrays.asList(1L, null, null, null, null, null)),
        single(decoder(schema, options(LEGACY)), bytes));
    Row defaults =
        single(decoder(schema, options(LEGACY, "protobuf.read-default-values", "true")), bytes);
    assertEquals(10, defaults.getInt32("count"));
    assertEquals("none", defaults.getString("label"));
    assertEquals("LARGE", defaults.getString("kind"));
    assertEquals("", defaults.getRow("part").getString("name"));
    assertEquals(List.of(), defaults.getValue("xs"));

    // a message without its required field is not valid, and neither is writing one
    assertThrows(
        FormatException.class, () -> single(decoder(schema, options(LEGACY)), new byte[0]));
    Schema noId = Schema.builder().addNullableField("count", FieldType.INT32).build();
    FormatException incomplete =
        assertThrows(
            FormatException.class,
            () -> encoder(noId, options(LEGACY)).encode(Row.withSchema(noId).addValue(3).build()));
    assertTrue(incomplete.getMessage().contains("id"), incomplete.getMessage());
    Legacy written =
        Legacy.parseFrom(
            encoder(schema, options(LEGACY))
                .encode(
                    Row.withSchema(schema)
                        .attachValues(Arrays.asList(5L, 0, null, null, null, "SMALL"))));
    assertTrue(written.hasCount()); // proto2: an explicit 0 is present
    assertEquals(0, written.getCount());
    assertEquals(Legacy.Kind.SMALL, written.getKind());
  }

  @Test
  void narrowEnumColumnsCheckTheRange() throws Exception {
    Schema schema = Schema.builder().addNullableField("color", FieldType.BYTE).build();
    assertEquals(
        (Object) Byte.valueOf((byte) 1),
        single(
                decoder(schema, options(ALL_TYPES)),
                AllTypes.newBuilder().setColor(Color.RED).build().toByteArray())
            .getValue("color"));
    FormatException e =
        assertThrows(
            FormatException.class,
            () ->
                single(
                    decoder(schema, options(ALL_TYPES)),
                    AllTypes.newBuilder().setColorValue(1000).build().toByteArray()));
    assertEquals("color", e.field());
  }
}
