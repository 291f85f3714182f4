package dev.kafkaconnector.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlTypeTest {
  private static final FieldType DATE =
      FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.DATE);
  private static final FieldType TIME =
      FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.TIME);
  private static final FieldType TIMESTAMP =
      FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.DATETIME);

  @Test
  void primitivesAreNullableUnlessNotNull() {
    assertEquals(FieldType.INT64.withNullable(true), SqlType.parse("BIGINT"));
    assertEquals(FieldType.INT64, SqlType.parse("bigint NOT NULL"));
    assertEquals(FieldType.DECIMAL.withNullable(true), SqlType.parse("DECIMAL(18, 2)"));
    assertEquals(FieldType.STRING.withNullable(true), SqlType.parse("VARCHAR(200)"));
    assertEquals(FieldType.BYTES.withNullable(true), SqlType.parse("VARBINARY"));
    assertEquals(FieldType.DATETIME.withNullable(true), SqlType.parse("TIMESTAMP_LTZ(3)"));
    assertEquals(FieldType.DATETIME, SqlType.parse("TIMESTAMP(3) WITH LOCAL TIME ZONE NOT NULL"));
    assertEquals(TIMESTAMP.withNullable(true), SqlType.parse("TIMESTAMP(6)"));
    assertEquals(DATE.withNullable(true), SqlType.parse("DATE"));
    assertEquals(TIME.withNullable(true), SqlType.parse("TIME(0)"));
    assertEquals(FieldType.DOUBLE.withNullable(true), SqlType.parse("DOUBLE PRECISION"));
  }

  @Test
  void nestedTypes() {
    FieldType row =
        FieldType.row(
                Schema.builder()
                    .addNullableField("f1", FieldType.STRING)
                    .addNullableField("f2", FieldType.INT32)
                    .build())
            .withNullable(true);
    assertEquals(
        FieldType.array(row).withNullable(true), SqlType.parse("ARRAY<ROW<f1 STRING, f2 INT>>"));
    assertEquals(
        FieldType.map(
                FieldType.STRING.withNullable(true),
                FieldType.map(
                        FieldType.STRING.withNullable(true), FieldType.INT32.withNullable(true))
                    .withNullable(true))
            .withNullable(true),
        SqlType.parse("MAP<STRING,MAP<STRING,INT>>"));
    assertEquals(row, SqlType.parse("ROW(`f1` STRING 'a comment', f2 INT)"));
  }

  @Test
  void theSpecsNestedJsonTable() {
    Schema schema =
        SqlType.parseColumns(
            "id BIGINT, name STRING, `date` DATE, obj ROW<time1 TIME,str STRING,lg BIGINT>,"
                + " arr ARRAY<STRING>, rowinarr ARRAY<ROW<f1 STRING,f2 INT>>, `time` TIME,"
                + " `timestamp` TIMESTAMP(3), `map` MAP<STRING,BIGINT>,"
                + " mapinmap MAP<STRING,MAP<STRING,INT>>");
    assertEquals(
        List.of(
            "id", "name", "date", "obj", "arr", "rowinarr", "time", "timestamp", "map", "mapinmap"),
        schema.getFieldNames());
    assertEquals(TIMESTAMP.withNullable(true), schema.getField("timestamp").getType());
  }

  @Test
  void toSqlIsTheInverse() {
    for (String sql :
        List.of(
            "BIGINT NOT NULL",
            "ARRAY<ROW<`a` INT, `b` MAP<STRING NOT NULL, DOUBLE>>>",
            "DATE",
            "TIMESTAMP",
            "TIMESTAMP_LTZ(3) NOT NULL",
            "DECIMAL",
            "BYTES")) {
      FieldType type = SqlType.parse(sql);
      assertEquals(type, SqlType.parse(SqlType.toSql(type)), sql);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "FOO",
        "ARRAY<INT",
        "MAP<STRING>",
        "ROW<a>",
        "INT NOT",
        "DECIMAL(10,2",
        "INT INT"
      })
  void errorsSayWhere(String sql) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SqlType.parse(sql));
    assertTrue(e.getMessage().contains("at position"), e.getMessage());
  }
}
