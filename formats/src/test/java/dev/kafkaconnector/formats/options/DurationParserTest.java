package dev.kafkaconnector.formats.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DurationParserTest {

  @Test
  void parsesSpecExamples() {
    assertEquals(Duration.ofMinutes(5), DurationParser.parse("5 min"));
    assertEquals(Duration.ofSeconds(300), DurationParser.parse("300s"));
    assertEquals(Duration.ofMinutes(10), DurationParser.parse("10m"));
    assertEquals(Duration.ofHours(1), DurationParser.parse("1 h"));
    assertEquals(Duration.ofDays(2), DurationParser.parse("2 days"));
    assertEquals(Duration.ofMillis(250), DurationParser.parse("250 ms"));
  }

  @Test
  void numberWithoutUnitIsMilliseconds() {
    assertEquals(Duration.ofMillis(100), DurationParser.parse("100"));
    assertEquals(Duration.ZERO, DurationParser.parse("0"));
  }

  @Test
  void negativeValuesAreAccepted() {
    assertEquals(Duration.ofMillis(-1), DurationParser.parse("-1"));
    assertEquals(Duration.ofMinutes(-5), DurationParser.parse("-5 min"));
    assertTrue(DurationParser.parse("-1").isNegative());
  }

  @Test
  void explicitPlusSign() {
    assertEquals(Duration.ofSeconds(3), DurationParser.parse("+3s"));
  }

  @Test
  void unitsAreCaseInsensitiveAndSurroundingWhitespaceIgnored() {
    assertEquals(Duration.ofMinutes(5), DurationParser.parse("  5 MIN  "));
    assertEquals(Duration.ofSeconds(7), DurationParser.parse("7 Seconds"));
    assertEquals(Duration.ofMinutes(5), DurationParser.parse("5   min"));
  }

  @Test
  void allUnitFamilies() {
    assertEquals(Duration.ofNanos(3), DurationParser.parse("3ns"));
    assertEquals(Duration.ofNanos(3000), DurationParser.parse("3 us"));
    assertEquals(Duration.ofNanos(3000), DurationParser.parse("3 µs"));
    assertEquals(Duration.ofMillis(3), DurationParser.parse("3 milliseconds"));
    assertEquals(Duration.ofSeconds(3), DurationParser.parse("3 sec"));
    assertEquals(Duration.ofMinutes(3), DurationParser.parse("3 minutes"));
    assertEquals(Duration.ofHours(3), DurationParser.parse("3 hours"));
    assertEquals(Duration.ofDays(1), DurationParser.parse("1 d"));
    assertEquals(Duration.ofDays(1), DurationParser.parse("1 day"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"5 y", "5 weeks", "10 mm", "5 min later", "1.5 s", "3 s s"})
  void unknownUnitIsRejected(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DurationParser.parse(text));
    assertTrue(e.getMessage().contains("unknown time unit"), e.getMessage());
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   ", "min", "abc", "-", "+", "- 5", "s5", "five minutes"})
  void missingNumberIsRejected(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DurationParser.parse(text));
    assertTrue(e.getMessage().contains("expected a duration"), e.getMessage());
  }

  @Test
  void numberOutOfLongRangeIsRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DurationParser.parse("99999999999999999999 ms"));
    assertTrue(e.getMessage().contains("out of range"), e.getMessage());
  }

  @Test
  void amountThatOverflowsDurationIsIllegalArgument() {
    assertThrows(
        IllegalArgumentException.class, () -> DurationParser.parse("9223372036854775807 d"));
  }
}
