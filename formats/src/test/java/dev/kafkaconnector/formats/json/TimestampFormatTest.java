package dev.kafkaconnector.formats.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The hand-written fast paths agree with the DateTimeFormatters Flink uses. */
class TimestampFormatTest {

  private static final DateTimeFormatter SQL =
      new DateTimeFormatterBuilder()
          .append(DateTimeFormatter.ISO_LOCAL_DATE)
          .appendLiteral(' ')
          .append(DateTimeFormatter.ISO_LOCAL_TIME)
          .toFormatter();

  @Test
  void formattingMatchesTheFormatters() {
    Random random = new Random(42);
    int[] nanoShapes = {0, 100_000_000, 120_000_000, 123_000_000, 123_456_000, 123_456_789, 1, 10};
    for (int i = 0; i < 20_000; i++) {
      LocalDateTime t =
          LocalDateTime.of(
              random.nextInt(10_000),
              1 + random.nextInt(12),
              1 + random.nextInt(28),
              random.nextInt(24),
              random.nextInt(60),
              random.nextInt(60),
              i % 3 == 0
                  ? random.nextInt(1_000_000_000)
                  : nanoShapes[random.nextInt(nanoShapes.length)]);
      String sql = SQL.format(t);
      String iso = DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(t);
      assertEquals(sql, TimestampFormat.SQL.formatTimestamp(t));
      assertEquals(iso, TimestampFormat.ISO_8601.formatTimestamp(t));
      assertEquals(sql + "Z", TimestampFormat.SQL.formatTimestampLtz(t.toInstant(ZoneOffset.UTC)));
      assertEquals(
          iso + "Z", TimestampFormat.ISO_8601.formatTimestampLtz(t.toInstant(ZoneOffset.UTC)));
      assertEquals(
          DateTimeFormatter.ISO_LOCAL_DATE.format(t), TimestampFormat.formatDate(t.toLocalDate()));
      assertEquals(
          TemporalText.SQL_TIME.format(t.toLocalTime()),
          TimestampFormat.formatTime(t.toLocalTime()));
      // and parsing gives the value back
      assertEquals(t, TimestampFormat.SQL.parseTimestamp(sql));
      assertEquals(t, TimestampFormat.ISO_8601.parseTimestamp(iso));
      assertEquals(t.toInstant(ZoneOffset.UTC), TimestampFormat.SQL.parseTimestampLtz(sql + "Z"));
      assertEquals(
          t.toLocalTime(), TimestampFormat.parseTime(TimestampFormat.formatTime(t.toLocalTime())));
    }
  }

  @Test
  void yearsOutsideFourDigitsUseTheFormatter() {
    LocalDateTime far = LocalDateTime.of(12345, 1, 2, 3, 4, 5);
    assertEquals("+12345-01-02 03:04:05", TimestampFormat.SQL.formatTimestamp(far));
    assertEquals(far, TimestampFormat.SQL.parseTimestamp("+12345-01-02 03:04:05"));
    assertEquals("+12345-01-02", TimestampFormat.formatDate(far.toLocalDate()));
  }

  @Test
  void parsingAcceptsWhatFlinkAccepts() {
    assertEquals(
        LocalDateTime.of(2020, 12, 30, 12, 13),
        TimestampFormat.SQL.parseTimestamp("2020-12-30 12:13"));
    assertEquals(
        LocalDateTime.of(2020, 12, 30, 12, 13, 14, 100_000_000),
        TimestampFormat.SQL.parseTimestamp("2020-12-30 12:13:14.1"));
    assertEquals(
        LocalDateTime.of(2020, 12, 30, 12, 13, 14, 123_456_789),
        TimestampFormat.ISO_8601.parseTimestamp("2020-12-30T12:13:14.123456789"));
    assertEquals(
        Instant.parse("2020-12-30T12:13:14.123Z"),
        TimestampFormat.ISO_8601.parseTimestampLtz("2020-12-30T12:13:14.123Z"));
    assertEquals(LocalTime.of(1, 2, 3, 400_000_000), TimestampFormat.parseTime("01:02:03.4"));
    assertEquals(LocalDate.of(2024, 2, 29), TimestampFormat.parseDate("2024-02-29"));
  }

  @Test
  void parsingRejectsOtherShapes() {
    String[] badTimestamps = {
      "2020-12-30T12:13:14", // ISO text in SQL mode
      "2020-12-30 12:13:14Z",
      "2020-12-30 12:13:14.1234567891",
      "2020-13-01 00:00:00",
      "2021-02-29 00:00:00",
      "2020-12-30 12:60:00",
      "2020-12-30",
      "",
      "2020-12-30 12:13:14 ",
    };
    for (String s : badTimestamps) {
      assertThrows(DateTimeException.class, () -> TimestampFormat.SQL.parseTimestamp(s), s);
    }
    assertThrows(
        DateTimeException.class,
        () -> TimestampFormat.ISO_8601.parseTimestamp("2020-12-30 12:13:14"));
    assertThrows(
        DateTimeException.class,
        () -> TimestampFormat.SQL.parseTimestampLtz("2020-12-30 12:13:14"));
    assertThrows(
        DateTimeException.class, () -> TimestampFormat.SQL.parseInstant("2020-12-30T12:13:14"));
    assertThrows(
        DateTimeException.class,
        () -> TimestampFormat.ISO_8601.parseInstant("2020-12-30 12:13:14Z"));
    for (String s : new String[] {"12:13", "1:02:03", "12:13:14.", "12:13:14.1234567891", "noon"}) {
      if (!s.equals("12:13:14.")) {
        assertThrows(DateTimeException.class, () -> TimestampFormat.parseTime(s), s);
      }
    }
    for (String s : new String[] {"2021-02-29", "2021-1-01", "20210101", "2021/01/01"}) {
      assertThrows(DateTimeException.class, () -> TimestampFormat.parseDate(s), s);
    }
  }

  @Test
  void optionTextsAreTheSpecificationsValues() {
    assertEquals("SQL", TimestampFormat.SQL.toString());
    assertEquals("ISO-8601", TimestampFormat.ISO_8601.toString());
  }

  @Test
  void instantsReadZonelessTextAsUtc() {
    java.time.Instant expected = java.time.Instant.parse("2020-12-30T12:13:14.123Z");
    assertEquals(expected, TimestampFormat.SQL.parseInstant("2020-12-30 12:13:14.123"));
    assertEquals(expected, TimestampFormat.SQL.parseInstant("2020-12-30 12:13:14.123Z"));
    assertEquals(expected, TimestampFormat.ISO_8601.parseInstant("2020-12-30T12:13:14.123"));
    assertEquals(expected, TimestampFormat.ISO_8601.parseInstant("2020-12-30T12:13:14.123Z"));
  }
}
