package dev.kafkaconnector.formats.cdc.canal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.schema.ColumnType;
import java.sql.Types;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The {@code sqlType} (java.sql.Types codes) and {@code mysqlType} maps the Canal encoder writes,
 * derived once from the columns, so that readers that infer the schema from them (the data
 * ingestion's {@code canal-json.infer-schema.strategy} SQL_TYPE / MYSQL_TYPE) find the right types:
 *
 * <pre>
 * BOOLEAN      BOOLEAN (16)      tinyint(1)      DECIMAL   DECIMAL (3)   decimal(p,s)
 * TINYINT      TINYINT (-6)      tinyint                   (decimal(38,18) when p,s are unknown)
 * SMALLINT     SMALLINT (5)      smallint        STRING    CLOB (2005)   longtext
 * INT          INTEGER (4)       int             BYTES     BLOB (2004)   longblob
 * BIGINT       BIGINT (-5)       bigint          DATE      DATE (91)     date
 * FLOAT        REAL (7)          float           TIME      TIME (92)     time
 * DOUBLE       DOUBLE (8)        double          TIMESTAMP TIMESTAMP (93) datetime(6)
 * TIMESTAMP_LTZ TIMESTAMP (93)   timestamp(6)    ROW, ARRAY, MAP: OTHER (1111) json
 * </pre>
 */
final class CanalTypes {
  private CanalTypes() {}

  /** The {@code sqlType} object of {@code schema} as JSON text. */
  static String sqlTypes(Schema schema) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    for (Schema.Field field : schema.getFields()) {
      node.put(field.getName(), sqlType(field.getType()));
    }
    return node.toString();
  }

  /** The {@code mysqlType} object of {@code schema} as JSON text. */
  static String mysqlTypes(Schema schema) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    for (Schema.Field field : schema.getFields()) {
      node.put(field.getName(), mysqlType(field.getType()));
    }
    return node.toString();
  }

  static int sqlType(FieldType type) {
    ColumnType column = ColumnType.ofOrNull(type);
    if (column == null) {
      return sqlType(type.getLogicalType().getBaseType());
    }
    switch (column.root()) {
      case BOOLEAN:
        return Types.BOOLEAN;
      case TINYINT:
        return Types.TINYINT;
      case SMALLINT:
        return Types.SMALLINT;
      case INT:
        return Types.INTEGER;
      case BIGINT:
        return Types.BIGINT;
      case FLOAT:
        return Types.REAL;
      case DOUBLE:
        return Types.DOUBLE;
      case DECIMAL:
        return Types.DECIMAL;
      case STRING:
        return Types.CLOB;
      case BYTES:
        return Types.BLOB;
      case DATE:
        return Types.DATE;
      case TIME:
        return Types.TIME;
      case TIMESTAMP:
      case TIMESTAMP_LTZ:
        return Types.TIMESTAMP;
      default:
        return Types.OTHER;
    }
  }

  static String mysqlType(FieldType type) {
    ColumnType column = ColumnType.ofOrNull(type);
    if (column == null) {
      return mysqlType(type.getLogicalType().getBaseType());
    }
    switch (column.root()) {
      case BOOLEAN:
        return "tinyint(1)";
      case TINYINT:
        return "tinyint";
      case SMALLINT:
        return "smallint";
      case INT:
        return "int";
      case BIGINT:
        return "bigint";
      case FLOAT:
        return "float";
      case DOUBLE:
        return "double";
      case DECIMAL:
        return "decimal(" + column.precision() + "," + column.scale() + ")";
      case STRING:
        return "longtext";
      case BYTES:
        return "longblob";
      case DATE:
        return "date";
      case TIME:
        return "time";
      case TIMESTAMP:
        return "datetime(6)";
      case TIMESTAMP_LTZ:
        return "timestamp(6)";
      default:
        return "json";
    }
  }
}
