package dev.kafkaconnector.formats.cdc.canal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.sql.Types;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.Date;
import org.apache.beam.sdk.schemas.logicaltypes.DateTime;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.MicrosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.NanosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.Time;
import org.apache.beam.sdk.values.Row;

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
    switch (type.getTypeName()) {
      case BOOLEAN:
        return Types.BOOLEAN;
      case BYTE:
        return Types.TINYINT;
      case INT16:
        return Types.SMALLINT;
      case INT32:
        return Types.INTEGER;
      case INT64:
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
      case DATETIME:
        return Types.TIMESTAMP;
      case LOGICAL_TYPE:
        String id = type.getLogicalType().getIdentifier();
        if (id.equals(Date.IDENTIFIER)) {
          return Types.DATE;
        }
        if (id.equals(Time.IDENTIFIER)) {
          return Types.TIME;
        }
        if (isTimestamp(id)) {
          return Types.TIMESTAMP;
        }
        if (id.equals(FixedPrecisionNumeric.IDENTIFIER)) {
          return Types.DECIMAL;
        }
        return sqlType(type.getLogicalType().getBaseType());
      default:
        return Types.OTHER;
    }
  }

  static String mysqlType(FieldType type) {
    switch (type.getTypeName()) {
      case BOOLEAN:
        return "tinyint(1)";
      case BYTE:
        return "tinyint";
      case INT16:
        return "smallint";
      case INT32:
        return "int";
      case INT64:
        return "bigint";
      case FLOAT:
        return "float";
      case DOUBLE:
        return "double";
      case DECIMAL:
        return "decimal(38,18)";
      case STRING:
        return "longtext";
      case BYTES:
        return "longblob";
      case DATETIME:
        return "timestamp(6)";
      case LOGICAL_TYPE:
        String id = type.getLogicalType().getIdentifier();
        if (id.equals(Date.IDENTIFIER)) {
          return "date";
        }
        if (id.equals(Time.IDENTIFIER)) {
          return "time";
        }
        if (id.equals(DateTime.IDENTIFIER)) {
          return "datetime(6)";
        }
        if (isTimestamp(id)) {
          return "timestamp(6)";
        }
        if (id.equals(FixedPrecisionNumeric.IDENTIFIER)) {
          Row argument = (Row) type.getLogicalType().getArgument();
          return "decimal("
              + argument.getInt32("precision")
              + ","
              + argument.getInt32("scale")
              + ")";
        }
        return mysqlType(type.getLogicalType().getBaseType());
      default:
        return "json";
    }
  }

  private static boolean isTimestamp(String id) {
    return id.equals(DateTime.IDENTIFIER)
        || id.equals(MicrosInstant.IDENTIFIER)
        || id.equals(NanosInstant.IDENTIFIER);
  }
}
