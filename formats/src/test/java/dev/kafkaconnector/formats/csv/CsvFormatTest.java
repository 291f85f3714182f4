package dev.kafkaconnector.formats.csv;

import static dev.kafkaconnector.formats.csv.CsvTesting.csv;
import static dev.kafkaconnector.formats.csv.CsvTesting.decode;
import static dev.kafkaconnector.formats.csv.CsvTesting.decoder;
import static dev.kafkaconnector.formats.csv.CsvTesting.encode;
import static dev.kafkaconnector.formats.csv.CsvTesting.encoder;
import static dev.kafkaconnector.formats.csv.CsvTesting.single;
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
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

class CsvFormatTest {

  /** The spec's example table: {@code (id INT, name STRING)} with {@code 'format' = 'csv'}. */
  static final Schema SPEC =
      Schema.builder()
          .addNullableField("id", FieldType.INT32)
          .addNullableField("name", FieldType.STRING)
          .build();

  static final Schema ROW_TYPE =
      Schema.builder().addStringField("f0").addNullableField("f1", FieldType.INT32).build();

  static final Schema ALL =
      Schema.builder()
          .addNullableField("bool", FieldType.BOOLEAN)
          .addNullableField("tiny", FieldType.BYTE)
          .addNullableField("small", FieldType.INT16)
          .addNullableField("i", FieldType.INT32)
          .addNullableField("big", FieldType.INT64)
          .addNullableField("f", FieldType.FLOAT)
          .addNullableField("d", FieldType.DOUBLE)
          .addNullableField("dec", FieldType.DECIMAL)
          .addNullableField("s", FieldType.STRING)
          .addNullableField("b", FieldType.BYTES)
          .addNullableField("date", FieldType.logicalType(SqlTypes.DATE))
          .addNullableField("time", FieldType.logicalType(SqlTypes.TIME))
          .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
          .addNullableField("ltz", FieldType.DATETIME)
          .addNullableField("ints", FieldType.array(FieldType.INT32.withNullable(true)))
          .addNullableField("strs", FieldType.array(FieldType.STRING))
          .addNullableField("dates", FieldType.array(FieldType.logicalType(SqlTypes.DATE)))
          .addNullableField("r", FieldType.row(ROW_TYPE))
          .build();

  static Row allValues() {
    return Row.withSchema(ALL)
        .addValues(
            true,
            (byte) -12,
            (short) 1234,
            123456,
            12345678910L,
            0.5f,
            0.33333333332d,
            new BigDecimal("1234.0000000000000000000000001"),
            "hello, \"world\"\nline two",
            new byte[] {107, 3, 11},
            LocalDate.of(2024, 2, 29),
            LocalTime.of(12, 34, 56, 789_000_000),
            LocalDateTime.of(2024, 2, 29, 12, 34, 56, 123_456_000),
            new Instant(1_709_210_096_789L),
            Arrays.asList(1, null, 3),
            List.of("a", "b c"),
            List.of(LocalDate.of(2020, 1, 1), LocalDate.of(1969, 12, 31)),
            Row.withSchema(ROW_TYPE).addValues("Hello", 42).build())
        .build();
  }

  @Test
  void foundThroughTheSpi() {
    assertInstanceOf(CsvFormatFactory.class, csv());
    assertEquals("csv", csv().identifier());
    assertTrue(Formats.available().containsKey("csv"));
    assertEquals(
        List.of(
            "csv.field-delimiter",
            "csv.line-delimiter",
            "csv.disable-quote-character",
            "csv.quote-character",
            "csv.ignore-parse-errors",
            "csv.allow-comments",
            "csv.array-element-delimiter",
            "csv.escape-character",
            "csv.null-literal"),
        csv().options().stream().map(ConfigOption::key).toList());
    assertTrue(csv().readableMetadata().isEmpty());
  }

  @Test
  void defaultsAreTheSpecs() {
    Map<String, Object> defaults =
        Map.of(
            "csv.field-delimiter",
            ",",
            "csv.line-delimiter",
            "U&'\\000A'",
            "csv.disable-quote-character",
            false,
            "csv.quote-character",
            "\"",
            "csv.allow-comments",
            false,
            "csv.ignore-parse-errors",
            false,
            "csv.array-element-delimiter",
            ";");
    for (ConfigOption<?> option : csv().options()) {
      assertEquals(defaults.get(option.key()), option.defaultValue().orElse(null), option.key());
      assertTrue(!option.description().isBlank(), option.key());
    }
  }

