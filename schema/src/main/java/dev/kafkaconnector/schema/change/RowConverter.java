package dev.kafkaconnector.schema.change;

import dev.kafkaconnector.schema.ColumnType;
import dev.kafkaconnector.schema.SqlTypeRoot;
import dev.kafkaconnector.schema.infer.SchemaMerging;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Converts rows of one schema into rows of another that holds them ({@link SchemaMerging#holds}):
 * the rows a reader produced into the table's evolved schema. Built once per pair of schemas.
 * Columns the target lacks are dropped (only when built with {@link #projecting}); columns the
 * source lacks are null; values are widened along the lattice:
 *
 * <ul>
 *   <li>integers to wider integers, DECIMAL, FLOAT or DOUBLE; DECIMAL to a larger DECIMAL (scale
 *       raised) or DOUBLE;
 *   <li>TIMESTAMP (a local date-time) to TIMESTAMP_LTZ as UTC, between TIMESTAMP_LTZ precisions;
 *   <li>anything to STRING: numbers in plain notation, DATE / TIME in ISO form, TIMESTAMP as {@code
 *       yyyy-MM-dd HH:mm:ss[.fraction]} (the json format's SQL standard), instants in ISO form,
 *       BYTES in Base64, ROW / ARRAY / MAP as their Java text;
 *   <li>ROWs field by field, ARRAYs and MAPs element by element.
 * </ul>
 */
public final class RowConverter implements Serializable {
  private static final long serialVersionUID = 1L;

  private static final DateTimeFormatter SQL_TIMESTAMP =
      new DateTimeFormatterBuilder()
          .appendPattern("uuuu-MM-dd HH:mm:ss")
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .toFormatter();

  /** Converts one non-null value. */
  @FunctionalInterface
  private interface ValueConverter extends Serializable {
    Object convert(Object value);
  }

  private final Schema target;

  /** Per target column: the source column's index, or -1. */
  private final int[] sourceIndex;

  /** Per target column: the converter, or null when the value is kept as is. */
  private final @Nullable ValueConverter[] converters;

  private final boolean identity;

  private RowConverter(Schema source, Schema target, boolean projecting) {
    this.target = target;
    int n = target.getFieldCount();
    this.sourceIndex = new int[n];
    this.converters = new ValueConverter[n];
    if (!projecting) {
      for (Field field : source.getFields()) {
        if (!target.hasField(field.getName())) {
          throw new IllegalArgumentException(
              "column '" + field.getName() + "' is not in the target schema " + target);
        }
      }
    }
    boolean same = source.getFieldCount() == n;
    for (int i = 0; i < n; i++) {
      Field to = target.getField(i);
      if (!source.hasField(to.getName())) {
        if (!Boolean.TRUE.equals(to.getType().getNullable())) {
          throw new IllegalArgumentException(
              "column '" + to.getName() + "' is NOT NULL in the target but missing in the source");
        }
        sourceIndex[i] = -1;
        same = false;
        continue;
      }
      int from = source.indexOf(to.getName());
      sourceIndex[i] = from;
      same &= from == i;
      FieldType fromType = source.getField(from).getType();
      if (Boolean.TRUE.equals(fromType.getNullable())
          && !Boolean.TRUE.equals(to.getType().getNullable())) {
        throw new IllegalArgumentException(
            "column '" + to.getName() + "' is nullable in the source but NOT NULL in the target");
      }
      converters[i] = converter(to.getName(), fromType, to.getType());
      same &= converters[i] == null;
    }
    this.identity = same;
  }

  /**
   * A converter into {@code target}, which must hold every column of {@code source}.
   *
   * @throws IllegalArgumentException naming the column that does not fit
   */
  public static RowConverter between(Schema source, Schema target) {
    return new RowConverter(source, target, false);
  }

  /** A converter into {@code target} that drops the source columns it does not have. */
  public static RowConverter projecting(Schema source, Schema target) {
    return new RowConverter(source, target, true);
  }

  /** Whether the source and target are the same schema (rows pass unchanged). */
  public boolean isIdentity() {
    return identity;
  }

  /** The target schema. */
  public Schema target() {
    return target;
  }

  /** {@code row} in the target schema ({@code row} itself when the schemas are the same). */
  public @Nullable Row convert(@Nullable Row row) {
    if (row == null || identity) {
      return row;
    }
    List<Object> values = new ArrayList<>(sourceIndex.length);
    for (int i = 0; i < sourceIndex.length; i++) {
      Object value = sourceIndex[i] < 0 ? null : row.getValue(sourceIndex[i]);
      ValueConverter c = converters[i];
      values.add(value == null || c == null ? value : c.convert(value));
    }
    return Row.withSchema(target).attachValues(values);
  }

  /** The converter of one column, null when values are kept. */
  private static @Nullable ValueConverter converter(String column, FieldType from, FieldType to) {
    FieldType source = from.withNullable(false);
    FieldType dest = to.withNullable(false);
    if (source.equals(dest)) {
      return null;
    }
    if (!SchemaMerging.mergeTypes(source, dest).equals(dest)) {
      throw new IllegalArgumentException(
          "column '" + column + "' of type " + from + " does not widen to " + to);
    }
    ColumnType in = ColumnType.ofOrNull(source);
    ColumnType out = ColumnType.of(dest);
    SqlTypeRoot root = out.root();
    if (root == SqlTypeRoot.STRING) {
      return value -> text(value);
    }
    if (in == null) {
      throw new IllegalArgumentException("column '" + column + "': no conversion from " + from);
    }
    switch (root) {
      case SMALLINT:
        return value -> ((Number) value).shortValue();
      case INT:
        return value -> ((Number) value).intValue();
      case BIGINT:
        return value -> ((Number) value).longValue();
      case FLOAT:
        return value -> ((Number) value).floatValue();
      case DOUBLE:
        return value -> ((Number) value).doubleValue();
      case DECIMAL:
        return decimal(out);
      case TIMESTAMP_LTZ:
        return instant(dest);
      case ROW:
        RowConverter nested = between(source.getRowSchema(), dest.getRowSchema());
        return value -> nested.convert((Row) value);
      case ARRAY:
        return arrayConverter(column, source, dest);
      case MAP:
        return mapConverter(column, source, dest);
      case BYTES:
        return value -> value;
      default:
        throw new IllegalArgumentException(
            "column '" + column + "': no conversion from " + from + " to " + to);
    }
  }

  /** Converts each element of an array column. */
  private static ValueConverter arrayConverter(String column, FieldType source, FieldType dest) {
    ValueConverter element =
        orIdentity(
            converter(
                column + "[]", source.getCollectionElementType(), dest.getCollectionElementType()));
    return value -> {
      List<Object> list = new ArrayList<>();
      for (Object e : (Iterable<?>) value) {
        list.add(e == null ? null : element.convert(e));
      }
      return list;
    };
  }

  /** Converts each key and value of a map column. */
  private static ValueConverter mapConverter(String column, FieldType source, FieldType dest) {
    ValueConverter key =
        orIdentity(converter(column + ".key", source.getMapKeyType(), dest.getMapKeyType()));
    ValueConverter val =
        orIdentity(converter(column + ".value", source.getMapValueType(), dest.getMapValueType()));
    return value -> {
      Map<Object, Object> map = new LinkedHashMap<>();
      ((Map<?, ?>) value)
          .forEach((k, v) -> map.put(key.convert(k), v == null ? null : val.convert(v)));
      return map;
    };
  }

  private static ValueConverter orIdentity(@Nullable ValueConverter c) {
    return c != null ? c : value -> value;
  }

  private static ValueConverter decimal(ColumnType out) {
    boolean fixed = out.isFixedPrecision();
    int scale = fixed ? out.scale() : 0;
    return value -> {
      BigDecimal d =
          value instanceof BigDecimal big ? big : BigDecimal.valueOf(((Number) value).longValue());
      return fixed && d.scale() < scale ? d.setScale(scale, RoundingMode.UNNECESSARY) : d;
    };
  }

  private static ValueConverter instant(FieldType dest) {
    boolean joda = dest.getTypeName() == Schema.TypeName.DATETIME;
    return value -> {
      java.time.Instant instant;
      if (value instanceof LocalDateTime local) {
        instant = local.toInstant(ZoneOffset.UTC);
      } else if (value instanceof org.joda.time.ReadableInstant readable) {
        instant = java.time.Instant.ofEpochMilli(readable.getMillis());
      } else {
        instant = (java.time.Instant) value;
      }
      return joda ? new org.joda.time.Instant(instant.toEpochMilli()) : instant;
    };
  }

  private static String text(Object value) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof LocalDateTime t) {
      return SQL_TIMESTAMP.format(t);
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    return String.valueOf(value);
  }
}
