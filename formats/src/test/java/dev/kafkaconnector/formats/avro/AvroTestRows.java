package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;

/** Schemas and rows shared by the avro tests. */
final class AvroTestRows {
  private AvroTestRows() {}

  static final Schema ADDRESS =
      Schema.builder().addStringField("city").addNullableField("zip", FieldType.INT32).build();

  /** Every supported type, NOT NULL. */
  static final Schema ALL_NOT_NULL =
      Schema.builder()
          .addBooleanField("b")
          .addByteField("tiny")
          .addInt16Field("small")
          .addInt32Field("i")
          .addInt64Field("l")
          .addFloatField("f")
          .addDoubleField("d")
          .addDecimalField("dec")
          .addStringField("s")
          .addByteArrayField("bytes")
          .addLogicalTypeField("date", SqlTypes.DATE)
          .addLogicalTypeField("time", SqlTypes.TIME)
          .addLogicalTypeField("ts", SqlTypes.DATETIME)
          .addDateTimeField("ltz")
          .addArrayField("tags", FieldType.STRING)
          .addMapField("attrs", FieldType.STRING, FieldType.INT64)
          .addRowField("address", ADDRESS)
          .addArrayField("addresses", FieldType.row(ADDRESS))
          .addMapField(
              "nested", FieldType.STRING, FieldType.array(FieldType.INT32.withNullable(true)))
          .build();

  /** The same columns, all nullable. */
  static final Schema ALL_NULLABLE = nullable(ALL_NOT_NULL);

  static Schema nullable(Schema schema) {
    Schema.Builder builder = Schema.builder();
    for (Schema.Field field : schema.getFields()) {
      builder.addField(field.withNullable(true));
    }
    return builder.build();
  }

  static Row fullRow(Schema schema) {
    Map<String, Long> attrs = new LinkedHashMap<>();
    attrs.put("a", 1L);
    attrs.put("ü", -2L);
    Map<String, List<Integer>> nested = new LinkedHashMap<>();
    nested.put("x", Arrays.asList(1, null, 3));
    nested.put("empty", List.of());
    return Row.withSchema(schema)
        .attachValues(
            Arrays.asList(
                true,
                (byte) -7,
                (short) 1234,
                -42,
                9_000_000_000L,
                1.5f,
                -2.25d,
                new BigDecimal("12345.678900000000000000"),
                "grüße, 世界 \uD83D\uDE00",
                new byte[] {0, 1, (byte) 0xFF},
                LocalDate.of(2024, 2, 29),
                LocalTime.of(23, 59, 58, 123_000_000),
                LocalDateTime.of(2024, 3, 1, 12, 30, 45, 678_000_000),
                new org.joda.time.Instant(1_700_000_000_123L),
                List.of("a", "", "c"),
                attrs,
                Row.withSchema(ADDRESS).attachValues(Arrays.asList("Paris", 75001)),
                List.of(
                    Row.withSchema(ADDRESS).attachValues(Arrays.asList("Lyon", null)),
                    Row.withSchema(ADDRESS).attachValues(Arrays.asList("Nice", 6000))),
                nested));
  }

  static Row nullRow(Schema schema) {
    return Row.withSchema(schema).attachValues(Arrays.asList(new Object[schema.getFieldCount()]));
  }

  static FormatFactory avro() {
    return Formats.find("avro", "format");
  }

  static FormatContext context(Map<String, String> options) {
    return FormatContext.of(options);
  }

  static List<Row> decode(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = new ArrayList<>();
    decoder.decode(message, rows::add);
    return rows;
  }

  static Row single(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = decode(decoder, message);
    if (rows.size() != 1) {
      throw new AssertionError("expected one row but got " + rows);
    }
    return rows.get(0);
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