  @Test
  void specExampleInputAndOutput() throws Exception {
    RowDecoder decoder = decoder(SPEC, Map.of());
    Row row = single(decoder, "1,Alice");
    assertEquals(SPEC, row.getSchema());
    assertEquals(1, row.getInt32("id"));
    assertEquals("Alice", row.getString("name"));
    // a producer's trailing line break is accepted
    assertEquals(row, single(decoder, "1,Alice\n"));
    assertEquals(row, single(decoder, "1,Alice\r\n"));

    RowEncoder encoder = encoder(SPEC, Map.of());
    assertEquals("1,Alice\n", encode(encoder, row));
    assertEquals("2,\n", encode(encoder, Row.withSchema(SPEC).addValues(2, null).build()));
  }

  @Test
  void everyTypeRoundTrips() throws Exception {
    RowEncoder encoder = encoder(ALL, Map.of());
    RowDecoder decoder = decoder(ALL, Map.of());
    Row original = allValues();
    String line = encode(encoder, original);
    assertEquals(
        // Jackson quotes values longer than 24 characters, as in Flink's output
        "true,-12,1234,123456,12345678910,0.5,0.33333333332,\"1234.0000000000000000000000001\","
            + "\"hello, \"\"world\"\"\nline two\",awML,2024-02-29,12:34:56.789,"
            + "\"2024-02-29 12:34:56.123456\",\"2024-02-29 12:34:56.789Z\",1;;3,\"a;b c\","
            + "2020-01-01;1969-12-31,Hello;42\n",
        line);
    Row decoded = single(decoder, line);
    assertRowEquals(original, decoded);
    assertInstanceOf(LocalDate.class, decoded.getValue("date"));
    assertInstanceOf(LocalTime.class, decoded.getValue("time"));
    assertInstanceOf(LocalDateTime.class, decoded.getValue("ts"));
    assertInstanceOf(Instant.class, decoded.getValue("ltz"));
    assertInstanceOf(Row.class, decoded.getValue("r"));
    // the row is a valid Beam row of its schema
    assertEquals(original.getSchema(), decoded.getSchema());
  }

  @Test
  void nullsRoundTripWithNullLiteral() throws Exception {
    Map<String, String> options = Map.of("csv.null-literal", "null");
    Row nulls = Row.nullRow(ALL);
    String line = encode(encoder(ALL, options), nulls);
    assertEquals(
        String.join(",", java.util.Collections.nCopies(ALL.getFieldCount(), "null")) + "\n", line);
    assertRowEquals(nulls, single(decoder(ALL, options), line));
  }

  @Test
  void nullsWithoutNullLiteralAreEmptyFields() throws Exception {
    String line = encode(encoder(ALL, Map.of()), Row.nullRow(ALL));
    assertEquals(",".repeat(ALL.getFieldCount() - 1) + "\n", line);
    Row back = single(decoder(ALL, Map.of()), line);
    // Empty fields read as null, except STRING and BYTES (empty value) and ARRAY (empty array),
    // as in Flink: set csv.null-literal to tell them apart.
    for (Schema.Field field : ALL.getFields()) {
      Object value = back.getValue(field.getName());
      switch (field.getName()) {
        case "s" -> assertEquals("", value);
        case "b" -> assertArrayEquals(new byte[0], (byte[]) value);
        case "ints", "strs", "dates" -> assertEquals(List.of(), value);
        default -> assertNull(value, field.getName());
      }
    }
  }

