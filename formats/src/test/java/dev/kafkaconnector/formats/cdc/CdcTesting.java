package dev.kafkaconnector.formats.cdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.TestMetrics;
import dev.kafkaconnector.formats.options.Configuration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;

/** Shared helpers of the changelog format tests: codecs through the SPI, replay and fold. */
public final class CdcTesting {
  private CdcTesting() {}

  /** The products table of the sample files (weight as DOUBLE, or FLOAT for Debezium's floats). */
  public static Schema products(FieldType weight) {
    return Schema.builder()
        .addNullableField("id", FieldType.INT32)
        .addNullableField("name", FieldType.STRING)
        .addNullableField("description", FieldType.STRING)
        .addNullableField("weight", weight)
        .build();
  }

  /** A decoder found through the SPI, serialized and deserialized as Beam would. */
  public static RowDecoder decoder(
      String format, Schema schema, Map<String, String> options, String... metadata) {
    FormatContext context =
        new FormatContext(Configuration.of(options), "value", List.of(metadata));
    return SerializableUtils.clone(Formats.find(format, "format").createDecoder(schema, context));
  }

  /** An encoder found through the SPI, serialized and deserialized as Beam would. */
  public static RowEncoder encoder(String format, Schema schema, Map<String, String> options) {
    return SerializableUtils.clone(
        Formats.find(format, "format").createEncoder(schema, FormatContext.of(options)));
  }

  public static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  public static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** All rows of one message. */
  public static List<Row> decode(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = new ArrayList<>();
    decoder.decode(message, rows::add);
    return rows;
  }

  public static List<Row> decode(RowDecoder decoder, String message) throws FormatException {
    return decode(decoder, utf8(message));
  }

  /** Asserts that the message fails, emitting nothing, and returns the error. */
  public static FormatException failure(RowDecoder decoder, byte[] message, String format) {
    FormatException e =
        assertThrows(
            FormatException.class,
            () ->
                decoder.decode(
                    message,
                    row -> {
                      throw new AssertionError("no row may be emitted for a bad message: " + row);
                    }));
    assertEquals(format, e.format());
    return e;
  }

  public static FormatException failure(RowDecoder decoder, String message, String format) {
    return failure(decoder, utf8(message), format);
  }

  /**
   * Asserts that with ignore-parse-errors the message gives no row and counts exactly one ignored
   * error.
   */
  public static void skippedAndCounted(RowDecoder decoder, byte[] message, String format)
      throws FormatException {
    try (TestMetrics metrics = new TestMetrics()) {
      assertEquals(List.of(), decode(decoder, message));
      assertEquals(1, metrics.ignored(format));
    }
  }

  /** 100 000 nested JSON arrays as the value of a member (Jackson stops at 1000 levels). */
  public static String deeplyNested() {
    int depth = 100_000;
    return "[".repeat(depth) + "]".repeat(depth);
  }

  /** A 10 MB string with a non-ASCII character at its end. */
  public static String huge() {
    return "x".repeat(10 * 1024 * 1024) + "é";
  }

