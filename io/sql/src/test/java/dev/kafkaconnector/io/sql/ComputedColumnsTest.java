package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

class ComputedColumnsTest {
  private static final Schema SOURCE =
      Schema.builder()
          .addNullableField("price", FieldType.DECIMAL)
          .addInt32Field("qty")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("tags", FieldType.array(FieldType.STRING))
          .addNullableField("ts", FieldType.DATETIME)
          .build();

  private static final Map<String, String> EXPRESSIONS = new LinkedHashMap<>();

  static {
    EXPRESSIONS.put("total", "price * qty");
    EXPRESSIONS.put("label", "UPPER(name)");
    EXPRESSIONS.put("day", "CAST(ts AS DATE)");
  }

  private static final Schema DECLARED =
      Schema.builder()
          .addFields(SOURCE.getFields())
          .addNullableField("total", FieldType.DECIMAL)
          .addNullableField("label", FieldType.STRING)
          .addNullableField("day", FieldType.logicalType(SqlTypes.DATE))
          .build();

  @Test
  void appendsTheValuesOfTheExpressionsToEachRow() {
    Pipeline p = Pipeline.create();
    Instant at = Instant.parse("2024-03-01T23:30:00Z");
    PCollection<Row> rows =
        p.apply(
                Create.of(
                        Row.withSchema(SOURCE)
                            .addValues(new BigDecimal("2.50"), 4, "pen", List.of("a"), at)
                            .build(),
                        Row.withSchema(SOURCE).addValues(null, 1, null, null, null).build())
                    .withRowSchema(SOURCE))
            .apply(ComputedColumns.of("t", SOURCE, EXPRESSIONS, DECLARED));
    Schema out = rows.getSchema();
    assertEquals(DECLARED.getFieldNames(), out.getFieldNames());
    PAssert.that(rows)
        .containsInAnyOrder(
            Row.withSchema(out)
                .addValues(new BigDecimal("2.50"), 4, "pen", List.of("a"), at)
                .addValues(new BigDecimal("10.00"), "PEN", LocalDate.of(2024, 3, 1))
                .build(),
            Row.withSchema(out).addValues(null, 1, null, null, null, null, null, null).build());
    p.run().waitUntilFinish();
  }

  @Test
  void timestampExpressionsAndProctimeFillBeamSqlTimestampColumns() {
    Schema source = Schema.builder().addNullableField("text", FieldType.STRING).build();
    Map<String, String> expressions = new LinkedHashMap<>();
    expressions.put("at", "CAST(text AS TIMESTAMP(3))");
    expressions.put("pt", "PROCTIME()");
    Schema declared =
        Schema.builder()
            .addFields(source.getFields())
            .addNullableField("at", FieldType.DATETIME)
            .addNullableField("pt", FieldType.DATETIME)
            .build();
    Pipeline p = Pipeline.create();
    long before = System.currentTimeMillis();
    PCollection<Row> rows =
        p.apply(
                Create.of(Row.withSchema(source).addValue("2024-03-01 23:30:00.250").build())
                    .withRowSchema(source))
            .apply(ComputedColumns.of("t", source, expressions, declared));
    PAssert.that(rows)
        .satisfies(
            all -> {
              Row r = all.iterator().next();
              assertEquals(Instant.parse("2024-03-01T23:30:00.250Z"), r.getDateTime("at"));
              long pt = r.getDateTime("pt").getMillis();
              assertTrue(pt >= before - 1000 && pt <= System.currentTimeMillis() + 1000, "" + pt);
              return null;
            });
    p.run().waitUntilFinish();
  }