  @Test
  void readsWhatFlinkWrites() throws Exception {
    // Values from Flink's CSV tests (CsvRowDataSerDeSchemaTest).
    Schema schema =
        Schema.builder()
            .addNullableField("f0", FieldType.STRING)
            .addNullableField("ltz", FieldType.DATETIME)
            .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
            .addNullableField("dec", FieldType.DECIMAL)
            .addNullableField("tiny", FieldType.array(FieldType.BYTE.withNullable(true)))
            .addNullableField(
                "r",
                FieldType.row(
                    Schema.builder()
                        .addStringField("f0")
                        .addInt32Field("f1")
                        .addBooleanField("f2")
                        .build()))
            .build();
    RowDecoder decoder = decoder(schema, Map.of("csv.null-literal", "null"));
    Row row =
        single(
            decoder,
            "\"This is a test\n\r.\",\"1970-01-01 00:02:03.456Z\",\"2018-10-12 12:12:12\","
                + "\"1234.0000000000000000000000001\",12;4;null,Hello;42;false");
    assertEquals("This is a test\n\r.", row.getString("f0"));
    assertEquals(new Instant(123_456L), row.getValue("ltz"));
    assertEquals(LocalDateTime.of(2018, 10, 12, 12, 12, 12), row.getValue("ts"));
    assertEquals(new BigDecimal("1234.0000000000000000000000001"), row.getDecimal("dec"));
    assertEquals(Arrays.asList((byte) 12, (byte) 4, null), row.getArray("tiny"));
    Row nested = row.getRow("r");
    assertEquals(List.of("Hello", 42, false), nested.getValues());
  }