  /** The lines of a sample file of src/test/resources/cdc. */
  public static List<String> sample(String file) throws IOException {
    try (InputStream in = CdcTesting.class.getResourceAsStream("/cdc/" + file)) {
      assertNotNull(in, file);
      List<String> lines = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          lines.add(line);
        }
      }
      return lines;
    }
  }

  /**
   * Replays messages through a decoder that appends {@code row-kind} and folds them into a table
   * keyed by {@code id}: +I and +U upsert, -D deletes, -U is ignored. Returns "id name weight".
   */
  public static List<String> replay(RowDecoder decoder, List<String> messages)
      throws FormatException {
    Map<Integer, Row> table = new TreeMap<>();
    for (String message : messages) {
      for (Row row : decode(decoder, message)) {
        String kind = row.getString(FormatMetadata.ROW_KIND);
        Integer id = row.getInt32("id");
        switch (kind) {
          case "+I":
          case "+U":
            table.put(id, row);
            break;
          case "-D":
            table.remove(id);
            break;
          case "-U":
            break;
          default:
            throw new AssertionError("unexpected row kind " + kind);
        }
      }
    }
    List<String> out = new ArrayList<>();
    for (Row row : table.values()) {
      out.add(row.getInt32("id") + " " + row.getString("name") + " " + row.getValue("weight"));
    }
    return out;
  }

  /** The final state of the Debezium sample (SOURCES.md). */
  public static final List<String> DEBEZIUM_FINAL =
      List.of(
          "101 scooter 3.14",
          "102 car battery 8.1",
          "103 12-pack drill bits 0.8",
          "104 hammer 0.75",
          "105 hammer 0.875",
          "106 hammer 1.0",
          "107 rocks 5.1",
          "108 jacket 0.1",
          "109 spare tire 22.2",
          "110 jacket 0.5");

  /** The final state of the Canal and Maxwell samples (SOURCES.md). */
  public static final List<String> CANAL_MAXWELL_FINAL =
      List.of(
          "101 scooter 5.17",
          "104 hammer 0.75",
          "105 hammer 0.875",
          "106 hammer 1.0",
          "107 rocks 5.1",
          "108 jacket 0.1",
          "109 spare tire 22.2",
          "110 jacket 0.5");

  /** Columns of every supported type, nested ones included. */
  public static final Schema INNER =
      Schema.builder()
          .addNullableField("c", FieldType.STRING)
          .addNullableField("d", FieldType.array(FieldType.INT64.withNullable(true)))
          .build();

  public static final Schema ALL_TYPES =
      Schema.builder()
          .addField("id", FieldType.INT32)
          .addNullableField("b", FieldType.BOOLEAN)
          .addNullableField("tiny", FieldType.BYTE)
          .addNullableField("small", FieldType.INT16)
          .addNullableField("big", FieldType.INT64)
          .addNullableField("f", FieldType.FLOAT)
          .addNullableField("dbl", FieldType.DOUBLE)
          .addNullableField("dec", FieldType.DECIMAL)
          .addNullableField("s", FieldType.STRING)
          .addNullableField("bytes", FieldType.BYTES)
          .addNullableField("date", FieldType.logicalType(SqlTypes.DATE))
          .addNullableField("time", FieldType.logicalType(SqlTypes.TIME))
          .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
          .addNullableField("ltz", FieldType.DATETIME)
          .addNullableField("ints", FieldType.array(FieldType.INT32.withNullable(true)))
          .addNullableField(
              "m", FieldType.map(FieldType.STRING, FieldType.DOUBLE.withNullable(true)))
          .addNullableField("r", FieldType.row(INNER))
          .addNullableField("rows", FieldType.array(FieldType.row(INNER)))
          .build();

  /** A row of {@link #ALL_TYPES} with a value in every column. */
  public static Row allTypesRow(int id) {
    Map<String, Double> m = new java.util.LinkedHashMap<>();
    m.put("x", 1.5);
    m.put("y", null);
    return Row.withSchema(ALL_TYPES)
        .addValues(
            id,
            true,
            (byte) -7,
            (short) 300,
            9_007_199_254_740_993L,
            1.25f,
            -2.5e300,
            new java.math.BigDecimal("12345678901234567890.123456789"),
            "héllo \"quoted\" \u2603",
            new byte[] {0, 1, (byte) 0xFF},
            java.time.LocalDate.of(2024, 2, 29),
            java.time.LocalTime.of(23, 59, 58, 123_000_000),
            java.time.LocalDateTime.of(2020, 12, 30, 12, 13, 14, 123_456_000),
            new org.joda.time.Instant(1_600_000_000_123L),
            java.util.Arrays.asList(1, null, 3),
            m,
            Row.withSchema(INNER).addValues("in", java.util.Arrays.asList(5L, null)).build(),
            List.of(
                Row.withSchema(INNER).addValues("a", List.of()).build(),
                Row.withSchema(INNER).addValues(null, null).build()))
        .build();
  }

  /** A row of {@link #ALL_TYPES} with only its id set. */
  public static Row allTypesNulls(int id) {
    List<Object> values = new ArrayList<>();
    values.add(id);
    for (int i = 1; i < ALL_TYPES.getFieldCount(); i++) {
      values.add(null);
    }
    return Row.withSchema(ALL_TYPES).attachValues(values);
  }

  /** {@code schema} with a trailing STRING column {@code row-kind}. */
  public static Schema withRowKind(Schema schema) {
    return Schema.builder()
        .addFields(schema.getFields())
        .addStringField(FormatMetadata.ROW_KIND)
        .build();
  }

  /** {@code row} with the row kind appended (for a schema made by {@link #withRowKind}). */
  public static Row withKind(Row row, String kind) {
    List<Object> values = new ArrayList<>(row.getValues());
    values.add(kind);
    return Row.withSchema(withRowKind(row.getSchema())).attachValues(values);
  }
}
