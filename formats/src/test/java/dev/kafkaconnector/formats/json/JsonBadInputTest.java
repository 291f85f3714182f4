package dev.kafkaconnector.formats.json;

import static dev.kafkaconnector.formats.json.JsonFormatTest.decode;
import static dev.kafkaconnector.formats.json.JsonFormatTest.decodeAll;
import static dev.kafkaconnector.formats.json.JsonFormatTest.decoder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.TestMetrics;
import java.nio.charset.StandardCharsets;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * The bad input every decoder must handle, with both policies: a {@link FormatException} naming the
 * field, or (json.ignore-parse-errors) Flink's skip-the-row / null-the-field, always counted.
 */
class JsonBadInputTest {

  static final Schema OBJ =
      Schema.builder()
          .addNullableField("time1", FieldType.logicalType(SqlTypes.TIME))
          .addNullableField("str", FieldType.STRING)
          .addNullableField("lg", FieldType.INT64)
          .build();
  static final Schema SCHEMA =
      Schema.builder()
          .addNullableField("id", FieldType.INT64)
          .addNullableField("name", FieldType.STRING)
          .addNullableField("obj", FieldType.row(OBJ))
          .addNullableField("ints", FieldType.array(FieldType.INT32.withNullable(true)))
          .addNullableField(
              "m", FieldType.map(FieldType.STRING, FieldType.INT32.withNullable(true)))
          .addNullableField("after", FieldType.INT32)
          .build();
  static final Map<String, String> IGNORE = Map.of("json.ignore-parse-errors", "true");

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static FormatException failure(RowDecoder decoder, byte[] message) {
    FormatException e =
        assertThrows(
            FormatException.class,
            () ->
                decoder.decode(
                    message,
                    row -> {
                      throw new AssertionError("no row may be emitted for a bad message: " + row);
                    }));
    assertEquals("json", e.format());
    return e;
  }

  /** Decodes with ignore-parse-errors, asserting no row and exactly one counted error. */
  static void skippedAndCounted(byte[] message) throws Exception {
    try (TestMetrics metrics = new TestMetrics()) {
      assertEquals(List.of(), decodeAll(decoder(SCHEMA, IGNORE), message));
      assertEquals(1, metrics.ignored("json"));
    }
  }

  @Test
  void malformedJson() throws Exception {
    String[] malformed = {
      "{\"id\": 1,",
      "{\"id\": 1",
      "{id: 1}",
      "{\"id\": 01}",
      "{\"id\": tru}",
      "not json",
      "{\"id\": 1} trailing",
      "{\"id\": 1}{\"id\": 2}",
      "{\"name\": \"unterminated}",
    };
    for (String m : malformed) {
      FormatException e = failure(decoder(SCHEMA, Map.of()), utf8(m));
      assertTrue(e.getMessage().contains("JSON") || e.getMessage().contains("json"), m + ": " + e);
      skippedAndCounted(utf8(m));
    }
    // the field is named where the parser was when the JSON broke
    assertEquals("id", failure(decoder(SCHEMA, Map.of()), utf8("{\"id\": tru}")).field());
  }

  @Test
  void notAnObject() throws Exception {
    for (String m : new String[] {"[1, 2]", "123", "\"text\"", "null", "true", "   "}) {
      FormatException e = failure(decoder(SCHEMA, Map.of()), utf8(m));
      assertTrue(e.getMessage().contains("JSON object") || e.getMessage().contains("no JSON"), m);
      skippedAndCounted(utf8(m));
    }
  }

  @Test
  void wrongTypeFailsNamingTheField() {
    RowDecoder d = decoder(SCHEMA, Map.of());
    assertEquals("id", failure(d, utf8("{\"id\": \"abc\"}")).field());
    assertEquals("id", failure(d, utf8("{\"id\": {\"x\": 1}}")).field());
    assertEquals("id", failure(d, utf8("{\"id\": 99999999999999999999}")).field());
    assertEquals("obj.time1", failure(d, utf8("{\"obj\": {\"time1\": \"25:00\"}}")).field());
    assertEquals("obj.lg", failure(d, utf8("{\"obj\": {\"lg\": true}}")).field());
    assertEquals("obj", failure(d, utf8("{\"obj\": [1, 2]}")).field());
    assertEquals("ints[2]", failure(d, utf8("{\"ints\": [1, 2, \"x\"]}")).field());
    assertEquals("ints", failure(d, utf8("{\"ints\": {\"a\": 1}}")).field());
    assertEquals("m[k2]", failure(d, utf8("{\"m\": {\"k1\": 1, \"k2\": 3000000000}}")).field());
    assertEquals("after", failure(d, utf8("{\"after\": 1.5e10}")).field());
    FormatException e = failure(d, utf8("{\"id\": \"abc\"}"));
    assertTrue(e.getMessage().contains("'id'") && e.getMessage().contains("abc"), e.getMessage());
  }

