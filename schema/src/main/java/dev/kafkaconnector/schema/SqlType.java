package dev.kafkaconnector.schema;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * SQL type strings, as written in the spec's table definitions ({@code BIGINT}, {@code
 * DECIMAL(18,2)}, {@code ROW<a INT, b ARRAY<STRING>>}, {@code MAP<STRING, BIGINT> NOT NULL}), and
 * the Beam field types the connector uses for them. SQL types are nullable unless {@code NOT NULL}.
 * Beam's types carry no length or precision, so those are accepted and dropped.
 */
public final class SqlType {
  private SqlType() {}

  /**
   * The Beam type of a SQL type string.
   *
   * @throws IllegalArgumentException saying where the text stops making sense
   */
  public static FieldType parse(String sqlType) {
    SqlTypeParser parser = new SqlTypeParser(sqlType);
    FieldType type = parser.type();
    parser.end();
    return type;
  }

  /**
   * A schema from a column list as in a table definition: {@code id BIGINT NOT NULL, name STRING,
   * `date` DATE}.
   */
  public static Schema parseColumns(String columns) {
    SqlTypeParser parser = new SqlTypeParser(columns);
    Schema schema = parser.columns();
    parser.end();
    return schema;
  }

  /**
   * The SQL type string of a Beam field type (the inverse of {@link #parse}), as {@link ColumnType}
   * classifies it. Beam types that {@link #parse} does not produce map to their SQL type too
   * ({@code DECIMAL(10, 2)} for a FixedPrecisionNumeric, {@code TIMESTAMP_LTZ(6)} for
   * MicrosInstant, {@code STRING} for VariableString); parsing those strings gives the plain Beam
   * types.
   *
   * @throws IllegalArgumentException for a logical type without SQL type, naming it
   */
  public static String toSql(FieldType type) {
    String base = baseSql(type);
    return Boolean.TRUE.equals(type.getNullable()) ? base : base + " NOT NULL";
  }

  private static String baseSql(FieldType type) {
    ColumnType column = ColumnType.of(type);
    switch (column.root()) {
      case ARRAY:
        return "ARRAY<" + toSql(type.getCollectionElementType()) + ">";
      case MAP:
        return "MAP<" + toSql(type.getMapKeyType()) + ", " + toSql(type.getMapValueType()) + ">";
      case ROW:
        StringBuilder out = new StringBuilder("ROW<");
        for (Field f : type.getRowSchema().getFields()) {
          if (out.length() > 4) {
            out.append(", ");
          }
          out.append('`').append(f.getName()).append("` ").append(toSql(f.getType()));
        }
        return out.append('>').toString();
      default:
        return column.toString();
    }
  }
}
