package dev.kafkaconnector.runners.bench.formats;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One row of the benchmark's table, an order event of eleven columns, and the table's type for both
 * sides: the Flink SQL type {@link #FLINK_TYPE} and the Beam schema {@link #SCHEMA} that declares
 * the same columns (nullable, as Flink columns are by default).
 *
 * <pre>
 * id BIGINT, name STRING, qty INT, price DOUBLE, amount DECIMAL(10, 2), active BOOLEAN,
 * ts TIMESTAMP(3), `day` DATE, tags ARRAY&lt;STRING&gt;, info ROW&lt;a STRING, b BIGINT&gt;, note STRING
 * </pre>
 *
 * <p>Rows are drawn from a seeded {@link Random}, so every run (and every JMH fork) sees the same
 * messages. Values stay inside what both CSV implementations read identically: tags has one to four
 * elements and no element holds the array delimiter {@code ;}.
 */
record SampleRow(
    long id,
    String name,
    int qty,
    double price,
    BigDecimal amount,
    boolean active,
    LocalDateTime ts,
    LocalDate day,
    List<String> tags,
    String infoA,
    long infoB,
    @Nullable String note) {

  /** The SQL type, as a Flink table definition would declare it. */
  static final String SQL_TYPE =
      "ROW<id BIGINT, name STRING, qty INT, price DOUBLE, amount DECIMAL(10, 2), active BOOLEAN,"
          + " ts TIMESTAMP(3), `day` DATE, tags ARRAY<STRING>, info ROW<a STRING, b BIGINT>,"
          + " note STRING>";

  /** {@link #SQL_TYPE} parsed by Flink. */
  static final RowType FLINK_TYPE =
      (RowType) LogicalTypeParser.parse(SQL_TYPE, SampleRow.class.getClassLoader());

  static final Schema INFO =
      Schema.builder()
          .addNullableField("a", FieldType.STRING)
          .addNullableField("b", FieldType.INT64)
          .build();

  /** {@link #SQL_TYPE} as a Beam schema, with the types the project maps the SQL types to. */
  static final Schema SCHEMA =
      Schema.builder()
          .addNullableField("id", FieldType.INT64)
          .addNullableField("name", FieldType.STRING)
          .addNullableField("qty", FieldType.INT32)
          .addNullableField("price", FieldType.DOUBLE)
          .addNullableField("amount", FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)))
          .addNullableField("active", FieldType.BOOLEAN)
          .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
          .addNullableField("day", FieldType.logicalType(SqlTypes.DATE))
          .addNullableField("tags", FieldType.array(FieldType.STRING.withNullable(true)))
          .addNullableField("info", FieldType.row(INFO))
          .addNullableField("note", FieldType.STRING)
          .build();

  private static final String[] FIRST = {
    "Anna", "Zoë", "Mateo", "Chloé", "Liam", "Søren", "Aiko", "Olivia", "Noah", "Björn", "Priya",
    "Lucas"
  };
  private static final String[] LAST = {
    "Smith",
    "Müller",
    "García",
    "O'Brien",
    "Nakamura",
    "Dubois",
    "Kowalski",
    "Rossi",
    "Ng",
    "Johansson"
  };
  private static final String[] TAGS = {
    "new", "vip", "gift", "express", "returning", "promo-2024", "b2b", "fragile", "eu", "us-west"
  };
  private static final String[] CHANNELS = {"web", "mobile-app", "store", "call-center"};
  private static final String[] NOTES = {
    "leave at the door",
    "call before delivery, please",
    "customer said \"ok\", no changes",
    "gift wrap: blue",
    "invoice to accounting@example.com",
    "Lieferung an Nachbarn möglich"
  };

  /** {@code count} distinct rows, the same for the same seed. */
  static List<SampleRow> generate(int count, long seed) {
    Random random = new Random(seed);
    LocalDateTime start = LocalDateTime.of(2024, 3, 1, 0, 0);
    List<SampleRow> rows = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int tagCount = 1 + random.nextInt(4);
      List<String> tags = new ArrayList<>(tagCount);
      for (int t = 0; t < tagCount; t++) {
        tags.add(TAGS[random.nextInt(TAGS.length)]);
      }
      LocalDateTime ts =
          start.plusNanos(
              random.nextInt(90 * 86_400) * 1_000_000_000L + random.nextInt(1000) * 1_000_000L);
      rows.add(
          new SampleRow(
              1_000_000_000L + i * 7919L,
              FIRST[random.nextInt(FIRST.length)] + " " + LAST[random.nextInt(LAST.length)],
              1 + random.nextInt(500),
              Math.round(random.nextDouble() * 1_000_000) / 100.0,
              BigDecimal.valueOf(random.nextInt(10_000_000), 2),
              random.nextBoolean(),
              ts,
              ts.toLocalDate(),
              tags,
              CHANNELS[random.nextInt(CHANNELS.length)],
              random.nextInt(1_000_000),
              random.nextInt(10) == 0 ? null : NOTES[random.nextInt(NOTES.length)]));
    }
    return rows;
  }
}
