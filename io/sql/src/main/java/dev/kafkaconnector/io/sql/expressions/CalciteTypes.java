package dev.kafkaconnector.io.sql.expressions;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.avatica.util.ByteString;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.type.RelDataType;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;
import org.joda.time.ReadableInstant;

/**
 * Beam column types and values in Calcite's terms and back: integers, floating point, DECIMAL,
 * STRING, BOOLEAN, BYTES, DATE, TIME, TIMESTAMP (Beam's {@code SqlTypes}) and TIMESTAMP_LTZ (Beam's
 * DATETIME instant). Calcite's generated code holds DATE as days, TIME as milliseconds of the day,
 * timestamps as epoch milliseconds and bytes as {@code ByteString}.
 */
public final class CalciteTypes {
  private static final int DECIMAL_PRECISION = 19;
  private static final int DECIMAL_SCALE = 6;

  private CalciteTypes() {}

  public static RelDataType rowType(RelDataTypeFactory factory, Schema schema) {
    RelDataTypeFactory.Builder builder = factory.builder();
    for (Field field : schema.getFields()) {
      builder.add(field.getName(), calciteType(factory, field));
    }
    return builder.build();
  }

  /** Whether expressions can read a column of {@code field}'s type (not ARRAY, MAP, ROW, …). */
  public static boolean supported(Field field) {
    try {
      calciteType(new JavaTypeFactoryImpl(), field);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static RelDataType calciteType(RelDataTypeFactory factory, Field field) {
    FieldType type = field.getType();
    RelDataType base;
    switch (type.getTypeName()) {
      case BYTE -> base = factory.createSqlType(SqlTypeName.TINYINT);
      case INT16 -> base = factory.createSqlType(SqlTypeName.SMALLINT);
      case INT32 -> base = factory.createSqlType(SqlTypeName.INTEGER);
      case INT64 -> base = factory.createSqlType(SqlTypeName.BIGINT);
      case FLOAT -> base = factory.createSqlType(SqlTypeName.REAL);
      case DOUBLE -> base = factory.createSqlType(SqlTypeName.DOUBLE);
      case DECIMAL ->
          base = factory.createSqlType(SqlTypeName.DECIMAL, DECIMAL_PRECISION, DECIMAL_SCALE);
      case STRING -> base = factory.createSqlType(SqlTypeName.VARCHAR);
      case BOOLEAN -> base = factory.createSqlType(SqlTypeName.BOOLEAN);
      case BYTES -> base = factory.createSqlType(SqlTypeName.VARBINARY);
      case DATETIME -> base = factory.createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 3);
      case LOGICAL_TYPE -> base = logical(factory, field);
      default -> throw unsupported(field);
    }
    return factory.createTypeWithNullability(base, Boolean.TRUE.equals(type.getNullable()));
  }

  private static RelDataType logical(RelDataTypeFactory factory, Field field) {
    String id = field.getType().getLogicalType().getIdentifier();
    if (id.equals(SqlTypes.DATE.getIdentifier())) {
      return factory.createSqlType(SqlTypeName.DATE);
    } else if (id.equals(SqlTypes.TIME.getIdentifier())) {
      return factory.createSqlType(SqlTypeName.TIME, 3);
    } else if (id.equals(SqlTypes.DATETIME.getIdentifier())) {
      return factory.createSqlType(SqlTypeName.TIMESTAMP, 3);
    }
    throw unsupported(field);
  }

  private static IllegalArgumentException unsupported(Field field) {
    return new IllegalArgumentException(
        "column '"
            + field.getName()
            + "' has a type transform expressions do not support: "
            + field.getType());
  }

  public static FieldType beamType(RelDataType type) {
    FieldType base =
        switch (type.getSqlTypeName()) {
          case TINYINT -> FieldType.BYTE;
          case SMALLINT -> FieldType.INT16;
          case INTEGER -> FieldType.INT32;
          case BIGINT -> FieldType.INT64;
          case REAL -> FieldType.FLOAT;
          case FLOAT, DOUBLE -> FieldType.DOUBLE;
          case DECIMAL -> FieldType.DECIMAL;
          case CHAR, VARCHAR, NULL -> FieldType.STRING;
          case BOOLEAN -> FieldType.BOOLEAN;
          case BINARY, VARBINARY -> FieldType.BYTES;
          case DATE -> FieldType.logicalType(SqlTypes.DATE);
          case TIME -> FieldType.logicalType(SqlTypes.TIME);
          case TIMESTAMP -> FieldType.logicalType(SqlTypes.DATETIME);
          case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> FieldType.DATETIME;
          default ->
              throw new IllegalArgumentException(
                  "an expression gives the type " + type + ", which has no column type here");
        };
    return base.withNullable(type.isNullable() || type.getSqlTypeName() == SqlTypeName.NULL);
  }

  /** A Beam value as the compiled code reads it. */
  public static @Nullable Object toCalcite(@Nullable Object value) {
    if (value instanceof byte[] bytes) {
      return new ByteString(bytes);
    } else if (value instanceof LocalDate date) {
      return (int) date.toEpochDay();
    } else if (value instanceof LocalTime time) {
      return (int) (time.toNanoOfDay() / 1_000_000L);
    } else if (value instanceof LocalDateTime timestamp) {
      return timestamp.toInstant(ZoneOffset.UTC).toEpochMilli();
    } else if (value instanceof ReadableInstant instant) {
      return instant.getMillis();
    }
    return value;
  }

  /** A value the compiled code gave, as a Beam value of {@code type}. */
  public static @Nullable Object toBeam(@Nullable Object value, FieldType type) {
    if (value == null) {
      return null;
    }
    TypeName name = type.getTypeName();
    if (value instanceof Number n) {
      switch (name) {
        case BYTE:
          return n.byteValue();
        case INT16:
          return n.shortValue();
        case INT32:
          return n.intValue();
        case INT64:
          return n.longValue();
        case FLOAT:
          return n.floatValue();
        case DOUBLE:
          return n.doubleValue();
        case DECIMAL:
          return n instanceof BigDecimal d ? d : new BigDecimal(n.toString());
        case DATETIME:
          return new Instant(n.longValue());
        case LOGICAL_TYPE:
          String id = type.getLogicalType().getIdentifier();
          if (id.equals(SqlTypes.DATE.getIdentifier())) {
            return LocalDate.ofEpochDay(n.longValue());
          } else if (id.equals(SqlTypes.TIME.getIdentifier())) {
            return LocalTime.ofNanoOfDay(n.longValue() * 1_000_000L);
          }
          return LocalDateTime.ofEpochSecond(
              Math.floorDiv(n.longValue(), 1000L),
              (int) Math.floorMod(n.longValue(), 1000L) * 1_000_000,
              ZoneOffset.UTC);
        default:
          break;
      }
    }
    if (value instanceof ByteString bytes) {
      return bytes.getBytes();
    }
    if (name == TypeName.STRING) {
      return value.toString();
    }
    return value;
  }
}
