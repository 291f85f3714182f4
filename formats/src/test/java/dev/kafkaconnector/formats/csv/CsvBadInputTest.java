package dev.kafkaconnector.formats.csv;

import static dev.kafkaconnector.formats.csv.CsvFormatTest.SPEC;
import static dev.kafkaconnector.formats.csv.CsvTesting.decode;
import static dev.kafkaconnector.formats.csv.CsvTesting.decoder;
import static dev.kafkaconnector.formats.csv.CsvTesting.encode;
import static dev.kafkaconnector.formats.csv.CsvTesting.encoder;
import static dev.kafkaconnector.formats.csv.CsvTesting.single;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.csv.CsvTesting.IgnoredCount;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class CsvBadInputTest {

  private static final Map<String, String> IGNORE = Map.of("csv.ignore-parse-errors", "true");

  private static final Schema NOT_NULL_ID =
      Schema.builder().addInt32Field("id").addNullableField("name", FieldType.STRING).build();

  /**
   * Asserts that the line fails naming {@code field} (null: no field) and mentioning {@code text}.
   */
  private static FormatException assertFails(
      RowDecoder decoder, byte[] message, String field, String text) {
    FormatException e = assertThrows(FormatException.class, () -> decode(decoder, message));
    assertEquals("csv", e.format());
    assertEquals(field, e.field(), e.getMessage());
    assertTrue(e.getMessage().contains(text), e.getMessage());
    return e;
  }

  private static FormatException assertFails(
      RowDecoder decoder, String line, String field, String text) {
    return assertFails(
        decoder, line.getBytes(java.nio.charset.StandardCharsets.UTF_8), field, text);
  }

  /** Asserts that with ignore-parse-errors the line gives {@code expected} and counts errors. */
  private static void assertIgnored(
      RowDecoder decoder, byte[] message, List<Row> expected, long errors) throws Exception {
    try (IgnoredCount ignored = new IgnoredCount()) {
      assertEquals(expected, decode(decoder, message));
      assertEquals(errors, ignored.get(), "ignored errors counted");
    }
  }

  private static void assertIgnored(
      RowDecoder decoder, String line, List<Row> expected, long errors) throws Exception {
    assertIgnored(
        decoder, line.getBytes(java.nio.charset.StandardCharsets.UTF_8), expected, errors);
  }

  private static Row spec(Integer id, String name) {
    return Row.withSchema(SPEC).addValues(id, name).build();
  }

  @Test
  void nullMessageIsATombstoneError() throws Exception {
    assertFails(decoder(SPEC, Map.of()), (byte[]) null, null, "tombstone");
    assertIgnored(decoder(SPEC, IGNORE), (byte[]) null, List.of(), 1);
  }

  @Test
  void emptyMessageIsOneEmptyField() throws Exception {
    assertFails(decoder(SPEC, Map.of()), new byte[0], "name", "missing");
    assertIgnored(decoder(SPEC, IGNORE), new byte[0], List.of(spec(null, null)), 1);

    Schema oneString = Schema.builder().addStringField("s").build();
    assertEquals(List.of(""), single(decoder(oneString, Map.of()), "").getValues());
    Schema oneInt = Schema.builder().addNullableField("i", FieldType.INT32).build();
    assertNull(single(decoder(oneInt, Map.of()), "").getValue(0));
    Schema notNullInt = Schema.builder().addInt32Field("i").build();
    assertFails(decoder(notNullInt, Map.of()), "", "i", "NOT NULL");
    assertIgnored(decoder(notNullInt, IGNORE), "", List.of(), 1);
  }

  @Test
  void malformedLine() throws Exception {
    assertFails(decoder(SPEC, Map.of()), "1,\"unterminated", null, "not a valid CSV line");
    assertFails(decoder(SPEC, Map.of()), "1,\"a\"b", null, "not a valid CSV line");
    assertIgnored(decoder(SPEC, IGNORE), "1,\"unterminated", List.of(), 1);
  }

  @Test
  void wrongTypeNamesTheField() throws Exception {
    FormatException e = assertFails(decoder(SPEC, Map.of()), "abc,Alice", "id", "'abc'");
    assertTrue(e.getMessage().contains("INT"), e.getMessage());
    assertIgnored(decoder(SPEC, IGNORE), "abc,Alice", List.of(spec(null, "Alice")), 1);
    // a NOT NULL field that cannot be read skips the row
    assertIgnored(decoder(NOT_NULL_ID, IGNORE), "abc,Alice", List.of(), 1);

    Schema all =
        Schema.builder()
            .addNullableField("tiny", FieldType.BYTE)
            .addNullableField("small", FieldType.INT16)
            .addNullableField("big", FieldType.INT64)
            .addNullableField("f", FieldType.FLOAT)
            .addNullableField("d", FieldType.DOUBLE)
            .addNullableField("dec", FieldType.DECIMAL)
            .addNullableField("bool", FieldType.BOOLEAN)
            .addNullableField("b", FieldType.BYTES)
            .addNullableField("date", FieldType.logicalType(SqlTypes.DATE))
            .addNullableField("time", FieldType.logicalType(SqlTypes.TIME))
            .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
            .addNullableField("ltz", FieldType.DATETIME)
            .build();
    String good =
        "1,2,3,4.5,5.5,6.5,true,awML,2024-01-01,10:00,2024-01-01 10:00:00,"
            + "2024-01-01 10:00:00Z";
    Row ok = single(decoder(all, Map.of()), good);
    assertEquals(12, ok.getValues().stream().filter(v -> v != null).count());
    String[] bad = {
      "128",
      "40000",
      "9223372036854775808",
      "x",
      "1.2.3",
      "1e",
      "yes",
      "!!!",
      "2024-13-01",
      "25:00",
      "2024-01-01",
      "yesterday"
    };
    RowDecoder strict = decoder(all, Map.of());
    RowDecoder lenient = decoder(all, IGNORE);
    String[] fields = good.split(",");
    for (int i = 0; i < bad.length; i++) {
      String[] line = fields.clone();
      line[i] = bad[i];
      String text = String.join(",", line);
      assertFails(strict, text, all.getField(i).getName(), "'" + bad[i] + "'");
      try (IgnoredCount ignored = new IgnoredCount()) {
        Row row = single(lenient, text);
        for (int k = 0; k < bad.length; k++) {
          if (k == i) {
            assertNull(row.getValue(k), text);
          } else if (!(ok.getValue(k) instanceof byte[])) {
            assertEquals((Object) ok.getValue(k), row.getValue(k), text);
          }
        }
        assertEquals(1, ignored.get());
      }
    }
  }

  @Test
  void everyIgnoredFieldIsCounted() throws Exception {
    Schema ints =
        Schema.builder()
            .addNullableField("a", FieldType.INT32)
            .addNullableField("b", FieldType.INT32)
            .build();
    assertIgnored(
        decoder(ints, IGNORE),
        "x,y",
        List.of(Row.withSchema(ints).addValues(null, null).build()),
        2);
  }

  @Test
  void missingFieldsAreNullWhenIgnored() throws Exception {
    assertFails(decoder(SPEC, Map.of()), "1", "name", "missing");
    assertIgnored(decoder(SPEC, IGNORE), "1", List.of(spec(1, null)), 1);
    Schema notNullName = Schema.builder().addInt32Field("id").addStringField("name").build();
    assertIgnored(decoder(notNullName, IGNORE), "1", List.of(), 1);
  }

  @Test
  void tooManyFieldsSkipTheLine() throws Exception {
    assertFails(decoder(SPEC, Map.of()), "1,Alice,extra", null, "Too many entries");
    assertIgnored(decoder(SPEC, IGNORE), "1,Alice,extra", List.of(), 1);
    // a trailing delimiter is tolerated, as in Jackson and Flink
    assertEquals(spec(1, "Alice"), single(decoder(SPEC, Map.of()), "1,Alice,"));
  }

  @Test
  void nullLiteralInNotNullColumn() throws Exception {
    Map<String, String> options = Map.of("csv.null-literal", "null");
    assertFails(decoder(NOT_NULL_ID, options), "null,Alice", "id", "NOT NULL");
    Map<String, String> both =
        Map.of("csv.null-literal", "null", "csv.ignore-parse-errors", "true");
    assertIgnored(decoder(NOT_NULL_ID, both), "null,Alice", List.of(), 1);
  }

  @Test
  void badArrayElementsAndRowParts() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("ints", FieldType.array(FieldType.INT32.withNullable(true)))
            .addNullableField("strict", FieldType.array(FieldType.INT32))
            .addNullableField(
                "r",
                FieldType.row(Schema.builder().addStringField("f0").addInt32Field("f1").build()))
            .build();
    RowDecoder strict = decoder(schema, Map.of());
    assertFails(strict, "1;x;3,1,a;1", "ints[1]", "'x'");
    assertFails(strict, "1,1;;3,a;1", "strict", "element 1 is null");
    assertFails(strict, "1,1,a", "r", "1 part(s)");
    assertFails(strict, "1,1,a;b", "r.f1", "'b'");
    RowDecoder lenient = decoder(schema, IGNORE);
    Row row = single(lenient, "1;x;3,1;x,a;b");
    assertEquals(Arrays.asList(1, null, 3), row.getArray("ints"));
    assertNull(row.getValue("strict"));
    assertNull(row.getValue("r"));
    assertIgnored(lenient, "1;x;3,1;x,a;b", List.of(row), 3);
  }

  @Test
  void invalidUtf8() throws Exception {
    byte[] invalid = {'1', ',', 'a', (byte) 0xC3, 0x28};
    assertFails(decoder(SPEC, Map.of()), invalid, null, "UTF-8");
    assertIgnored(decoder(SPEC, IGNORE), invalid, List.of(), 1);
    assertFails(decoder(SPEC, Map.of()), new byte[] {(byte) 0xFF, ','}, null, "UTF-8");
  }

  @Test
  void moreThanOneLine() throws Exception {
    assertFails(decoder(SPEC, Map.of()), "1,Alice\n2,Bob", null, "more than one CSV line");
    assertIgnored(decoder(SPEC, IGNORE), "1,Alice\n2,Bob", List.of(), 1);
    // but a line break inside quotes is part of the value
    assertEquals(
        "Alice\nBob", single(decoder(SPEC, Map.of()), "1,\"Alice\nBob\"").getString("name"));
  }

  @Test
  void deeplyNestedTextIsJustText() throws Exception {
    String nested = "[".repeat(100_000) + "]".repeat(100_000);
    assertEquals(nested, single(decoder(SPEC, Map.of()), "1," + nested).getString("name"));
    assertFails(decoder(SPEC, Map.of()), nested + ",x", "id", "longer than 1000");
    Schema arrays = Schema.builder().addArrayField("a", FieldType.STRING).build();
    List<Object> elements =
        single(decoder(arrays, Map.of()), ";".repeat(100_000)).getArray("a").stream()
            .map(o -> (Object) o)
            .toList();
    assertEquals(100_001, elements.size());
  }

  @Test
  void largeValues() throws Exception {
    String tenMb = "x".repeat(10 * 1024 * 1024);
    Row row = spec(7, tenMb);
    String line = encode(encoder(SPEC, Map.of()), row);
    assertEquals(row, single(decoder(SPEC, Map.of()), line));
    // above Jackson's default limit of 20M characters
    String big = "y".repeat(21_000_000);
    assertEquals(
        big.length(), single(decoder(SPEC, Map.of()), "1," + big).getString("name").length());
    Schema bytes = Schema.builder().addByteArrayField("b").build();
    byte[] payload = new byte[3 * 1024 * 1024];
    new java.util.Random(1).nextBytes(payload);
    Row bytesRow = Row.withSchema(bytes).addValue(payload).build();
    assertArrayEquals(
        payload,
        single(decoder(bytes, Map.of()), encode(encoder(bytes, Map.of()), bytesRow)).getBytes("b"));
  }

  @Test
  void decoderKeepsWorkingAfterErrors() throws Exception {
    RowDecoder decoder = decoder(SPEC, Map.of());
    assertThrows(FormatException.class, () -> decode(decoder, "x,\"broken"));
    assertThrows(FormatException.class, () -> decode(decoder, new byte[] {(byte) 0xFF}));
    assertEquals(spec(1, "Alice"), single(decoder, "1,Alice"));
  }
}
