package dev.kafkaconnector.formats.json;

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
import dev.kafkaconnector.formats.options.ConfigOption;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** The {@code json} format through its SPI: options, round trips of every type, wiring. */
class JsonFormatTest {

  static final Schema INNER =
      Schema.builder()
          .addNullableField("f1", FieldType.STRING)
          .addNullableField("f2", FieldType.INT32)
          .build();

  /** Every type the format supports, nullable as Flink columns are. */
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
          .addNullableField("dec10_2", FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)))
          .addNullableField("s", FieldType.STRING)
          .addNullableField("bin", FieldType.BYTES)
          .addNullableField("date", FieldType.logicalType(SqlTypes.DATE))
          .addNullableField("time", FieldType.logicalType(SqlTypes.TIME))
          .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
          .addNullableField("ltz", FieldType.DATETIME)
          .addNullableField("ltz_micros", FieldType.logicalType(SqlTypes.TIMESTAMP))
          .addNullableField("uuid", FieldType.logicalType(SqlTypes.UUID))
          .addNullableField("row", FieldType.row(INNER))
          .addNullableField("arr", FieldType.array(FieldType.STRING.withNullable(true)))
          .addNullableField("arr_of_rows", FieldType.array(FieldType.row(INNER).withNullable(true)))
          .addNullableField(
              "arr_of_arr",
              FieldType.array(
                  FieldType.array(FieldType.INT32.withNullable(true)).withNullable(true)))
          .addNullableField("iter", FieldType.iterable(FieldType.INT64.withNullable(true)))
          .addNullableField(
              "map", FieldType.map(FieldType.STRING, FieldType.INT64.withNullable(true)))
          .addNullableField(
              "map_of_map",
              FieldType.map(
                  FieldType.STRING,
                  FieldType.map(FieldType.STRING, FieldType.INT32.withNullable(true))
                      .withNullable(true)))
          .addNullableField(
              "map_of_rows",
              FieldType.map(FieldType.STRING, FieldType.row(INNER).withNullable(true)))
          .build();

  static FormatFactory json() {
    return Formats.find("json", "format");
  }

  static RowDecoder decoder(Schema schema, Map<String, String> options) {
    return json().createDecoder(schema, FormatContext.of(options));
  }

  static RowEncoder encoder(Schema schema, Map<String, String> options) {
    return json().createEncoder(schema, FormatContext.of(options));
  }

  static List<Row> decodeAll(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = new ArrayList<>();
    decoder.decode(message, rows::add);
    return rows;
  }

  static Row decode(RowDecoder decoder, String message) throws FormatException {
    List<Row> rows = decodeAll(decoder, message.getBytes(StandardCharsets.UTF_8));
    assertEquals(1, rows.size());
    return rows.get(0);
  }

  static String encode(RowEncoder encoder, Row row) throws FormatException {
    return new String(encoder.encode(row), StandardCharsets.UTF_8);
  }

  static Row fullRow() {
    Map<String, Long> map = new LinkedHashMap<>();
    map.put("a", 1L);
    map.put("n", null);
    Map<String, Integer> inner = new LinkedHashMap<>();
    inner.put("key", 234);
    inner.put("nil", null);
    return Row.withSchema(ALL)
        .addValues(
            true,
            (byte) -128,
            (short) 32767,
            Integer.MIN_VALUE,
            Long.MAX_VALUE,
            1.25f,
            -0.1d,
            new BigDecimal("123456789012345678901234567890.123456789"),
            new BigDecimal("12345678.90"),
            "grüße \"quoted\" \\ \n 世界 \uD83D\uDE00",
            new byte[] {0, 1, 2, (byte) 0xFF, (byte) 0xFE},
            LocalDate.of(2000, 10, 25),
            LocalTime.of(11, 11, 11, 123_456_789),
            LocalDateTime.of(1999, 1, 12, 14, 14, 14, 120_000_000),
            new org.joda.time.Instant(1609330394123L),
            Instant.parse("2020-12-30T12:13:14.123456Z"),
            UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
            Row.withSchema(INNER).addValues("x", 7).build(),
            Arrays.asList("aa", null, "cc"),
            Arrays.asList(
                Row.withSchema(INNER).addValues("f11", 111).build(),
                null,
                Row.withSchema(INNER).addValues(null, 222).build()),
            Arrays.asList(Arrays.asList(1, 2), List.of(), null, Arrays.asList(3, null)),
            Arrays.asList(5L, 6L),
            map,
            Map.of("inner_map", inner),
            Map.of("r", Row.withSchema(INNER).addValues("v", -1).build()))
        .build();
  }

  @Test
  void foundOnClasspathWithItsOptions() {
    FormatFactory factory = json();
    assertInstanceOf(JsonFormatFactory.class, factory);
    assertEquals("json", factory.identifier());
    assertEquals(
        List.of(
            "json.fail-on-missing-field",
            "json.ignore-parse-errors",
            "json.timestamp-format.standard",
            "json.map-null-key.mode",
            "json.map-null-key.literal",
            "json.encode.decimal-as-plain-number",
            "json.encode.ignore-null-fields",
            "json.decode.json-parser.enabled",
            "json.infer-schema.primitive-as-string",
            "json.infer-schema.flatten-nested-columns.enable",
            "json.infer-schema.string-type-inference",
            "json.infer-schema.fixed-types",
            "json.infer-schema.parse-key-error.field-name"),
        factory.options().stream().map(ConfigOption::key).toList());
    Map<String, String> defaults = new HashMap<>();
    factory.options().forEach(o -> defaults.put(o.key(), o.defaultText().orElse(null)));
    assertEquals("false", defaults.get("json.fail-on-missing-field"));
    assertEquals("false", defaults.get("json.ignore-parse-errors"));
    assertEquals("SQL", defaults.get("json.timestamp-format.standard"));
    assertEquals("FAIL", defaults.get("json.map-null-key.mode"));
    assertEquals("null", defaults.get("json.map-null-key.literal"));
    assertEquals("false", defaults.get("json.encode.decimal-as-plain-number"));
    factory.options().forEach(o -> assertTrue(o.description().length() > 20, o.key()));
    assertTrue(factory.readableMetadata().isEmpty());
  }

  @Test
  void everyTypeRoundTrips() throws Exception {
    Row row = fullRow();
    String text = encode(encoder(ALL, Map.of()), row);
    Row back = decode(decoder(ALL, Map.of()), text);
    assertEquals(row, back, text);
    // the values have exactly the Java types Beam expects
    assertInstanceOf(Byte.class, back.getValue("tiny"));
    assertInstanceOf(Short.class, back.getValue("small"));
    assertInstanceOf(Float.class, back.getValue("f"));
    assertInstanceOf(org.joda.time.Instant.class, back.getValue("ltz"));
    assertInstanceOf(LocalDateTime.class, back.getValue("ts"));
    assertInstanceOf(Instant.class, back.getValue("ltz_micros"));
    assertInstanceOf(UUID.class, back.getValue("uuid"));
  }

  @Test
  void everyTypeRoundTripsWithIsoTimestampsAndOtherEncodeOptions() throws Exception {
    Map<String, String> options =
        Map.of(
            "json.timestamp-format.standard", "ISO-8601",
            "json.encode.decimal-as-plain-number", "true",
            "json.map-null-key.mode", "DROP");
    Row row = fullRow();
    String text = encode(encoder(ALL, options), row);
    assertTrue(text.contains("\"ts\":\"1999-01-12T14:14:14.12\""), text);
    assertEquals(row, decode(decoder(ALL, options), text));
  }

  @Test
  void allNullRowRoundTripsAsJsonNulls() throws Exception {
    Object[] nulls = new Object[ALL.getFieldCount()];
    Row row = Row.withSchema(ALL).addValues(nulls).build();
    String text = encode(encoder(ALL, Map.of()), row);
    assertTrue(text.startsWith("{\"bool\":null,\"tiny\":null,"), text);
    assertEquals(row, decode(decoder(ALL, Map.of()), text));
    // and an empty object gives the same row: missing fields are null by default
    assertEquals(row, decode(decoder(ALL, Map.of()), "{}"));
  }

  @Test
  void encodesFlinksTextForms() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("id", FieldType.INT64)
            .addNullableField("bin", FieldType.BYTES)
            .addNullableField("date", FieldType.logicalType(SqlTypes.DATE))
            .addNullableField("time", FieldType.logicalType(SqlTypes.TIME))
            .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
            .addNullableField("ltz", FieldType.DATETIME)
            .addNullableField("dec", FieldType.DECIMAL)
            .addNullableField("nothing", FieldType.STRING)
            .build();
    Row row =
        Row.withSchema(schema)
            .addValues(
                1L,
                "hello".getBytes(StandardCharsets.UTF_8),
                LocalDate.of(2020, 12, 30),
                LocalTime.of(12, 13, 14),
                LocalDateTime.of(2020, 12, 30, 12, 13, 14, 123_000_000),
                new org.joda.time.Instant(Instant.parse("2020-12-30T12:13:14.123Z").toEpochMilli()),
                new BigDecimal("0.000000027"),
                null)
            .build();
    assertEquals(
        "{\"id\":1,\"bin\":\"aGVsbG8=\",\"date\":\"2020-12-30\",\"time\":\"12:13:14\","
            + "\"ts\":\"2020-12-30 12:13:14.123\",\"ltz\":\"2020-12-30 12:13:14.123Z\","
            + "\"dec\":2.7E-8,\"nothing\":null}",
        encode(encoder(schema, Map.of()), row));
    assertEquals(
        "{\"id\":1,\"bin\":\"aGVsbG8=\",\"date\":\"2020-12-30\",\"time\":\"12:13:14\","
            + "\"ts\":\"2020-12-30T12:13:14.123\",\"ltz\":\"2020-12-30T12:13:14.123Z\","
            + "\"dec\":0.000000027}",
        encode(
            encoder(
                schema,
                Map.of(
                    "json.timestamp-format.standard", "ISO-8601",
                    "json.encode.decimal-as-plain-number", "true",
                    "json.encode.ignore-null-fields", "true")),
            row));
  }

  @Test
  void decoderAndEncoderSurviveSerialization() throws Exception {
    Map<String, String> options =
        Map.of("json.timestamp-format.standard", "ISO-8601", "json.ignore-parse-errors", "true");
    RowDecoder decoder = SerializableUtils.clone(decoder(ALL, options));
    RowEncoder encoder = SerializableUtils.clone(encoder(ALL, options));
    Row row = fullRow();
    assertEquals(row, decode(decoder, encode(encoder, row)));
    // settings survived too: ISO timestamps, errors ignored
    assertNull(decode(decoder, "{\"ts\":\"1999-01-12 14:14:14\"}").getValue("ts"));
    assertEquals(
        LocalDateTime.of(1999, 1, 12, 14, 14, 14),
        decode(decoder, "{\"ts\":\"1999-01-12T14:14:14\"}").getValue("ts"));
    // a used instance can be serialized again
    RowDecoder again = SerializableUtils.clone(decoder);
    assertEquals(row, decode(again, encode(SerializableUtils.clone(encoder), row)));
  }

  @Test
  void encodedBytesAreUtf8() throws Exception {
    Schema schema = Schema.builder().addStringField("s").build();
    Row row = Row.withSchema(schema).addValue("é世\uD83D\uDE00").build();
    byte[] bytes = encoder(schema, Map.of()).encode(row);
    // BMP characters are raw UTF-8; Jackson 2.15 (like the Jackson inside Flink) writes
    // supplementary characters as an escaped surrogate pair, which is valid JSON.
    assertArrayEquals("{\"s\":\"é世\\uD83D\\uDE00\"}".getBytes(StandardCharsets.UTF_8), bytes);
    assertEquals(row, decodeAll(decoder(schema, Map.of()), bytes).get(0));
  }

  @Test
  void badOptionValuesAreRejectedNamingTheKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> decoder(ALL, Map.of("json.timestamp-format.standard", "RFC-3339")));
    assertTrue(e.getMessage().contains("json.timestamp-format.standard"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> encoder(ALL, Map.of("json.map-null-key.mode", "KEEP")));
    assertTrue(e.getMessage().contains("json.map-null-key.mode"), e.getMessage());
    // every option is checked on both sides
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> decoder(ALL, Map.of("json.map-null-key.mode", "KEEP")));
    assertTrue(e.getMessage().contains("json.map-null-key.mode"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> encoder(ALL, Map.of("json.decode.json-parser.enabled", "maybe")));
    assertTrue(e.getMessage().contains("json.decode.json-parser.enabled"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> decoder(ALL, Map.of("json.ignore-parse-errors", "yes")));
    assertTrue(e.getMessage().contains("json.ignore-parse-errors"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                decoder(
                    ALL,
                    Map.of(
                        "json.ignore-parse-errors", "true",
                        "json.fail-on-missing-field", "true")));
    assertTrue(e.getMessage().contains("json.fail-on-missing-field"), e.getMessage());
    assertTrue(e.getMessage().contains("json.ignore-parse-errors"), e.getMessage());
  }

  @Test
  void caseInsensitiveEnumValuesAndCompatibilityOption() throws Exception {
    RowDecoder iso =
        decoder(
            ALL,
            Map.of(
                "json.timestamp-format.standard", "iso-8601",
                "json.decode.json-parser.enabled", "false"));
    assertEquals(
        LocalDateTime.of(2020, 12, 30, 12, 13, 14, 123_000_000),
        decode(iso, "{\"ts\":\"2020-12-30T12:13:14.123\"}").getValue("ts"));
  }

  @Test
  void mapWithNonStringKeysIsRejectedAtCreation() {
    Schema schema =
        Schema.builder()
            .addNullableField("m", FieldType.map(FieldType.INT32, FieldType.STRING))
            .build();
    IllegalArgumentException d =
        assertThrows(IllegalArgumentException.class, () -> decoder(schema, Map.of()));
    assertTrue(d.getMessage().contains("'m'"), d.getMessage());
    assertTrue(d.getMessage().contains("STRING keys"), d.getMessage());
    assertThrows(IllegalArgumentException.class, () -> encoder(schema, Map.of()));
  }

  @Test
  void metadataIsRejectedBecauseJsonHasNone() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                json()
                    .createDecoder(
                        ALL,
                        new FormatContext(
                            dev.kafkaconnector.formats.options.Configuration.of(Map.of()),
                            "value",
                            List.of("row-kind"))));
    assertTrue(e.getMessage().contains("row-kind"), e.getMessage());
  }
}
