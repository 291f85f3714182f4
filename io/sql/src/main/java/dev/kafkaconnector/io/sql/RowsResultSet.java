package dev.kafkaconnector.io.sql;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.rowset.CachedRowSet;
import javax.sql.rowset.RowSetMetaDataImpl;
import javax.sql.rowset.RowSetProvider;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;
import org.joda.time.ReadableInstant;

/**
 * Beam rows as a JDBC {@link ResultSet} (the JDK's {@link CachedRowSet}), with the column types
 * JDBC clients expect: {@code TIMESTAMP} values as {@link Timestamp} of the UTC wall time (as
 * Beam's JDBC driver shows them), {@code DATE} and {@code TIME} as {@link java.sql.Date} and {@link
 * java.sql.Time}, arrays, maps and rows as their text.
 */
final class RowsResultSet {
  private RowsResultSet() {}

  /** A result set of {@code rows}, in their order, with the columns of {@code schema}. */
  static ResultSet of(Schema schema, List<Row> rows) throws SQLException {
    CachedRowSet set = RowSetProvider.newFactory().createCachedRowSet();
    RowSetMetaDataImpl meta = new RowSetMetaDataImpl();
    meta.setColumnCount(schema.getFieldCount());
    for (int i = 0; i < schema.getFieldCount(); i++) {
      Schema.Field field = schema.getField(i);
      meta.setColumnName(i + 1, field.getName());
      meta.setColumnLabel(i + 1, field.getName());
      meta.setColumnType(i + 1, sqlType(field.getType()));
      meta.setColumnTypeName(i + 1, typeName(field.getType()));
      meta.setNullable(
          i + 1,
          field.getType().getNullable()
              ? ResultSetMetaData.columnNullable
              : ResultSetMetaData.columnNoNulls);
    }
    set.setMetaData(meta);
    // the row set inserts each row before the cursor: insert the last row first
    for (int r = rows.size() - 1; r >= 0; r--) {
      Row row = rows.get(r);
      set.moveToInsertRow();
      for (int i = 0; i < schema.getFieldCount(); i++) {
        Object value = jdbcValue(schema.getField(i).getType(), row.getValue(i));
        if (value == null) {
          set.updateNull(i + 1);
        } else {
          set.updateObject(i + 1, value);
        }
      }
      set.insertRow();
      set.moveToCurrentRow();
    }
    set.beforeFirst();
    return closable(set);
  }

  /**
   * {@code set} as a plain {@link ResultSet} that knows whether it is closed: the JDK's row set
   * throws on {@code isClosed()}, which JDBC clients such as sqlline call before they read, and on
   * {@code next()} past the last row, which they call again after it returned false.
   */
  private static ResultSet closable(CachedRowSet set) {
    AtomicBoolean closed = new AtomicBoolean();
    AtomicBoolean past = new AtomicBoolean();
    InvocationHandler handler =
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "isClosed":
              if (method.getParameterCount() == 0) {
                return closed.get();
              }
              break;
            case "next":
              // past the last row, next() stays false (the row set would throw)
              if (method.getParameterCount() == 0 && past.get()) {
                return false;
              }
              if (method.getParameterCount() == 0) {
                boolean more = set.next();
                past.set(!more);
                return more;
              }
              break;
            case "close":
              if (method.getParameterCount() == 0) {
                closed.set(true);
              }
              break;
            case "beforeFirst", "first", "absolute", "relative", "previous", "last":
              past.set(false);
              break;
            default:
              break;
          }
          try {
            return method.invoke(set, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return (ResultSet)
        Proxy.newProxyInstance(
            RowsResultSet.class.getClassLoader(), new Class<?>[] {ResultSet.class}, handler);
  }

  /** The {@link Types} code of a column of {@code type}. */
  static int sqlType(FieldType type) {
    switch (type.getTypeName()) {
      case BYTE:
        return Types.TINYINT;
      case INT16:
        return Types.SMALLINT;
      case INT32:
        return Types.INTEGER;
      case INT64:
        return Types.BIGINT;
      case FLOAT:
        return Types.FLOAT;
      case DOUBLE:
        return Types.DOUBLE;
      case DECIMAL:
        return Types.DECIMAL;
      case BOOLEAN:
        return Types.BOOLEAN;
      case BYTES:
        return Types.VARBINARY;
      case DATETIME:
        return Types.TIMESTAMP;
      case LOGICAL_TYPE:
        String id = type.getLogicalType().getIdentifier();
        if (id.equals(SqlTypes.DATE.getIdentifier())) {
          return Types.DATE;
        } else if (id.equals(SqlTypes.TIME.getIdentifier())) {
          return Types.TIME;
        } else if (id.equals(SqlTypes.DATETIME.getIdentifier())) {
          return Types.TIMESTAMP;
        }
        return sqlType(type.getLogicalType().getBaseType());
      default:
        return Types.VARCHAR;
    }
  }

  private static String typeName(FieldType type) {
    return switch (sqlType(type)) {
      case Types.TINYINT -> "TINYINT";
      case Types.SMALLINT -> "SMALLINT";
      case Types.INTEGER -> "INTEGER";
      case Types.BIGINT -> "BIGINT";
      case Types.FLOAT -> "FLOAT";
      case Types.DOUBLE -> "DOUBLE";
      case Types.DECIMAL -> "DECIMAL";
      case Types.BOOLEAN -> "BOOLEAN";
      case Types.VARBINARY -> "VARBINARY";
      case Types.DATE -> "DATE";
      case Types.TIME -> "TIME";
      case Types.TIMESTAMP -> "TIMESTAMP";
      default -> "VARCHAR";
    };
  }

  /** {@code value} of a column of {@code type} as the result set holds it. */
  static Object jdbcValue(FieldType type, Object value) {
    if (value == null) {
      return null;
    }
    return switch (sqlType(type)) {
      case Types.TINYINT,
          Types.SMALLINT,
          Types.INTEGER,
          Types.BIGINT,
          Types.FLOAT,
          Types.DOUBLE,
          Types.BOOLEAN,
          Types.VARBINARY ->
          value;
      case Types.DECIMAL -> (BigDecimal) value;
      case Types.DATE -> java.sql.Date.valueOf((LocalDate) value);
      case Types.TIME -> java.sql.Time.valueOf((LocalTime) value);
      case Types.TIMESTAMP ->
          Timestamp.valueOf(
              value instanceof ReadableInstant instant
                  ? LocalDateTime.ofEpochSecond(
                      Math.floorDiv(instant.getMillis(), 1000),
                      (int) Math.floorMod(instant.getMillis(), 1000) * 1_000_000,
                      ZoneOffset.UTC)
                  : (LocalDateTime) value);
      default -> String.valueOf(value);
    };
  }
}