  @Test
  void wrongTypeWithIgnoreParseErrorsNullsTheFieldAndKeepsReading() throws Exception {
    try (TestMetrics metrics = new TestMetrics()) {
      RowDecoder d = decoder(SCHEMA, IGNORE);
      Row row =
          decode(
              d,
              "{\"id\": \"abc\", \"name\": \"n\", \"obj\": {\"time1\": {\"deep\": [1, {\"x\": 2}]},"
                  + " \"str\": \"s\", \"lg\": 3}, \"ints\": [1, {\"a\": [2, 3]}, \"x\", 4],"
                  + " \"m\": {\"a\": [5], \"b\": 6}, \"after\": 7}");
      assertNull(row.getValue("id"));
      assertEquals("n", row.getString("name"));
      Row obj = row.getRow("obj");
      assertNull(obj.getValue("time1"));
      assertEquals("s", obj.getString("str"));
      assertEquals(3L, obj.getInt64("lg"));
      assertEquals(Arrays.asList(1, null, null, 4), row.getArray("ints"));
      Map<String, Integer> expectedMap = new java.util.LinkedHashMap<>();
      expectedMap.put("a", null);
      expectedMap.put("b", 6);
      assertEquals(expectedMap, row.getMap("m"));
      assertEquals(7, row.getInt32("after"));
      // id, obj.time1, ints[1], ints[2], m[a]
      assertEquals(5, metrics.ignored("json"));

      // a container of the wrong kind is skipped whole, and what follows is still read
      Row r2 = decode(d, "{\"obj\": [1, [2, {\"lg\": 1}]], \"ints\": {\"x\": [1]}, \"after\": 8}");
      assertNull(r2.getValue("obj"));
      assertNull(r2.getValue("ints"));
      assertEquals(8, r2.getInt32("after"));
      assertEquals(7, metrics.ignored("json"));
    }
  }

  @Test
  void notNullColumnsFailTheNearestNullableValueOrTheRow() throws Exception {
    Schema strict =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("inner", FieldType.row(Schema.builder().addInt32Field("a").build()))
            .addNullableField("after", FieldType.INT32)
            .build();
    RowDecoder failing = decoder(strict, Map.of());
    assertEquals("id", failure(failing, utf8("{\"id\": null}")).field());
    assertTrue(failure(failing, utf8("{\"id\": null}")).getMessage().contains("NOT NULL"));
    assertEquals("id", failure(failing, utf8("{\"after\": 1}")).field());
    assertEquals("inner.a", failure(failing, utf8("{\"id\": 1, \"inner\": {}}")).field());
    assertEquals(
        "inner.a", failure(failing, utf8("{\"id\": 1, \"inner\": {\"a\": \"x\"}}")).field());

    try (TestMetrics metrics = new TestMetrics()) {
      RowDecoder ignoring = decoder(strict, IGNORE);
      // the nullable ROW around the bad NOT NULL value becomes null; reading goes on after it
      Row row =
          decode(ignoring, "{\"id\": 1, \"inner\": {\"a\": \"x\", \"b\": [[1]]}, \"after\": 2}");
      assertNull(row.getValue("inner"));
      assertEquals(2, row.getInt32("after"));
      assertEquals(1, metrics.ignored("json"));
      // a bad NOT NULL top-level column cannot be nulled: the row is skipped
      assertEquals(List.of(), decodeAll(ignoring, utf8("{\"id\": \"x\", \"after\": 2}")));
      assertEquals(List.of(), decodeAll(ignoring, utf8("{\"after\": 2}")));
      assertEquals(3, metrics.ignored("json"));
    }
  }

