package dev.kafkaconnector.io.sql.expressions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.TimeZone;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

/** Flink's time functions in expressions: Flink's results, whatever the JVM's time zone. */
class FlinkFunctionsTest {
  private static final Schema COLUMNS =
      Schema.builder()
          .addNullableField("ms", FieldType.INT64)
          .addNullableField("secs", FieldType.INT32)
          .addNullableField("dsecs", FieldType.DOUBLE)
          .addNullableField("dsum", FieldType.DECIMAL)
          .addNullableField("text", FieldType.STRING)
          .addNullableField("wall", FieldType.logicalType(SqlTypes.DATETIME))
          .addNullableField("instant", FieldType.DATETIME)
          .build();

  private static final TimeZone UTC = TimeZone.getTimeZone("UTC");
  private static final TimeZone TOKYO = TimeZone.getTimeZone("Asia/Tokyo");

  /** 2023-11-14T22:13:20.123Z */
  private static final long MS = 1_700_000_000_123L;

  private static Object[] row(Object... values) {
    return values;
  }

  private static final Object[] SAMPLE =
      row(
          MS,
          1_700_000_000,
          1_700_000_000.5,
          new BigDecimal("1700000000.9"),
          "2024-03-01 10:00:00",
          LocalDateTime.parse("2024-03-01T23:30:00.250"),
          Instant.parse("2024-03-01T23:30:00.250Z"));

  private static final Object[] NULLS = new Object[COLUMNS.getFieldCount()];

  /** The Beam value of {@code expression} on {@code values}, in session time zone {@code zone}. */
  private static Object eval(String expression, Object[] values, TimeZone zone) {
    CalciteExpressions compiled =
        CalciteExpressions.compile(COLUMNS, COLUMNS.getFieldCount(), expression, null, zone);
    Object[] calcite = new Object[values.length];
    for (int i = 0; i < values.length; i++) {
      calcite[i] = CalciteTypes.toCalcite(values[i]);
    }
    return CalciteTypes.toBeam(
        compiled.evaluate(calcite)[0], compiled.output().getField(0).getType());
  }

  private static Object eval(String expression) {
    return eval(expression, SAMPLE, UTC);
  }

  private static FieldType type(String expression) {
    return CalciteExpressions.compile(COLUMNS, COLUMNS.getFieldCount(), expression, null, UTC)
        .output()
        .getField(0)
        .getType();
  }

  @Test
  void toTimestampLtzReadsEpochSecondsOrMillisAsAnInstant() {
    assertEquals(FieldType.DATETIME.withNullable(true), type("TO_TIMESTAMP_LTZ(ms, 3)"));
    assertEquals(Instant.parse("2023-11-14T22:13:20.123Z"), eval("TO_TIMESTAMP_LTZ(ms, 3)"));
    assertEquals(Instant.parse("2023-11-14T22:13:20Z"), eval("TO_TIMESTAMP_LTZ(secs, 0)"));
    assertEquals(Instant.parse("2023-11-14T22:13:20.500Z"), eval("TO_TIMESTAMP_LTZ(dsecs, 0)"));
    assertEquals(Instant.parse("2023-11-14T22:13:20Z"), eval("TO_TIMESTAMP_LTZ(dsum, 0)"));
    assertEquals(Instant.parse("1970-01-01T00:00:01.700Z"), eval("TO_TIMESTAMP_LTZ(1700, 3)"));
    // outside years 0000 to 9999: null, as in Flink
    assertNull(eval("TO_TIMESTAMP_LTZ(253402300800, 0)"));
    assertNull(eval("TO_TIMESTAMP_LTZ(ms, 3)", NULLS, UTC));
    IllegalArgumentException precision =
        assertThrows(IllegalArgumentException.class, () -> eval("TO_TIMESTAMP_LTZ(ms, 6)"));
    assertTrue(precision.getMessage().contains("The precision value '6'"), precision.getMessage());
  }

  @Test
  void toTimestampParsesTextAsAZoneLessTimestamp() {
    assertEquals(
        FieldType.logicalType(SqlTypes.DATETIME).withNullable(true), type("TO_TIMESTAMP(text)"));
    assertEquals(LocalDateTime.parse("2024-03-01T10:00:00"), eval("TO_TIMESTAMP(text)"));
    assertEquals(
        LocalDateTime.parse("2024-03-01T09:05:07.123"),
        eval("TO_TIMESTAMP('2024-3-1 9:05:07.123456')"));
    assertEquals(LocalDateTime.parse("2024-03-01T00:00"), eval("TO_TIMESTAMP('2024-03-01')"));
    assertEquals(
        LocalDateTime.parse("2024-03-01T10:00"),
        eval("TO_TIMESTAMP('01/03/2024 10:00', 'dd/MM/yyyy HH:mm')"));
    // missing fields are 1970-01-01 00:00:00; text in the default layout still parses
    assertEquals(LocalDateTime.parse("1970-01-01T10:30"), eval("TO_TIMESTAMP('10:30', 'HH:mm')"));
    assertEquals(LocalDateTime.parse("2024-03-01T10:00"), eval("TO_TIMESTAMP(text, 'dd/MM/yyyy')"));
    assertNull(eval("TO_TIMESTAMP('not a time')"));
    assertNull(eval("TO_TIMESTAMP('not a time', 'yyyy')"));
    assertNull(eval("TO_TIMESTAMP(text)", NULLS, UTC));
    assertNull(eval("TO_TIMESTAMP(text, 'yyyy')", NULLS, UTC));
  }

