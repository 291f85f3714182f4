package dev.kafkaconnector.formats.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.TestMetrics;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.FixedString;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.schemas.logicaltypes.VariableString;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** The reusable JSON → Row converter: tree and streaming input, single values, leniency. */
class JsonToRowConverterTest {

  static final JsonReadSettings STRICT =
      new JsonReadSettings("test-json", false, false, TimestampFormat.SQL);
  static final JsonReadSettings LENIENT =
      new JsonReadSettings("test-json", false, true, TimestampFormat.SQL);

  /** Converts a single value read by streaming, as the json format does. */
  static Object value(FieldType type, String json) throws Exception {
    try (JsonParser p = JsonToRowConverter.objectMapper().createParser(json)) {
      p.nextToken();
      return JsonToRowConverter.fieldConverter(type.withNullable(true), STRICT).convert(p);
    }
  }

  @Test
  void treeInputGivesTheSameRowsAsBytes() throws Exception {
    JsonToRowConverter converter = new JsonToRowConverter(JsonFormatTest.ALL, STRICT);
    Row row = JsonFormatTest.fullRow();
    byte[] bytes =
        new RowToJsonConverter(
                JsonFormatTest.ALL,
                JsonWriteSettings.from(
                    "test-json", dev.kafkaconnector.formats.options.Configuration.of(Map.of())))
            .toBytes(row);
    JsonNode tree = JsonToRowConverter.objectMapper(JsonFormatTest.ALL).readTree(bytes);
    assertEquals(row, converter.convert(tree));
    assertEquals(row, converter.parse(bytes));
    assertSame(JsonFormatTest.ALL, converter.schema());
  }

  @Test
  void streamingInputIsLeftOnTheEndOfTheObject() throws Exception {
    Schema schema = Schema.builder().addNullableField("a", FieldType.INT32).build();
    JsonToRowConverter converter = new JsonToRowConverter(schema, STRICT);
    try (JsonParser p =
        JsonToRowConverter.objectMapper()
            .createParser("{\"after\": {\"a\": 1, \"b\": [2]}, \"op\": \"c\"}")) {
      assertEquals(JsonToken.START_OBJECT, p.nextToken());
      assertEquals("after", p.nextFieldName());
      p.nextToken();
      assertEquals(1, converter.convert(p).getInt32("a"));
      assertEquals(JsonToken.END_OBJECT, p.currentToken());
      assertEquals("op", p.nextFieldName());
    }
  }

