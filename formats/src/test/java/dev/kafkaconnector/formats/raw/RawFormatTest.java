package dev.kafkaconnector.formats.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.Configuration;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class RawFormatTest {

  private static final Schema STRING_NULLABLE =
      Schema.builder().addNullableField("line", FieldType.STRING).build();
  private static final Schema STRING_NOT_NULL = Schema.builder().addStringField("line").build();
  private static final Schema BYTES_NULLABLE =
      Schema.builder().addNullableField("payload", FieldType.BYTES).build();

  private static FormatFactory raw() {
    return Formats.find("raw", "format");
  }

  private static FormatContext context(Map<String, String> options) {
    return new FormatContext(Configuration.of(options), "value");
  }

  private static List<Row> decode(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = new ArrayList<>();
    decoder.decode(message, rows::add);
    return rows;
  }

  private static Row single(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = decode(decoder, message);
    assertEquals(1, rows.size(), "raw emits exactly one row per message");
    return rows.get(0);
  }

  @Test
  void foundOnClasspath() {
    FormatFactory factory = raw();
    assertInstanceOf(RawFormatFactory.class, factory);
    assertEquals("raw", factory.identifier());
    assertTrue(Formats.available().containsKey("raw"));
    assertEquals(List.of("raw.charset"), factory.options().stream().map(o -> o.key()).toList());
  }

  @Test
  void unknownFormatListsAvailable() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Formats.find("no-such-format", "value.format"));
    String m = e.getMessage();
    assertTrue(m.contains("'no-such-format'"), m);
    assertTrue(m.contains("'value.format'"), m);
    assertTrue(m.contains("raw"), m);
  }

  @Test
  void stringDefaultsToUtf8() throws Exception {
    RowDecoder decoder = raw().createDecoder(STRING_NOT_NULL, context(Map.of()));
    String text = "grüße, 世界 \uD83D\uDE00";
    Row row = single(decoder, text.getBytes(StandardCharsets.UTF_8));
    assertEquals(STRING_NOT_NULL, row.getSchema());
    assertEquals(text, row.getString("line"));

    RowEncoder encoder = raw().createEncoder(STRING_NOT_NULL, context(Map.of()));
    assertArrayEquals(
        text.getBytes(StandardCharsets.UTF_8),
        encoder.encode(Row.withSchema(STRING_NOT_NULL).addValue(text).build()));
  }

  @Test
  void emptyMessageIsEmptyString() throws Exception {
    RowDecoder decoder = raw().createDecoder(STRING_NOT_NULL, context(Map.of()));
    assertEquals("", single(decoder, new byte[0]).getString(0));
  }

  @Test
  void stringWithIso88591() throws Exception {
    Map<String, String> options = Map.of("raw.charset", "ISO-8859-1");
    RowDecoder decoder = raw().createDecoder(STRING_NOT_NULL, context(options));
    byte[] latin1 = {(byte) 0x67, (byte) 0x72, (byte) 0xFC, (byte) 0xDF, (byte) 0xE9};
    assertEquals("grüßé", single(decoder, latin1).getString(0));

    RowEncoder encoder = raw().createEncoder(STRING_NOT_NULL, context(options));
    assertArrayEquals(
        latin1, encoder.encode(Row.withSchema(STRING_NOT_NULL).addValue("grüßé").build()));
  }

  @Test
  void unknownCharsetIsRejectedNamingOption() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> raw().createDecoder(STRING_NOT_NULL, context(Map.of("raw.charset", "NOPE-8"))));
    assertTrue(e.getMessage().contains("'raw.charset'"), e.getMessage());
    assertTrue(e.getMessage().contains("NOPE-8"), e.getMessage());
  }

  @Test
  void bytesColumnIsPassedThrough() throws Exception {
    RowDecoder decoder = raw().createDecoder(BYTES_NULLABLE, context(Map.of()));
    byte[] notUtf8 = {(byte) 0xFF, 0, (byte) 0xC3, 0x28};
    Row row = single(decoder, notUtf8);
    assertArrayEquals(notUtf8, row.getBytes("payload"));

    RowEncoder encoder = raw().createEncoder(BYTES_NULLABLE, context(Map.of()));
    assertArrayEquals(
        notUtf8, encoder.encode(Row.withSchema(BYTES_NULLABLE).addValue(notUtf8).build()));
  }

  @Test
  void nullMessageIntoNullableColumnGivesNull() throws Exception {
    Row stringRow = single(raw().createDecoder(STRING_NULLABLE, context(Map.of())), null);
    assertNull(stringRow.getValue(0));
    assertEquals(STRING_NULLABLE, stringRow.getSchema());
    Row bytesRow = single(raw().createDecoder(BYTES_NULLABLE, context(Map.of())), null);
    assertNull(bytesRow.getBytes(0));
  }

  @Test
  void nullColumnEncodesAsNullMessage() throws Exception {
    RowEncoder encoder = raw().createEncoder(STRING_NULLABLE, context(Map.of()));
    assertNull(encoder.encode(Row.withSchema(STRING_NULLABLE).addValue(null).build()));
  }

  @Test
  void nullMessageIntoNotNullColumnFailsNamingField() {
    RowDecoder decoder = raw().createDecoder(STRING_NOT_NULL, context(Map.of()));
    FormatException e = assertThrows(FormatException.class, () -> decode(decoder, null));
    assertEquals("raw", e.format());
    assertEquals("line", e.field());
    assertTrue(e.getMessage().contains("'line'"), e.getMessage());
    assertTrue(e.getMessage().contains("'raw'"), e.getMessage());

    Schema bytesNotNull = Schema.builder().addByteArrayField("b").build();
    FormatException e2 =
        assertThrows(
            FormatException.class,
            () -> decode(raw().createDecoder(bytesNotNull, context(Map.of())), null));
    assertEquals("b", e2.field());
  }

  @Test
  void invalidUtf8FailsAndIsNeverReplaced() throws Exception {
    RowDecoder decoder = raw().createDecoder(STRING_NULLABLE, context(Map.of()));
    byte[][] invalid = {
      {(byte) 0xFF},
      {'a', (byte) 0xC3, 0x28},
      {(byte) 0xE2, (byte) 0x82}, // truncated sequence
      {(byte) 0xC0, (byte) 0x80}, // overlong NUL
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // surrogate
    };
    for (byte[] bytes : invalid) {
      List<Row> out = new ArrayList<>();
      FormatException e =
          assertThrows(FormatException.class, () -> decoder.decode(bytes, out::add));
      assertEquals("line", e.field());
      assertEquals("raw", e.format());
      assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
      assertTrue(out.isEmpty(), "nothing emitted for a bad message");
    }
    // the decoder still works after errors (its reused CharsetDecoder is reset)
    assertEquals("ok", single(decoder, "ok".getBytes(StandardCharsets.UTF_8)).getString(0));
  }

  @Test
  void unmappableInUsAsciiFails() {
    RowDecoder decoder =
        raw().createDecoder(STRING_NOT_NULL, context(Map.of("raw.charset", "US-ASCII")));
    assertThrows(FormatException.class, () -> decode(decoder, new byte[] {'a', (byte) 0x80}));
  }

  @Test
  void twoFieldsRejectedAtCreation() {
    Schema two = Schema.builder().addStringField("a").addStringField("b").build();
    IllegalArgumentException d =
        assertThrows(
            IllegalArgumentException.class, () -> raw().createDecoder(two, context(Map.of())));
    assertTrue(d.getMessage().contains("exactly one"), d.getMessage());
    assertThrows(IllegalArgumentException.class, () -> raw().createEncoder(two, context(Map.of())));
  }

  @Test
  void emptySchemaRejectedAtCreation() {
    assertThrows(
        IllegalArgumentException.class,
        () -> raw().createDecoder(Schema.builder().build(), context(Map.of())));
  }

  @Test
  void int32FieldRejectedAtCreation() {
    Schema ints = Schema.builder().addInt32Field("count").build();
    IllegalArgumentException d =
        assertThrows(
            IllegalArgumentException.class, () -> raw().createDecoder(ints, context(Map.of())));
    assertTrue(d.getMessage().contains("'count'"), d.getMessage());
    assertTrue(d.getMessage().contains("INT32"), d.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> raw().createEncoder(ints, context(Map.of())));
  }

  @Test
  void decoderAndEncoderSurviveSerialization() throws Exception {
    Map<String, String> latin1 = Map.of("raw.charset", "ISO-8859-1");
    RowDecoder decoder =
        SerializableUtils.clone(raw().createDecoder(STRING_NOT_NULL, context(latin1)));
    RowEncoder encoder =
        SerializableUtils.clone(raw().createEncoder(STRING_NOT_NULL, context(latin1)));
    assertEquals("é", single(decoder, new byte[] {(byte) 0xE9}).getString(0));
    assertArrayEquals(
        new byte[] {(byte) 0xE9},
        encoder.encode(Row.withSchema(STRING_NOT_NULL).addValue("é").build()));

    RowDecoder utf8 =
        SerializableUtils.clone(raw().createDecoder(STRING_NULLABLE, context(Map.of())));
    assertEquals("ü", single(utf8, "ü".getBytes(StandardCharsets.UTF_8)).getString(0));
    assertNull(single(utf8, null).getValue(0));
    assertThrows(FormatException.class, () -> decode(utf8, new byte[] {(byte) 0xFF}));

    RowDecoder notNull =
        SerializableUtils.clone(raw().createDecoder(STRING_NOT_NULL, context(Map.of())));
    assertThrows(FormatException.class, () -> decode(notNull, null));

    RowDecoder bytes =
        SerializableUtils.clone(raw().createDecoder(BYTES_NULLABLE, context(Map.of())));
    assertArrayEquals(new byte[] {1, 2}, single(bytes, new byte[] {1, 2}).getBytes(0));
    RowEncoder bytesEnc =
        SerializableUtils.clone(raw().createEncoder(BYTES_NULLABLE, context(Map.of())));
    assertArrayEquals(
        new byte[] {3},
        bytesEnc.encode(Row.withSchema(BYTES_NULLABLE).addValue(new byte[] {3}).build()));
  }

  @Test
  void decoderIsUsableAfterSerializationOfAUsedInstance() throws Exception {
    RowDecoder decoder = raw().createDecoder(STRING_NOT_NULL, context(Map.of()));
    single(decoder, "warm".getBytes(StandardCharsets.UTF_8)); // caches its CharsetDecoder
    RowDecoder copy = SerializableUtils.clone(decoder);
    assertEquals("again", single(copy, "again".getBytes(StandardCharsets.UTF_8)).getString(0));
  }
}
