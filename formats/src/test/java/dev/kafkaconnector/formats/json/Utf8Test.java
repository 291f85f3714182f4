package dev.kafkaconnector.formats.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The UTF-8 validator agrees with the JDK's strict decoder. */
class Utf8Test {

  private static boolean jdkValid(byte[] b) {
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  @Test
  void agreesWithTheJdkOnRandomInput() {
    Random random = new Random(7);
    byte[] alphabet = {
      'a',
      '{',
      '"',
      0,
      0x7F,
      (byte) 0x80,
      (byte) 0xBF,
      (byte) 0xC0,
      (byte) 0xC1,
      (byte) 0xC2,
      (byte) 0xDF,
      (byte) 0xE0,
      (byte) 0xA0,
      (byte) 0x9F,
      (byte) 0xED,
      (byte) 0xEF,
      (byte) 0xF0,
      (byte) 0x90,
      (byte) 0x8F,
      (byte) 0xF4,
      (byte) 0xF5,
      (byte) 0xFF
    };
    for (int i = 0; i < 200_000; i++) {
      byte[] b = new byte[random.nextInt(20)];
      for (int k = 0; k < b.length; k++) {
        b[k] = random.nextInt(3) == 0 ? (byte) 'x' : alphabet[random.nextInt(alphabet.length)];
      }
      assertEquals(jdkValid(b), Utf8.firstInvalid(b) < 0, java.util.Arrays.toString(b));
    }
  }

  @Test
  void validTextOfEveryLength() {
    String text = "{\"k\":\"aé€\uD83D\uDE00 plain ascii text that is long enough\"}";
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    for (int n = 0; n <= bytes.length; n++) {
      byte[] prefix = java.util.Arrays.copyOf(bytes, n);
      assertEquals(jdkValid(prefix), Utf8.firstInvalid(prefix) < 0, "prefix " + n);
    }
    assertEquals(-1, Utf8.firstInvalid(bytes));
    byte[] bad = bytes.clone();
    bad[20] = (byte) 0xFF;
    assertEquals(20, Utf8.firstInvalid(bad));
  }
}
