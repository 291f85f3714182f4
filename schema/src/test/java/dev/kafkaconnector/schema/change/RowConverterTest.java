package dev.kafkaconnector.schema.change;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.infer.SchemaMerging;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class RowConverterTest {
  @Test
  void widensIntoTheMergedSchema() {
    Schema narrow =
        Schema.builder()
            .addInt32Field("id")
            .addInt64Field("qty")
            .addField("price", FieldType.logicalType(FixedPrecisionNumeric.of(5, 1)))
            .addField("day", FieldType.logicalType(SqlTypes.DATE))
            .addField("at", FieldType.logicalType(SqlTypes.DATETIME))
            .addField("ts", FieldType.logicalType(SqlTypes.DATETIME))
            .build();
    Schema wide =
        Schema.builder()
            .addInt64Field("id")
            .addDoubleField("qty")
            .addField("price", FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)))
            .addStringField("day")
            .addStringField("at")
            .addField("ts", FieldType.DATETIME)
            .addNullableField("extra", FieldType.STRING)
            .build();
    assertTrue(SchemaMerging.holds(wide, narrow));
    Row row =
        Row.withSchema(narrow)
            .addValues(
                7,
                3L,
                new BigDecimal("1.5"),
                LocalDate.of(2026, 1, 2),
                LocalDateTime.of(2026, 1, 2, 3, 4, 0),
                LocalDateTime.of(1970, 1, 1, 0, 0, 1))
            .build();
    Row out = RowConverter.between(narrow, wide).convert(row);
    assertEquals(7L, out.getInt64("id"));
    assertEquals(3.0, out.getDouble("qty"));
    assertEquals(new BigDecimal("1.50"), out.getDecimal("price"));
    assertEquals("2026-01-02", out.getString("day"));
    assertEquals("2026-01-02 03:04:00", out.getString("at"));
    assertEquals(1000L, out.getDateTime("ts").getMillis());
    assertNull(out.getString("extra"));
    assertEquals(wide, out.getSchema());
  }

  @Test
  void sameSchemaPassesRowsThrough() {
    Schema s = Schema.builder().addInt64Field("id").build();
    Row row = Row.withSchema(s).addValue(1L).build();
    RowConverter converter = RowConverter.between(s, s);
    assertTrue(converter.isIdentity());
    assertSame(row, converter.convert(row));
  }

  @Test
  void narrowingAndUnknownColumnsAreRejectedUnlessProjecting() {
    Schema wide = Schema.builder().addDoubleField("id").addStringField("name").build();
    Schema narrow = Schema.builder().addInt64Field("id").build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RowConverter.between(wide, narrow));
    assertTrue(e.getMessage().contains("'name'"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> RowConverter.projecting(Schema.builder().addDoubleField("id").build(), narrow));
    Schema withName = Schema.builder().addInt64Field("id").addStringField("name").build();
    Row projected =
        RowConverter.projecting(withName, narrow)
            .convert(Row.withSchema(withName).addValues(1L, "a").build());
    assertEquals(List.of(1L), projected.getValues());
  }
}