  @Test
  void timestampsAcceptIsoAndOffsets() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
            .addNullableField("ltz", FieldType.DATETIME)
            .build();
    RowDecoder decoder = decoder(schema, Map.of());
    Row iso = single(decoder, "2024-02-29T12:34:56.5,2024-02-29T12:34:56.5+02:00");
    assertEquals(LocalDateTime.of(2024, 2, 29, 12, 34, 56, 500_000_000), iso.getValue("ts"));
    assertEquals(Instant.parse("2024-02-29T10:34:56.500Z"), iso.getValue("ltz"));
    Row sql = single(decoder, "2024-02-29 12:34:56,2024-02-29 12:34:56");
    assertEquals(LocalDateTime.of(2024, 2, 29, 12, 34, 56), sql.getValue("ts"));
    assertEquals(Instant.parse("2024-02-29T12:34:56Z"), sql.getValue("ltz"));
  }

  @Test
  void numbersAndBooleansIgnoreSurroundingSpaces() throws Exception {
    Schema schema =
        Schema.builder().addInt32Field("i").addBooleanField("b").addStringField("s").build();
    Row row = single(decoder(schema, Map.of()), "  12 , TRUE , keep ");
    assertEquals(List.of(12, true, " keep "), row.getValues());
  }

  @Test
  void logicalTypesOverScalarsUseTheirBaseType() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField(
                "fixed",
                FieldType.logicalType(
                    org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric.of(10, 2)))
            .build();
    Row row = Row.withSchema(schema).addValue(new BigDecimal("12.50")).build();
    String line = encode(encoder(schema, Map.of()), row);
    assertEquals("12.50\n", line);
    assertEquals(new BigDecimal("12.50"), single(decoder(schema, Map.of()), line).getValue(0));
  }

  @Test
  void mapAndNestedContainersAreRefusedNamingTheColumn() {
    Schema map =
        Schema.builder()
            .addInt32Field("id")
            .addMapField("props", FieldType.STRING, FieldType.STRING)
            .build();
    Schema arrayOfArrays =
        Schema.builder().addArrayField("matrix", FieldType.array(FieldType.INT32)).build();
    Schema rowInRow =
        Schema.builder()
            .addRowField("outer", Schema.builder().addRowField("inner", ROW_TYPE).build())
            .build();
    Schema arrayOfRows = Schema.builder().addArrayField("rows", FieldType.row(ROW_TYPE)).build();
    for (Schema schema : List.of(map, arrayOfArrays, rowInRow, arrayOfRows)) {
      String column = schema.getField(schema.getFieldCount() - 1).getName();
      IllegalArgumentException d =
          assertThrows(IllegalArgumentException.class, () -> decoder(schema, Map.of()));
      assertTrue(d.getMessage().contains("'" + column + "'"), d.getMessage());
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> encoder(schema, Map.of()));
      assertTrue(e.getMessage().contains("'" + column + "'"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> decoder(Schema.builder().build(), Map.of()));
  }

  @Test
  void metadataIsRefused() {
    FormatContext context =
        new FormatContext(Configuration.of(Map.of()), "value", List.of("row-kind"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> csv().createDecoder(SPEC, context));
    assertTrue(e.getMessage().contains("row-kind"), e.getMessage());
  }

  @Test
  void decoderAndEncoderSurviveSerialization() throws Exception {
    Map<String, String> options =
        Map.of(
            "csv.field-delimiter",
            "|",
            "csv.null-literal",
            "N/A",
            "csv.ignore-parse-errors",
            "true");
    RowDecoder decoder = decoder(ALL, options);
    RowEncoder encoder = encoder(ALL, options);
    single(decoder, encode(encoder, allValues())); // warm the transient Jackson objects
    RowDecoder decoderCopy = SerializableUtils.clone(decoder);
    RowEncoder encoderCopy = SerializableUtils.clone(encoder);
    String line = encode(encoderCopy, allValues());
    assertTrue(line.startsWith("true|-12|"), line);
    assertRowEquals(allValues(), single(decoderCopy, line));
    assertRowEquals(Row.nullRow(ALL), single(decoderCopy, encode(encoderCopy, Row.nullRow(ALL))));
    // still ignoring parse errors after the copy
    assertTrue(decode(decoderCopy, "\"broken").isEmpty());
  }

  @Test
  void encoderRefusesValuesThatCouldNotBeReadBack() {
    Schema schema = Schema.builder().addArrayField("tags", FieldType.STRING).build();
    FormatException e =
        assertThrows(
            FormatException.class,
            () ->
                encoder(schema, Map.of())
                    .encode(Row.withSchema(schema).addValue(List.of("ok", "a;b")).build()));
    assertEquals("tags[1]", e.field());
    assertTrue(e.getMessage().contains("array element delimiter"), e.getMessage());

    FormatException wrongType =
        assertThrows(
            FormatException.class,
            () ->
                encoder(SPEC, Map.of())
                    .encode(Row.withSchema(SPEC).attachValues(Arrays.asList("not an int", "x"))));
    assertEquals("id", wrongType.field());
  }

  /** Compares rows field by field, byte arrays by content. */
  static void assertRowEquals(Row expected, Row actual) {
    assertEquals(expected.getSchema(), actual.getSchema());
    for (int i = 0; i < expected.getFieldCount(); i++) {
      Object e = expected.getValue(i);
      Object a = actual.getValue(i);
      String name = expected.getSchema().getField(i).getName();
      if (e instanceof byte[] eb) {
        assertArrayEquals(eb, (byte[]) a, name);
      } else if (e instanceof Row er) {
        assertRowEquals(er, (Row) a);
      } else if (e instanceof Iterable<?> ei) {
        assertEquals(ei, a, name);
      } else {
        assertEquals(e, a, name);
      }
    }
  }

  @org.junit.jupiter.api.Test
  void fixedPrecisionDecimalIsRoundedToItsScaleAndMustFit() throws Exception {
    org.apache.beam.sdk.schemas.Schema schema =
        org.apache.beam.sdk.schemas.Schema.builder()
            .addLogicalTypeField(
                "price", org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric.of(10, 2))
            .build();
    dev.kafkaconnector.formats.RowDecoder decoder =
        dev.kafkaconnector.formats.Formats.find("csv", "format")
            .createDecoder(schema, dev.kafkaconnector.formats.FormatContext.of(java.util.Map.of()));
    java.util.List<org.apache.beam.sdk.values.Row> rows = new java.util.ArrayList<>();
    decoder.decode("12.5".getBytes(java.nio.charset.StandardCharsets.UTF_8), rows::add);
    decoder.decode("12.345".getBytes(java.nio.charset.StandardCharsets.UTF_8), rows::add);
    org.junit.jupiter.api.Assertions.assertEquals(
        new java.math.BigDecimal("12.50"), rows.get(0).getValue("price"));
    org.junit.jupiter.api.Assertions.assertEquals(
        new java.math.BigDecimal("12.35"), rows.get(1).getValue("price"));
    dev.kafkaconnector.formats.FormatException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            dev.kafkaconnector.formats.FormatException.class,
            () ->
                decoder.decode(
                    "123456789.5".getBytes(java.nio.charset.StandardCharsets.UTF_8), rows::add));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("price"), e.getMessage());
  }
}