  @Test
  void errorsNameTheFormatAndPath() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("rows", FieldType.array(FieldType.row(JsonFormatTest.INNER)))
            .build();
    JsonToRowConverter converter = new JsonToRowConverter(schema, STRICT);
    JsonNode tree =
        JsonToRowConverter.objectMapper().readTree("{\"rows\": [{\"f2\": 1}, {\"f2\": \"x\"}]}");
    FormatException e = assertThrows(FormatException.class, () -> converter.convert(tree));
    assertEquals("test-json", e.format());
    assertEquals("rows[1].f2", e.field());
  }

  @Test
  void ignoredErrorsAreCountedUnderTheGivenFormat() throws Exception {
    try (TestMetrics metrics = new TestMetrics()) {
      JsonToRowConverter converter = new JsonToRowConverter(JsonFormatTest.INNER, LENIENT);
      Row row =
          converter.convert(
              JsonToRowConverter.objectMapper()
                  .readTree("{\"f1\": \"a\", \"f2\": [1, {\"x\": 2}]}"));
      assertEquals("a", row.getString("f1"));
      assertNull(row.getValue("f2"));
      assertEquals(1, metrics.ignored("test-json"));
      assertEquals(0, metrics.ignored("json"));
    }
  }

  @Test
  void numbersAreAlsoReadFromStringsAndOtherNumberForms() throws Exception {
    assertEquals(12, value(FieldType.INT32, "\" 12 \""));
    assertEquals(12, value(FieldType.INT32, "12.7")); // truncated, as Flink/Jackson do
    assertEquals((byte) -5, value(FieldType.BYTE, "\"-5\""));
    assertEquals((short) 300, value(FieldType.INT16, "300"));
    assertEquals(Long.MIN_VALUE, value(FieldType.INT64, "-9223372036854775808"));
    assertEquals(1.5f, value(FieldType.FLOAT, "\"1.5\""));
    assertEquals(3.0d, value(FieldType.DOUBLE, "3"));
    assertEquals(Double.NaN, value(FieldType.DOUBLE, "\"NaN\""));
    assertEquals(new BigDecimal("1.10"), value(FieldType.DECIMAL, "\"1.10\""));
    assertEquals(
        new BigDecimal("12345678901234567890.123456789"),
        value(FieldType.DECIMAL, "12345678901234567890.123456789"));
    FieldType dec52 = FieldType.logicalType(FixedPrecisionNumeric.of(5, 2));
    assertEquals(new BigDecimal("123.46"), value(dec52, "123.455"));
    assertEquals(new BigDecimal("1.00"), value(dec52, "1"));
    assertThrows(FormatException.class, () -> value(dec52, "1234.5"));
    // a scale without precision (FixedPrecisionNumeric.of(scale)): DECIMAL(38, scale)
    FieldType scale2 = FieldType.logicalType(FixedPrecisionNumeric.of(2));
    assertEquals(new BigDecimal("123.46"), value(scale2, "123.455"));
    for (String bad : new String[] {"128", "\"x\"", "true", "[1]"}) {
      assertThrows(FormatException.class, () -> value(FieldType.BYTE, bad), bad);
    }
    assertThrows(FormatException.class, () -> value(FieldType.INT16, "32768"));
    assertThrows(FormatException.class, () -> value(FieldType.INT32, "2147483648"));
    assertThrows(FormatException.class, () -> value(FieldType.INT64, "9223372036854775808"));
    assertThrows(FormatException.class, () -> value(FieldType.DOUBLE, "false"));
  }

  @Test
  void booleansAndStrings() throws Exception {
    assertEquals(true, value(FieldType.BOOLEAN, "true"));
    assertEquals(false, value(FieldType.BOOLEAN, "\" FALSE \""));
    // Flink would turn these into false; here they are errors, so nothing is lost silently
    assertThrows(FormatException.class, () -> value(FieldType.BOOLEAN, "\"yes\""));
    assertThrows(FormatException.class, () -> value(FieldType.BOOLEAN, "1"));
    assertEquals("12.50", value(FieldType.STRING, "12.50"));
    assertEquals("true", value(FieldType.STRING, "true"));
    assertEquals("{\"a\":[1,\"b\",null]}", value(FieldType.STRING, "{ \"a\" : [1, \"b\", null] }"));
  }

  @Test
  void charAndVarcharGoThroughTheirLogicalType() throws Exception {
    assertEquals("ab  ", value(FieldType.logicalType(FixedString.of(4)), "\"ab\""));
    assertEquals("ab", value(FieldType.logicalType(VariableString.of(4)), "\"ab\""));
    assertThrows(
        FormatException.class,
        () -> value(FieldType.logicalType(VariableString.of(4)), "\"abcde\""));
  }

  @Test
  void binaryIsBase64() throws Exception {
    assertArrayEquals(
        "hello".getBytes(StandardCharsets.UTF_8), (byte[]) value(FieldType.BYTES, "\"aGVsbG8=\""));
    assertThrows(FormatException.class, () -> value(FieldType.BYTES, "\"not base64!\""));
    assertThrows(FormatException.class, () -> value(FieldType.BYTES, "12"));
  }

  @Test
  void temporalValues() throws Exception {
    FieldType date = FieldType.logicalType(SqlTypes.DATE);
    assertEquals(LocalDate.of(2024, 2, 29), value(date, "\"2024-02-29\""));
    assertThrows(FormatException.class, () -> value(date, "\"2023-02-29\""));
    assertThrows(FormatException.class, () -> value(date, "20230101"));
    FieldType ltz = FieldType.DATETIME;
    assertEquals(
        new org.joda.time.Instant(1609330394123L), value(ltz, "\"2020-12-30 12:13:14.123Z\""));
    // Beam's DATETIME (Beam SQL's TIMESTAMP) also reads zone-less text, as UTC
    assertEquals(
        new org.joda.time.Instant(1609330394123L), value(ltz, "\"2020-12-30 12:13:14.123\""));
    assertEquals(new org.joda.time.Instant(916150454000L), value(ltz, "\"1999-01-12 14:14:14\""));
    assertThrows(FormatException.class, () -> value(ltz, "\"2020-12-30\""));
    // the logical instants (TIMESTAMP_LTZ(6)) still need their 'Z'; TIMESTAMP must not have one
    assertThrows(
        FormatException.class,
        () -> value(FieldType.logicalType(SqlTypes.TIMESTAMP), "\"2020-12-30 12:13:14.123\""));
    assertThrows(
        FormatException.class,
        () -> value(FieldType.logicalType(SqlTypes.DATETIME), "\"2020-12-30 12:13:14Z\""));
  }

  @Test
  void fieldConverterHandlesMissingAndNullNodes() throws Exception {
    JsonToRowConverter.FieldConverter nullable =
        JsonToRowConverter.fieldConverter(FieldType.INT32.withNullable(true), STRICT);
    assertNull(nullable.convert((JsonNode) null));
    assertNull(nullable.convert(MissingNode.getInstance()));
    assertNull(nullable.convert(JsonToRowConverter.objectMapper().readTree("null")));
    JsonToRowConverter.FieldConverter notNull =
        JsonToRowConverter.fieldConverter(FieldType.INT32, STRICT);
    assertThrows(FormatException.class, () -> notNull.convert((JsonNode) null));
    assertThrows(
        FormatException.class,
        () -> notNull.convert(JsonToRowConverter.objectMapper().readTree("null")));
    JsonToRowConverter.FieldConverter copy = SerializableUtils.clone(nullable);
    assertEquals(7, copy.convert(JsonToRowConverter.objectMapper().readTree("7")));
    // a list of maps, like canal-json's "old"
    FieldType oldType =
        FieldType.array(FieldType.map(FieldType.STRING, FieldType.STRING.withNullable(true)));
    Object old =
        JsonToRowConverter.fieldConverter(oldType, STRICT)
            .convert(JsonToRowConverter.objectMapper().readTree("[{\"a\": \"1\", \"b\": 2}]"));
    assertEquals(List.of(Map.of("a", "1", "b", "2")), old);
  }

  @Test
  void parserThatIsNotOnAValueIsAFormatException() throws Exception {
    try (JsonParser p = JsonToRowConverter.objectMapper().createParser("1")) {
      assertThrows(
          FormatException.class,
          () -> JsonToRowConverter.fieldConverter(FieldType.INT32, LENIENT).convert(p));
      assertThrows(
          FormatException.class,
          () -> new JsonToRowConverter(JsonFormatTest.INNER, LENIENT).convert(p));
    }
  }

  @Test
  void exactMapperKeepsDecimalDigitsInTrees() throws Exception {
    Schema schema = Schema.builder().addNullableField("d", FieldType.DECIMAL).build();
    String json = "{\"d\": 0.12345678901234567890123}";
    JsonToRowConverter converter = new JsonToRowConverter(schema, STRICT);
    Row exact = converter.convert(JsonToRowConverter.objectMapper(schema).readTree(json));
    assertEquals(new BigDecimal("0.12345678901234567890123"), exact.getDecimal("d"));
    assertEquals(
        new BigDecimal("0.12345678901234567890123"),
        converter.parse(json.getBytes()).getDecimal("d"));
    Schema noDecimal = Schema.builder().addNullableField("x", FieldType.DOUBLE).build();
    assertSame(JsonToRowConverter.objectMapper(), JsonToRowConverter.objectMapper(noDecimal));
  }

  @Test
  void arraysKeepNullElementsWhenNullable() throws Exception {
    assertEquals(
        Arrays.asList(1, null, 3),
        value(FieldType.array(FieldType.INT32.withNullable(true)), "[1, null, 3]"));
    assertThrows(
        FormatException.class, () -> value(FieldType.array(FieldType.INT32), "[1, null, 3]"));
  }
}