  @Test
  void missingFields() throws Exception {
    Row row = decode(decoder(SCHEMA, Map.of()), "{\"name\": \"n\", \"obj\": {\"str\": \"s\"}}");
    assertNull(row.getValue("id"));
    assertEquals("s", row.getRow("obj").getString("str"));
    assertNull(row.getRow("obj").getValue("lg"));

    RowDecoder failOnMissing = decoder(SCHEMA, Map.of("json.fail-on-missing-field", "true"));
    FormatException e = failure(failOnMissing, utf8("{\"name\": \"n\"}"));
    assertEquals("id", e.field());
    assertTrue(e.getMessage().contains("missing"), e.getMessage());
    String complete =
        "{\"id\": 1, \"name\": null, \"obj\": {\"time1\": \"10:00:00\", \"str\": \"s\", \"lg\": 2},"
            + " \"ints\": [], \"m\": {}, \"after\": 3}";
    assertEquals(
        LocalTime.of(10, 0), decode(failOnMissing, complete).getRow("obj").getValue("time1"));
    String nestedMissing = complete.replace("\"lg\": 2", "\"other\": 2");
    assertEquals("obj.lg", failure(failOnMissing, utf8(nestedMissing)).field());
    // unknown members are ignored, whatever their shape
    assertEquals(
        1L,
        decode(decoder(SCHEMA, Map.of()), "{\"x\": {\"y\": [1, {\"z\": null}]}, \"id\": 1}")
            .getInt64("id"));
  }

  @Test
  void invalidUtf8() throws Exception {
    byte[][] invalid = {
      {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xFF, '"', '}'},
      {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xC3, 0x28, '"', '}'},
      {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xC0, (byte) 0x80, '"', '}'},
      {
        '{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}'
      },
      {
        '{',
        '"',
        'n',
        'a',
        'm',
        'e',
        '"',
        ':',
        '"',
        (byte) 0xF4,
        (byte) 0x90,
        (byte) 0x80,
        (byte) 0x80,
        '"',
        '}'
      },
      {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', 'a', (byte) 0xE2, (byte) 0x82},
    };
    for (byte[] message : invalid) {
      FormatException e = failure(decoder(SCHEMA, Map.of()), message);
      assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
      skippedAndCounted(message);
    }
    assertEquals(
        "é€\uD83D\uDE00",
        decode(decoder(SCHEMA, Map.of()), "{\"name\": \"é€\uD83D\uDE00\"}").getString("name"));
  }

  @Test
  void emptyMessage() throws Exception {
    FormatException e = failure(decoder(SCHEMA, Map.of()), new byte[0]);
    assertTrue(e.getMessage().contains("empty"), e.getMessage());
    skippedAndCounted(new byte[0]);
  }

  @Test
  void nullMessageIsATombstone() throws Exception {
    FormatException e = failure(decoder(SCHEMA, Map.of()), null);
    assertTrue(e.getMessage().contains("tombstone"), e.getMessage());
    skippedAndCounted(null);
  }

  @Test
  void deeplyNestedInputFailsCleanly() throws Exception {
    int depth = 100_000;
    StringBuilder b = new StringBuilder("{\"name\": ");
    b.append("[".repeat(depth)).append("]".repeat(depth)).append('}');
    byte[] nestedInStringColumn = utf8(b.toString());
    FormatException e = failure(decoder(SCHEMA, Map.of()), nestedInStringColumn);
    assertTrue(e.getMessage().contains("depth"), e.getMessage());
    skippedAndCounted(nestedInStringColumn);

    byte[] nestedInUnknownMember = utf8(b.toString().replace("\"name\"", "\"unknown\""));
    failure(decoder(SCHEMA, Map.of()), nestedInUnknownMember);
    byte[] nestedTopLevel = utf8("[".repeat(depth));
    failure(decoder(SCHEMA, Map.of()), nestedTopLevel);
    byte[] nestedObjects = utf8("{\"a\":".repeat(depth));
    failure(decoder(SCHEMA, Map.of()), nestedObjects);

    // moderate nesting inside a STRING column is kept as JSON text
    String nested = "[".repeat(500) + "]".repeat(500);
    assertEquals(
        nested, decode(decoder(SCHEMA, Map.of()), "{\"name\": " + nested + "}").getString("name"));
  }

  @Test
  void veryLargeMessageDecodes() throws Exception {
    String big = "x".repeat(10 * 1024 * 1024) + "é";
    Row row = decode(decoder(SCHEMA, Map.of()), "{\"id\": 1, \"name\": \"" + big + "\"}");
    assertEquals(big.length(), row.getString("name").length());
    assertEquals(big, row.getString("name"));
    // and also as an unknown member that is skipped
    assertEquals(
        2L,
        decode(decoder(SCHEMA, Map.of()), "{\"skip\": \"" + big + "\", \"id\": 2}").getInt64("id"));
  }

  @Test
  void decoderKeepsWorkingAfterErrors() throws Exception {
    RowDecoder d = decoder(SCHEMA, Map.of());
    failure(d, utf8("{\"id\": "));
    failure(d, utf8("{\"id\": \"x\"}"));
    failure(d, null);
    assertEquals(5L, decode(d, "{\"id\": 5}").getInt64("id"));
  }
}
