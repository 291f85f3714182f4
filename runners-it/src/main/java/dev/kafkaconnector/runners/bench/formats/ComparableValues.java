package dev.kafkaconnector.runners.bench.formats;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Beam rows and Flink's {@link RowData} as plain Java values that compare with {@code equals}: a
 * row or array is a {@link List}, STRING a {@link String}, DECIMAL a {@link java.math.BigDecimal}
 * (scale included), TIMESTAMP a {@link java.time.LocalDateTime}, DATE a {@link LocalDate}, numbers
 * and booleans boxed.
 */
final class ComparableValues {
  private ComparableValues() {}

  /** A Beam row's values, in schema order. */
  static List<Object> of(Row row) {
    Schema schema = row.getSchema();
    List<Object> out = new ArrayList<>(schema.getFieldCount());
    for (int i = 0; i < schema.getFieldCount(); i++) {
      out.add(beam(row.getValue(i), schema.getField(i).getType()));
    }
    return out;
  }

  private static @Nullable Object beam(@Nullable Object value, FieldType type) {
    if (value == null) {
      return null;
    }
    switch (type.getTypeName()) {
      case ROW:
        return of((Row) value);
      case ARRAY:
      case ITERABLE:
        List<Object> elements = new ArrayList<>();
        for (Object element : (Iterable<?>) value) {
          elements.add(beam(element, type.getCollectionElementType()));
        }
        return elements;
      default:
        // Scalars and the logical types used here (DECIMAL(p,s): BigDecimal, TIMESTAMP(3):
        // LocalDateTime, DATE: LocalDate) are already plain Java values.
        return value;
    }
  }

  /** A Flink row's values, in {@code type}'s order. */
  static List<Object> of(RowData row, RowType type) {
    List<Object> out = new ArrayList<>(type.getFieldCount());
    for (int i = 0; i < type.getFieldCount(); i++) {
      LogicalType fieldType = type.getTypeAt(i);
      out.add(flink(RowData.createFieldGetter(fieldType, i).getFieldOrNull(row), fieldType));
    }
    return out;
  }

  private static @Nullable Object flink(@Nullable Object value, LogicalType type) {
    if (value == null) {
      return null;
    }
    LogicalTypeRoot root = type.getTypeRoot();
    switch (root) {
      case CHAR:
      case VARCHAR:
        return ((StringData) value).toString();
      case DECIMAL:
        return ((DecimalData) value).toBigDecimal();
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return ((TimestampData) value).toLocalDateTime();
      case DATE:
        return LocalDate.ofEpochDay((Integer) value);
      case ROW:
        return of((RowData) value, (RowType) type);
      case ARRAY:
        LogicalType elementType = ((ArrayType) type).getElementType();
        ArrayData array = (ArrayData) value;
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(elementType);
        List<Object> elements = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
          elements.add(flink(getter.getElementOrNull(array, i), elementType));
        }
        return elements;
      case BIGINT:
      case INTEGER:
      case SMALLINT:
      case TINYINT:
      case DOUBLE:
      case FLOAT:
      case BOOLEAN:
        return value;
      default:
        throw new IllegalArgumentException("No comparison for Flink type " + type);
    }
  }
}
