package dev.kafkaconnector.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.EnumerationType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedBytes;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.FixedString;
import org.apache.beam.sdk.schemas.logicaltypes.NanosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.schemas.logicaltypes.VariableBytes;
import org.apache.beam.sdk.schemas.logicaltypes.VariableString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ColumnTypeTest {
  private static final FieldType ROW = FieldType.row(Schema.builder().addInt32Field("a").build());

  /** Every Beam spelling of every root. */
  static Stream<Arguments> spellings() {
    return Stream.of(
        Arguments.of(FieldType.BOOLEAN, SqlTypeRoot.BOOLEAN),
        Arguments.of(FieldType.BYTE, SqlTypeRoot.TINYINT),
        Arguments.of(FieldType.INT16, SqlTypeRoot.SMALLINT),
        Arguments.of(FieldType.INT32, SqlTypeRoot.INT),
        Arguments.of(FieldType.INT64, SqlTypeRoot.BIGINT),
        Arguments.of(FieldType.FLOAT, SqlTypeRoot.FLOAT),
        Arguments.of(FieldType.DOUBLE, SqlTypeRoot.DOUBLE),
        Arguments.of(FieldType.DECIMAL, SqlTypeRoot.DECIMAL),
        Arguments.of(FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)), SqlTypeRoot.DECIMAL),
        Arguments.of(FieldType.STRING, SqlTypeRoot.STRING),
        Arguments.of(FieldType.logicalType(FixedString.of(3)), SqlTypeRoot.STRING),
        Arguments.of(FieldType.logicalType(VariableString.of(20)), SqlTypeRoot.STRING),
        Arguments.of(FieldType.BYTES, SqlTypeRoot.BYTES),
        Arguments.of(FieldType.logicalType(FixedBytes.of(16)), SqlTypeRoot.BYTES),
        Arguments.of(FieldType.logicalType(VariableBytes.of(16)), SqlTypeRoot.BYTES),
        Arguments.of(FieldType.logicalType(SqlTypes.DATE), SqlTypeRoot.DATE),
        Arguments.of(FieldType.logicalType(SqlTypes.TIME), SqlTypeRoot.TIME),
        Arguments.of(FieldType.logicalType(SqlTypes.DATETIME), SqlTypeRoot.TIMESTAMP),
        Arguments.of(FieldType.DATETIME, SqlTypeRoot.TIMESTAMP_LTZ),
        Arguments.of(FieldType.logicalType(SqlTypes.TIMESTAMP), SqlTypeRoot.TIMESTAMP_LTZ),
        Arguments.of(FieldType.logicalType(new NanosInstant()), SqlTypeRoot.TIMESTAMP_LTZ),
        Arguments.of(FieldType.array(FieldType.STRING), SqlTypeRoot.ARRAY),
        Arguments.of(FieldType.iterable(FieldType.STRING), SqlTypeRoot.ARRAY),
        Arguments.of(FieldType.map(FieldType.STRING, FieldType.INT64), SqlTypeRoot.MAP),
        Arguments.of(ROW, SqlTypeRoot.ROW));
  }

  @ParameterizedTest
  @MethodSource("spellings")
  void classifiesEveryRoot(FieldType type, SqlTypeRoot root) {
    ColumnType column = ColumnType.of(type);
    assertSame(root, column.root());
    assertSame(type, column.fieldType());
    assertFalse(column.nullable());
    assertSame(root, SqlTypeRoot.of(type));
  }

  @ParameterizedTest
  @MethodSource("spellings")
  void nullabilityDoesNotChangeTheRoot(FieldType type, SqlTypeRoot root) {
    ColumnType column = ColumnType.of(type.withNullable(true));
    assertSame(root, column.root());
    assertTrue(column.nullable());
  }

  @Test
  void theSpellingsCoverEveryRoot() {
    Set<SqlTypeRoot> seen = EnumSet.noneOf(SqlTypeRoot.class);
    spellings().forEach(a -> seen.add((SqlTypeRoot) a.get()[1]));
    assertEquals(EnumSet.allOf(SqlTypeRoot.class), seen);
  }

  @Test
  void decimalPrecisionAndScale() {
    ColumnType plain = ColumnType.of(FieldType.DECIMAL);
    assertFalse(plain.isFixedPrecision());
    assertEquals(ColumnType.DEFAULT_DECIMAL_PRECISION, plain.precision());
    assertEquals(ColumnType.DEFAULT_DECIMAL_SCALE, plain.scale());
    assertEquals("DECIMAL", plain.toString());

    ColumnType fixed = ColumnType.of(FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)));
    assertTrue(fixed.isFixedPrecision());
    assertEquals(10, fixed.precision());
    assertEquals(2, fixed.scale());
    assertEquals("DECIMAL(10, 2)", fixed.toString());

    // FixedPrecisionNumeric.of(scale) has an unbounded precision (-1): the default stands in
    ColumnType scaleOnly = ColumnType.of(FieldType.logicalType(FixedPrecisionNumeric.of(4)));
    assertTrue(scaleOnly.isFixedPrecision());
    assertEquals(ColumnType.DEFAULT_DECIMAL_PRECISION, scaleOnly.precision());
    assertEquals(4, scaleOnly.scale());
  }

  @Test
  void instantPrecisionFollowsTheBeamType() {
    assertEquals(3, ColumnType.of(FieldType.DATETIME).precision());
    assertEquals(6, ColumnType.of(FieldType.logicalType(SqlTypes.TIMESTAMP)).precision());
    assertEquals(9, ColumnType.of(FieldType.logicalType(new NanosInstant())).precision());
    assertEquals("TIMESTAMP_LTZ(3)", ColumnType.of(FieldType.DATETIME).toString());
  }

  @Test
  void onlyDecimalAndInstantsHaveAPrecision() {
    ColumnType date = ColumnType.of(FieldType.logicalType(SqlTypes.DATE));
    assertThrows(IllegalStateException.class, date::precision);
    assertThrows(IllegalStateException.class, date::scale);
    assertThrows(IllegalStateException.class, ColumnType.of(FieldType.DATETIME)::scale);
    assertFalse(ColumnType.of(FieldType.INT32).isFixedPrecision());
  }

  @Test
  void anUnsupportedLogicalTypeIsNamed() {
    for (FieldType type :
        List.of(
            FieldType.logicalType(SqlTypes.UUID),
            FieldType.logicalType(EnumerationType.create("RED", "GREEN")).withNullable(true))) {
      String id = type.getLogicalType().getIdentifier();
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ColumnType.of(type));
      assertTrue(e.getMessage().contains(id), e.getMessage());
      assertTrue(e.getMessage().contains("no SQL type"), e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> SqlTypeRoot.of(type));
      assertNull(ColumnType.ofOrNull(type));
    }
  }

  @Test
  void containersAreClassifiedWhateverTheirElements() {
    FieldType uuid = FieldType.logicalType(SqlTypes.UUID);
    assertSame(SqlTypeRoot.ARRAY, SqlTypeRoot.of(FieldType.array(uuid)));
    assertSame(SqlTypeRoot.MAP, SqlTypeRoot.of(FieldType.map(FieldType.STRING, uuid)));
  }

  /** {@link SqlType#parse} produces, for each keyword, a Beam type of that root. */
  @Test
  void theParserAgreesWithTheClassification() {
    List<String> mismatches = new ArrayList<>();
    for (SqlTypeRoot root : SqlTypeRoot.values()) {
      String sql;
      switch (root) {
        case ARRAY:
          sql = "ARRAY<INT>";
          break;
        case MAP:
          sql = "MAP<STRING, INT>";
          break;
        case ROW:
          sql = "ROW<a INT>";
          break;
        default:
          sql = root.name();
      }
      if (SqlTypeRoot.of(SqlType.parse(sql)) != root) {
        mismatches.add(sql);
      }
    }
    assertEquals(List.of(), mismatches);
    assertSame(SqlTypeRoot.STRING, SqlTypeRoot.of(SqlType.parse("VARCHAR(10)")));
    assertSame(SqlTypeRoot.BYTES, SqlTypeRoot.of(SqlType.parse("BINARY(4)")));
    assertSame(
        SqlTypeRoot.TIMESTAMP_LTZ,
        SqlTypeRoot.of(SqlType.parse("TIMESTAMP(3) WITH LOCAL TIME ZONE")));
  }

  @Test
  void toSqlWritesTheClassification() {
    assertEquals(
        "DECIMAL(10, 2) NOT NULL",
        SqlType.toSql(FieldType.logicalType(FixedPrecisionNumeric.of(10, 2))));
    assertEquals(
        "TIMESTAMP_LTZ(6)",
        SqlType.toSql(FieldType.logicalType(SqlTypes.TIMESTAMP).withNullable(true)));
    assertEquals("STRING NOT NULL", SqlType.toSql(FieldType.logicalType(VariableString.of(5))));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SqlType.toSql(FieldType.array(FieldType.logicalType(SqlTypes.UUID))));
    assertTrue(e.getMessage().contains(SqlTypes.UUID.getIdentifier()), e.getMessage());
  }
}
