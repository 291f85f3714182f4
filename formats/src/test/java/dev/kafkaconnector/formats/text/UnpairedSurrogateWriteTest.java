package dev.kafkaconnector.formats.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * A string that UTF-8 (or the raw format's charset) cannot represent is a FormatException when
 * written, never a value silently changed to {@code '?'} (what {@code String.getBytes} and Avro's
 * and protobuf's writers do on their own).
 */
class UnpairedSurrogateWriteTest {
  private static final Schema ROW =
      Schema.builder().addInt64Field("id").addStringField("name").build();
  private static final Schema LINE = Schema.builder().addStringField("line").build();

  private static RowEncoder encoder(String format, Schema schema, Map<String, String> options) {
    return Formats.find(format, "format").createEncoder(schema, FormatContext.of(options));
  }

  @Test
  void findsOnlyUnpairedSurrogates() {
    assertEquals(-1, Utf16.firstUnpairedSurrogate("plain é \uD83D\uDE00 end"));
    assertEquals(1, Utf16.firstUnpairedSurrogate("a\uD800b"));
    assertEquals(1, Utf16.firstUnpairedSurrogate("a\uDC00"));
    assertEquals(0, Utf16.firstUnpairedSurrogate("\uD83D"));
    assertEquals(2, Utf16.firstUnpairedSurrogate("\uD83D\uDE00\uDE00"));
  }

  @Test
  void avroRefusesAnUnpairedSurrogate() throws Exception {
    RowEncoder avro = encoder("avro", ROW, Map.of());
    FormatException e =
        assertThrows(
            FormatException.class,
            () -> avro.encode(Row.withSchema(ROW).addValues(1L, "a\uD800b").build()));
    assertEquals("name", e.field());
    assertTrue(e.getMessage().contains("U+D800"), e.getMessage());
    // A paired surrogate (an emoji) is written as is.
    byte[] ok = avro.encode(Row.withSchema(ROW).addValues(1L, "\uD83D\uDE00").build());
    assertTrue(new String(ok, StandardCharsets.UTF_8).contains("\uD83D\uDE00"));
  }

  @Test
  void rawRefusesWhatItsCharsetCannotRepresent() throws Exception {
    Row lone = Row.withSchema(LINE).addValue("x\uDC00").build();
    FormatException utf8 =
        assertThrows(FormatException.class, () -> encoder("raw", LINE, Map.of()).encode(lone));
    assertEquals("line", utf8.field());
    Row accented = Row.withSchema(LINE).addValue("café").build();
    FormatException ascii =
        assertThrows(
            FormatException.class,
            () -> encoder("raw", LINE, Map.of("raw.charset", "US-ASCII")).encode(accented));
    assertTrue(ascii.getMessage().contains("US-ASCII"), ascii.getMessage());
    assertArrayEquals(
        "café".getBytes(StandardCharsets.ISO_8859_1),
        encoder("raw", LINE, Map.of("raw.charset", "ISO-8859-1")).encode(accented));
    assertArrayEquals(
        "café".getBytes(StandardCharsets.UTF_8), encoder("raw", LINE, Map.of()).encode(accented));
  }
}