  @Test
  void aDeclaredTypeOtherThanTheExpressionsIsRefused() {
    Schema declared =
        Schema.builder()
            .addFields(SOURCE.getFields())
            .addNullableField("total", FieldType.INT64)
            .addNullableField("label", FieldType.STRING)
            .addNullableField("day", FieldType.logicalType(SqlTypes.DATE))
            .build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ComputedColumns.of("t", SOURCE, EXPRESSIONS, declared));
    assertTrue(
        e.getMessage().startsWith("computed column 'total' AS price * qty is declared INT64"),
        e.getMessage());
    assertTrue(e.getMessage().contains("the expression gives DECIMAL"), e.getMessage());
  }

  @Test
  void anExpressionOverAnArrayColumnNamesTheColumnsItCannotRead() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ComputedColumns.types(SOURCE, Map.of("n", "CARDINALITY(tags)")));
    assertTrue(e.getMessage().startsWith("computed column 'n' AS CARDINALITY(tags): "));
    assertTrue(e.getMessage().endsWith("ARRAY, MAP or ROW: [tags])"), e.getMessage());
  }

  @Test
  void anExpressionThatFailsOnARowFailsTheJobNamingTheTable() {
    Schema source = Schema.builder().addNullableField("text", FieldType.STRING).build();
    Schema declared =
        Schema.builder()
            .addFields(source.getFields())
            .addNullableField("n", FieldType.INT32)
            .build();
    Pipeline p = Pipeline.create();
    p.apply(Create.of(Row.withSchema(source).addValue("x1").build()).withRowSchema(source))
        .apply(ComputedColumns.of("t", source, Map.of("n", "CAST(text AS INT)"), declared));
    RuntimeException e = assertThrows(RuntimeException.class, () -> p.run().waitUntilFinish());
    String all = String.valueOf(e.getMessage()) + " " + e.getCause();
    assertTrue(all.contains("Table 't': computed columns ((CAST(text AS INT)) AS `n`)"), all);
  }

  @Test
  void aWatermarkOnAComputedColumnIsTheExpressionEvaluatedOnEachReadRow() throws Exception {
    ComputedEventTime eventTime =
        ComputedColumns.eventTime(
            "orders", SOURCE, "at", "TIMESTAMPADD(SECOND, qty, CAST(name AS TIMESTAMP(3)))");
    Row row =
        Row.withSchema(SOURCE)
            .addValues(BigDecimal.ONE, 5, "2024-03-01 10:00:00", null, null)
            .build();
    // serializable, as the source ships it to the workers, and compiled there on first use
    ComputedEventTime shipped =
        (ComputedEventTime) org.apache.beam.sdk.util.SerializableUtils.clone(eventTime);
    assertEquals(Instant.parse("2024-03-01T10:00:05Z"), shipped.eventTime(row));
    assertEquals(
        null,
        shipped.eventTime(Row.withSchema(SOURCE).addValues(null, 1, null, null, null).build()));
    assertTrue(
        shipped.toString().contains("computed column 'at' AS TIMESTAMPADD"), shipped.toString());
    IllegalArgumentException notATime =
        assertThrows(
            IllegalArgumentException.class,
            () -> ComputedColumns.eventTime("orders", SOURCE, "n", "qty + 1"));
    assertTrue(
        notATime.getMessage().contains("the event time must be a TIMESTAMP or TIMESTAMP_LTZ"),
        notATime.getMessage());
  }

  /**
   * Flink's time functions in computed columns ({@code ts AS TO_TIMESTAMP_LTZ(ts_ms, 3)}, {@code at
   * AS TO_TIMESTAMP(text)}) and in the watermark's column; unknown functions are named.
   */
  @Test
  void flinkTimeFunctionsFillComputedColumnsAndTheEventTime() {
    Schema source =
        Schema.builder()
            .addNullableField("ts_ms", FieldType.INT64)
            .addNullableField("text", FieldType.STRING)
            .build();
    Map<String, String> expressions = new LinkedHashMap<>();
    expressions.put("ts", "TO_TIMESTAMP_LTZ(ts_ms, 3)");
    expressions.put("at", "TO_TIMESTAMP(text)");
    expressions.put("day", "FROM_UNIXTIME(ts_ms / 1000, 'yyyy-MM-dd')");
    Schema types = ComputedColumns.types(source, expressions);
    assertEquals(FieldType.DATETIME.withNullable(true), types.getField("ts").getType());
    assertEquals(
        FieldType.logicalType(SqlTypes.DATETIME).withNullable(true),
        types.getField("at").getType());
    Schema declared =
        Schema.builder()
            .addFields(source.getFields())
            .addNullableField("ts", FieldType.DATETIME)
            .addNullableField("at", FieldType.DATETIME)
            .addNullableField("day", FieldType.STRING)
            .build();
    Pipeline p = Pipeline.create();
    PCollection<Row> rows =
        p.apply(
                Create.of(
                        Row.withSchema(source)
                            .addValues(1_700_000_000_123L, "2024-03-01 10:00:00")
                            .build(),
                        Row.withSchema(source).addValues(null, "no time").build())
                    .withRowSchema(source))
            .apply(ComputedColumns.of("t", source, expressions, declared));
    Schema out = rows.getSchema();
    PAssert.that(rows)
        .containsInAnyOrder(
            Row.withSchema(out)
                .addValues(1_700_000_000_123L, "2024-03-01 10:00:00")
                .addValues(
                    Instant.parse("2023-11-14T22:13:20.123Z"),
                    Instant.parse("2024-03-01T10:00:00Z"),
                    "2023-11-14")
                .build(),
            Row.withSchema(out).addValues(null, "no time", null, null, null).build());
    p.run().waitUntilFinish();

    ComputedEventTime eventTime =
        ComputedColumns.eventTime("orders", source, "ts", "TO_TIMESTAMP_LTZ(ts_ms, 3)");
    TimeZone before = TimeZone.getDefault();
    try {
      TimeZone.setDefault(TimeZone.getTimeZone("America/St_Johns"));
      assertEquals(
          Instant.parse("2023-11-14T22:13:20.123Z"),
          eventTime.eventTime(Row.withSchema(source).addValues(1_700_000_000_123L, null).build()));
      assertEquals(
          Instant.parse("2024-03-01T10:00:00Z"),
          ComputedColumns.eventTime("orders", source, "at", "TO_TIMESTAMP(text)")
              .eventTime(Row.withSchema(source).addValues(null, "2024-03-01 10:00:00").build()));
    } finally {
      TimeZone.setDefault(before);
    }

    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () -> ComputedColumns.types(source, Map.of("d", "TO_DATE(text)")));
    assertTrue(
        unknown
            .getMessage()
            .startsWith(
                "computed column 'd' AS TO_DATE(text): function TO_DATE"
                    + " is not supported here"),
        unknown.getMessage());
    assertTrue(unknown.getMessage().contains("TO_TIMESTAMP_LTZ"), unknown.getMessage());
  }
}
