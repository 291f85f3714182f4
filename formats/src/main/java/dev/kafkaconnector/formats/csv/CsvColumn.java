package dev.kafkaconnector.formats.csv;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One column of a CSV line and how its field is read and written, worked out once per schema. Like
 * Flink's CSV format, a column is a scalar, an ARRAY of scalars (elements split by {@code
 * csv.array-element-delimiter}) or a ROW of scalars (its fields split the same way, by position).
 * MAP and deeper nesting cannot be written in a CSV field.
 */
final class CsvColumn implements Serializable {
  private static final long serialVersionUID = 1L;

  enum Kind {
    SCALAR,
    ARRAY,
    ROW
  }

  private final String name;
  private final Kind kind;
  private final boolean nullable;
  private final CsvValue[] parts;
  private final boolean[] partNullable;
  private final String[] partNames;
  private final @Nullable Schema rowSchema;

  private CsvColumn(
      String name,
      Kind kind,
      boolean nullable,
      CsvValue[] parts,
      boolean[] partNullable,
      String[] partNames,
      @Nullable Schema rowSchema) {
    this.name = name;
    this.kind = kind;
    this.nullable = nullable;
    this.parts = parts;
    this.partNullable = partNullable;
    this.partNames = partNames;
    this.rowSchema = rowSchema;
  }

  /**
   * The columns of {@code schema}, in order.
   *
   * @throws IllegalArgumentException naming the first column whose type CSV cannot hold
   */
  static List<CsvColumn> of(Schema schema) {
    if (schema.getFieldCount() == 0) {
      throw new IllegalArgumentException("Format 'csv' needs at least one column.");
    }
    List<CsvColumn> columns = new ArrayList<>(schema.getFieldCount());
    for (Schema.Field field : schema.getFields()) {
      columns.add(of(field.getName(), field.getType()));
    }
    return columns;
  }

  private static CsvColumn of(String name, FieldType type) {
    boolean nullable = isNullable(type);
    TypeName typeName = type.getTypeName();
    if (typeName == TypeName.ARRAY || typeName == TypeName.ITERABLE) {
      FieldType element = type.getCollectionElementType();
      CsvValue value = scalar(name, element, "an element of");
      return new CsvColumn(
          name,
          Kind.ARRAY,
          nullable,
          new CsvValue[] {value},
          new boolean[] {isNullable(element)},
          new String[] {name},
          null);
    }
    if (typeName == TypeName.ROW) {
      Schema rowSchema = type.getRowSchema();
      int n = rowSchema.getFieldCount();
      if (n == 0) {
        throw unsupported(name, type, "a ROW column needs at least one field");
      }
      CsvValue[] parts = new CsvValue[n];
      boolean[] partNullable = new boolean[n];
      String[] partNames = new String[n];
      for (int i = 0; i < n; i++) {
        Schema.Field field = rowSchema.getField(i);
        parts[i] = scalar(name, field.getType(), "field '" + field.getName() + "' of");
        partNullable[i] = isNullable(field.getType());
        partNames[i] = name + "." + field.getName();
      }
      return new CsvColumn(name, Kind.ROW, nullable, parts, partNullable, partNames, rowSchema);
    }
    CsvValue value = CsvValue.of(type);
    if (value == null) {
      throw unsupported(
          name,
          type,
          "CSV holds scalars, ARRAY of scalars and ROW of scalars; MAP and nested containers are"
              + " not supported");
    }
    return new CsvColumn(
        name,
        Kind.SCALAR,
        nullable,
        new CsvValue[] {value},
        new boolean[] {nullable},
        new String[] {name},
        null);
  }

  private static CsvValue scalar(String column, FieldType type, String where) {
    CsvValue value = CsvValue.of(type);
    if (value == null) {
      throw new IllegalArgumentException(
          "Format 'csv' cannot hold column '"
              + column
              + "': "
              + where
              + " an ARRAY or ROW column must be a scalar type, but is "
              + type
              + " (only one level of nesting fits in a CSV field).");
    }
    return value;
  }

  private static IllegalArgumentException unsupported(String name, FieldType type, String why) {
    return new IllegalArgumentException(
        "Format 'csv' cannot hold column '" + name + "' of type " + type + ": " + why + ".");
  }

  private static boolean isNullable(FieldType type) {
    return Boolean.TRUE.equals(type.getNullable());
  }

  String name() {
    return name;
  }

  Kind kind() {
    return kind;
  }

  boolean nullable() {
    return nullable;
  }

  /** Whether the field is split into elements (ARRAY or ROW). */
  boolean isContainer() {
    return kind != Kind.SCALAR;
  }

  /** The value of a SCALAR column, the element of an ARRAY, field {@code i} of a ROW. */
  CsvValue part(int i) {
    return parts[i];
  }

  boolean partNullable(int i) {
    return partNullable[i];
  }

  /** The name of part {@code i} for messages: the column, or {@code column.field} in a ROW. */
  String partName(int i) {
    return partNames[i];
  }

  /** The number of fields of a ROW column. */
  int rowArity() {
    return parts.length;
  }

  /** The schema of a ROW column; null for other kinds. */
  @Nullable Schema rowSchema() {
    return rowSchema;
  }
}