  @Test
  void fromUnixtimeFormatsEpochSecondsInTheSessionTimeZone() {
    assertEquals(FieldType.STRING.withNullable(true), type("FROM_UNIXTIME(secs)"));
    assertEquals("1970-01-01 00:00:44", eval("FROM_UNIXTIME(44)"));
    assertEquals("1970-01-01 09:00:44", eval("FROM_UNIXTIME(44)", SAMPLE, TOKYO));
    assertEquals("2023/11/14 22", eval("FROM_UNIXTIME(secs, 'yyyy/MM/dd HH')"));
    assertEquals("2023-11-14 22:13:20", eval("FROM_UNIXTIME(dsum)"));
    assertNull(eval("FROM_UNIXTIME(secs)", NULLS, UTC));
  }

  @Test
  void unixTimestampReadsTextInTheSessionTimeZone() {
    assertEquals(FieldType.INT64, type("UNIX_TIMESTAMP()"));
    long before = System.currentTimeMillis() / 1000;
    long now = (Long) eval("UNIX_TIMESTAMP()");
    assertTrue(now >= before && now <= System.currentTimeMillis() / 1000, "" + now);
    assertEquals(1_709_287_200L, eval("UNIX_TIMESTAMP(text)"));
    // Flink's documented examples, session time zone Europe/Berlin
    TimeZone berlin = TimeZone.getTimeZone("Europe/Berlin");
    assertEquals(
        25201L,
        eval(
            "UNIX_TIMESTAMP('1970-01-01 08:00:01.001', 'yyyy-MM-dd HH:mm:ss.SSS')", NULLS, berlin));
    assertEquals(
        1L,
        eval(
            "UNIX_TIMESTAMP('1970-01-01 08:00:01.001 +0800', 'yyyy-MM-dd HH:mm:ss.SSS X')",
            NULLS,
            berlin));
    assertEquals(
        Long.MIN_VALUE,
        eval(
            "UNIX_TIMESTAMP('1970-01-01 08:00:01.001', 'yyyy-MM-dd HH:mm:ss.SSS X')",
            NULLS,
            berlin));
    assertNull(eval("UNIX_TIMESTAMP(text)", NULLS, UTC));
  }

  @Test
  void dateFormatFormatsTimestampsInstantsAndText() {
    assertEquals(FieldType.STRING.withNullable(true), type("DATE_FORMAT(wall, 'yyyy')"));
    assertEquals("2024/03/01 23:30:00.250", eval("DATE_FORMAT(wall, 'yyyy/MM/dd HH:mm:ss.SSS')"));
    // a TIMESTAMP has no zone: the session time zone does not move it
    assertEquals("2024-03-01 23:30", eval("DATE_FORMAT(wall, 'yyyy-MM-dd HH:mm')", SAMPLE, TOKYO));
    // a TIMESTAMP_LTZ is shown in the session time zone
    assertEquals("2024-03-01 23:30", eval("DATE_FORMAT(instant, 'yyyy-MM-dd HH:mm')"));
    assertEquals(
        "2024-03-02 08:30", eval("DATE_FORMAT(instant, 'yyyy-MM-dd HH:mm')", SAMPLE, TOKYO));
    assertEquals("01.03.2024 10h", eval("DATE_FORMAT(text, 'dd.MM.yyyy HH''h''')"));
    assertEquals(
        "2023-11-14", eval("DATE_FORMAT(TO_TIMESTAMP_LTZ(ms, 3), 'yyyy-MM-dd')", SAMPLE, UTC));
    assertNull(eval("DATE_FORMAT('no time', 'yyyy')"));
    assertNull(eval("DATE_FORMAT(wall, 'yyyy')", NULLS, UTC));
    assertNull(eval("DATE_FORMAT(text, 'yyyy')", NULLS, UTC));
  }

  /**
   * Calcite's UDF path converts {@code java.sql.Timestamp} in the JVM's default time zone: these
   * functions must not. The same evaluations under another default zone give the same values.
   */
  @Test
  void resultsDoNotDependOnTheJvmTimeZone() {
    TimeZone before = TimeZone.getDefault();
    try {
      for (String zone : new String[] {"America/St_Johns", "Pacific/Kiritimati", "Europe/Berlin"}) {
        TimeZone.setDefault(TimeZone.getTimeZone(zone));
        toTimestampLtzReadsEpochSecondsOrMillisAsAnInstant();
        toTimestampParsesTextAsAZoneLessTimestamp();
        fromUnixtimeFormatsEpochSecondsInTheSessionTimeZone();
        unixTimestampReadsTextInTheSessionTimeZone();
        dateFormatFormatsTimestampsInstantsAndText();
        // a wall-clock time that does not exist in Berlin (DST gap) still parses as written
        assertEquals(
            LocalDateTime.parse("2024-03-31T02:30"),
            eval("TO_TIMESTAMP('2024-03-31 02:30:00')"),
            zone);
        assertEquals(
            LocalDateTime.parse("2024-03-31T02:30"),
            eval("TO_TIMESTAMP('31.03.2024 02:30', 'dd.MM.yyyy HH:mm')"),
            zone);
      }
    } finally {
      TimeZone.setDefault(before);
    }
  }

  @Test
  void argumentsOfOtherTypesAreRefusedNamingTheFunction() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> type("TO_TIMESTAMP_LTZ(wall, 3)"));
    assertTrue(e.getMessage().contains("TO_TIMESTAMP_LTZ"), e.getMessage());
  }
}
