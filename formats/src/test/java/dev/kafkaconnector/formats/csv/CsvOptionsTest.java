package dev.kafkaconnector.formats.csv;

import static dev.kafkaconnector.formats.csv.CsvFormatTest.SPEC;
import static dev.kafkaconnector.formats.csv.CsvTesting.csv;
import static dev.kafkaconnector.formats.csv.CsvTesting.decode;
import static dev.kafkaconnector.formats.csv.CsvTesting.decoder;
import static dev.kafkaconnector.formats.csv.CsvTesting.encode;
import static dev.kafkaconnector.formats.csv.CsvTesting.encoder;
import static dev.kafkaconnector.formats.csv.CsvTesting.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.csv.CsvTesting.IgnoredCount;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class CsvOptionsTest {

  private static final Row ALICE = Row.withSchema(SPEC).addValues(1, "Alice").build();

  private static final Schema STRINGS =
      Schema.builder()
          .addNullableField("f0", FieldType.STRING)
          .addNullableField("f1", FieldType.STRING)
          .addNullableField("f2", FieldType.STRING)
          .build();

  private static void assertRejected(Map<String, String> options, String... keys) {
    for (var create :
        List.<Runnable>of(() -> decoder(SPEC, options), () -> encoder(SPEC, options))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, create::run);
      for (String key : keys) {
        assertTrue(e.getMessage().contains("'" + key + "'"), e.getMessage());
      }
    }
  }

  @Test
  void fieldDelimiter() throws Exception {
    Map<String, String> pipe = Map.of("csv.field-delimiter", "|");
    // Jackson (and so Flink) quotes every string when the delimiter sorts after letters
    assertEquals("1|\"Alice\"\n", encode(encoder(SPEC, pipe), ALICE));
    assertEquals(ALICE, single(decoder(SPEC, pipe), "1|Alice"));
    // a comma is then plain text
    assertEquals("a,b", single(decoder(SPEC, pipe), "2|a,b").getString("name"));

    for (String tab : List.of("\t", "\\t")) {
      Map<String, String> options = Map.of("csv.field-delimiter", tab);
      assertEquals("1\tAlice\n", encode(encoder(SPEC, options), ALICE));
      assertEquals(ALICE, single(decoder(SPEC, options), "1\tAlice"));
    }
    assertRejected(Map.of("csv.field-delimiter", ",,"), "csv.field-delimiter");
    assertRejected(Map.of("csv.field-delimiter", ""), "csv.field-delimiter");
  }

  @Test
  void lineDelimiterDefaultsToTheSpecsLineFeed() throws Exception {
    assertEquals("1,Alice\n", encode(encoder(SPEC, Map.of()), ALICE));
    assertEquals(
        "U&'\\000A'",
        csv().options().stream()
            .filter(o -> o.key().equals("csv.line-delimiter"))
            .findFirst()
            .orElseThrow()
            .defaultValue()
            .orElseThrow(),
        "the default as the spec writes it");
    assertEquals("1,Alice\n", encode(encoder(SPEC, Map.of("csv.line-delimiter", "\n")), ALICE));
    assertEquals("1,Alice\r", encode(encoder(SPEC, Map.of("csv.line-delimiter", "\r")), ALICE));
    assertEquals(
        "1,Alice\r\n", encode(encoder(SPEC, Map.of("csv.line-delimiter", "\\r\\n")), ALICE));
    // Flink SQL's Unicode literals, as the spec writes them
    assertEquals(
        "1,Alice\r", encode(encoder(SPEC, Map.of("csv.line-delimiter", "U&'\\000D'")), ALICE));
    assertEquals(
        "1,Alice\n", encode(encoder(SPEC, Map.of("csv.line-delimiter", "U&'\\000A'")), ALICE));
    // decoding accepts any of them, whatever the option says
    var decoder = decoder(SPEC, Map.of("csv.line-delimiter", "\r"));
    for (String line : List.of("1,Alice", "1,Alice\n", "1,Alice\r", "1,Alice\r\n")) {
      assertEquals(ALICE, single(decoder, line));
    }
    assertRejected(Map.of("csv.line-delimiter", "x"), "csv.line-delimiter");
    assertRejected(Map.of("csv.line-delimiter", "\n\n"), "csv.line-delimiter");
    assertRejected(Map.of("csv.line-delimiter", "U&'\\000A\\000A'"), "csv.line-delimiter");
    assertEquals("1,Alice", encode(encoder(SPEC, Map.of("csv.line-delimiter", "")), ALICE));
  }

  @Test
  void quoteCharacter() throws Exception {
    Map<String, String> single = Map.of("csv.quote-character", "'");
    Row row = Row.withSchema(SPEC).addValues(1, "it's, ok").build();
    String line = encode(encoder(SPEC, single), row);
    assertEquals("1,'it''s, ok'\n", line);
    assertEquals(row, single(decoder(SPEC, single), line));
    // the double quote is then plain text
    assertEquals("\"a\"", single(decoder(SPEC, single), "1,\"a\"").getString("name"));
    assertRejected(Map.of("csv.quote-character", "''"), "csv.quote-character");
    assertRejected(Map.of("csv.quote-character", ""), "csv.quote-character");
    assertRejected(Map.of("csv.quote-character", ","), "csv.quote-character");
  }

  @Test
  void disableQuoteCharacter() throws Exception {
    Map<String, String> options = Map.of("csv.disable-quote-character", "true");
    assertEquals(
        "1,x y \"q\"\n",
        encode(encoder(SPEC, options), Row.withSchema(SPEC).addValues(1, "x y \"q\"").build()));
    assertEquals("\"abc", single(decoder(SPEC, options), "1,\"abc").getString("name"));
    // a value that would split the line is refused rather than written ambiguously
    for (String bad : List.of("a,b", "a\nb", "a\rb")) {
      FormatException e =
          assertThrows(
              FormatException.class,
              () -> encoder(SPEC, options).encode(Row.withSchema(SPEC).addValues(1, bad).build()));
      assertEquals("name", e.field());
    }
    assertRejected(
        Map.of("csv.disable-quote-character", "true", "csv.quote-character", "'"),
        "csv.disable-quote-character",
        "csv.quote-character");
    assertRejected(Map.of("csv.disable-quote-character", "maybe"), "csv.disable-quote-character");
    // false with a quote character is fine
    assertEquals(
        ALICE,
        single(
            decoder(
                SPEC, Map.of("csv.disable-quote-character", "false", "csv.quote-character", "'")),
            "1,'Alice'"));
  }

  @Test
  void escapeCharacter() throws Exception {
    // Flink's example: escape '*', quote '\'', array ':' and field ';'
    Map<String, String> options =
        Map.of(
            "csv.escape-character", "*",
            "csv.quote-character", "'",
            "csv.array-element-delimiter", ":",
            "csv.field-delimiter", ";");
    var decoder = decoder(STRINGS, options);
    assertEquals("123'4*", single(decoder, "BEGIN;123*'4**;END").getString("f1"));
    assertEquals("a;b'c", single(decoder, "BEGIN;'a;b*'c';END").getString("f1"));

    var backslash = decoder(STRINGS, Map.of("csv.escape-character", "\\"));
    assertEquals(List.of("a,b", "q\"", "z"), single(backslash, "a\\,b,\"q\\\"\",z").getValues());
    Row row = Row.withSchema(STRINGS).addValues("back\\slash", "x", "y").build();
    Map<String, String> esc = Map.of("csv.escape-character", "\\");
    assertEquals(row, single(decoder(STRINGS, esc), encode(encoder(STRINGS, esc), row)));
    assertRejected(Map.of("csv.escape-character", "ab"), "csv.escape-character");
    assertRejected(Map.of("csv.escape-character", ","), "csv.escape-character");
  }

  @Test
  void allowComments() throws Exception {
    Map<String, String> options = Map.of("csv.allow-comments", "true");
    try (IgnoredCount ignored = new IgnoredCount()) {
      assertTrue(decode(decoder(SPEC, options), "#Test,12,Test").isEmpty());
      assertTrue(decode(decoder(SPEC, options), "# a\n# b\n").isEmpty());
      assertEquals(0, ignored.get(), "a comment is not an error");
    }
    assertEquals(ALICE, single(decoder(SPEC, options), "# header\n1,Alice"));
    // a value starting with '#' is quoted when written, so it is not read back as a comment
    Row hash = Row.withSchema(STRINGS).addValues("#x", "y", "z").build();
    assertEquals(hash, single(decoder(STRINGS, options), encode(encoder(STRINGS, options), hash)));
    // without the option '#' is plain text
    assertEquals("#Test", single(decoder(STRINGS, Map.of()), "#Test,12,Test").getString("f0"));
  }

  @Test
  void arrayElementDelimiter() throws Exception {
    Schema schema =
        Schema.builder()
            .addArrayField("tags", FieldType.STRING)
            .addRowField("r", Schema.builder().addStringField("f0").addStringField("f1").build())
            .build();
    Map<String, String> colon = Map.of("csv.array-element-delimiter", ":");
    Row row = single(decoder(schema, colon), "a:b;c,1:hello world");
    assertEquals(List.of("a", "b;c"), row.getArray("tags"));
    assertEquals(List.of("1", "hello world"), row.getRow("r").getValues());
    assertEquals("a:b;c,\"1:hello world\"\n", encode(encoder(schema, colon), row));
    // a delimiter may be longer than one character, as Jackson allows
    Map<String, String> pipes = Map.of("csv.array-element-delimiter", "||");
    assertEquals(
        List.of("a", "b|c"), single(decoder(schema, pipes), "a||b|c,x||y").getArray("tags"));
    assertRejected(Map.of("csv.array-element-delimiter", ""), "csv.array-element-delimiter");
  }

  @Test
  void nullLiteral() throws Exception {
    Map<String, String> options = Map.of("csv.null-literal", "\\N");
    Row nulls = Row.withSchema(SPEC).addValues(null, null).build();
    assertEquals("\\N,\\N\n", encode(encoder(SPEC, options), nulls));
    assertEquals(nulls, single(decoder(SPEC, options), "\\N,\\N"));
    assertEquals(nulls, single(decoder(SPEC, options), "\\N,\"\\N\""));
    // an empty STRING is then distinct from null
    Row empty = Row.withSchema(SPEC).addValues(1, "").build();
    assertEquals("1,\n", encode(encoder(SPEC, options), empty));
    assertEquals(empty, single(decoder(SPEC, options), "1,"));
    // without the option the literal is text
    assertEquals("\\N", single(decoder(SPEC, Map.of()), "1,\\N").getString("name"));

    Schema arrays =
        Schema.builder()
            .addNullableField("a", FieldType.array(FieldType.INT32.withNullable(true)))
            .addNullableField("b", FieldType.array(FieldType.INT32.withNullable(true)))
            .build();
    Map<String, String> nul = Map.of("csv.null-literal", "null");
    Row row = Row.withSchema(arrays).addValues(null, java.util.Arrays.asList(1, null)).build();
    String line = encode(encoder(arrays, nul), row);
    assertEquals("null,1;null\n", line);
    Row back = single(decoder(arrays, nul), line);
    assertNull(back.getValue("a"));
    assertEquals(java.util.Arrays.asList(1, null), back.getArray("b"));
  }

  @Test
  void booleanOptionsAreValidated() {
    assertRejected(Map.of("csv.ignore-parse-errors", "yes"), "csv.ignore-parse-errors");
    assertRejected(Map.of("csv.allow-comments", "1"), "csv.allow-comments");
  }

  @Test
  void unescape() {
    assertEquals("\t", CsvOptions.unescape("\\t"));
    assertEquals("\r\n", CsvOptions.unescape("\\r\\n"));
    assertEquals("\u0001", CsvOptions.unescape("\\u0001"));
    assertEquals("\\", CsvOptions.unescape("\\"));
    assertEquals("\\", CsvOptions.unescape("\\\\"));
    assertEquals("\\x", CsvOptions.unescape("\\x"));
    assertEquals("\\u12", CsvOptions.unescape("\\u12"));
    assertEquals(";", CsvOptions.unescape(";"));
  }
}
