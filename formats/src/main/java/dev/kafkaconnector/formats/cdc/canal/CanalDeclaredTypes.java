package dev.kafkaconnector.formats.cdc.canal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.schema.SqlType;
import java.io.Serializable;
import java.sql.Types;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The column types a Canal message declares, per {@code canal-json.infer-schema.strategy}: its
 * {@code sqlType} map (java.sql.Types codes) or its {@code mysqlType} map (MySQL column types,
 * {@code int(11)}, {@code varchar(255)}, {@code decimal(10,2)}, {@code tinyint(1)}, ...). Every
 * column is nullable (a change stream cannot promise NOT NULL). Types the map does not know are
 * left out, so inference types those columns. The last map is cached: messages of one table repeat
 * it.
 */
final class CanalDeclaredTypes implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Pattern MYSQL =
      Pattern.compile(
          "\\s*([a-zA-Z ]+?)\\s*(?:\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\))?\\s*(unsigned)?\\s*(zerofill)?\\s*");

  private final CanalTypeStrategy strategy;
  private final boolean tinyint1AsBoolean;
  private final boolean timestampAsDatetime;
  private transient @Nullable JsonNode lastMap;
  private transient @Nullable Schema lastSchema;

  CanalDeclaredTypes(
      CanalTypeStrategy strategy, boolean tinyint1AsBoolean, boolean timestampAsDatetime) {
    this.strategy = strategy;
    this.tinyint1AsBoolean = tinyint1AsBoolean;
    this.timestampAsDatetime = timestampAsDatetime;
  }

  /** The declared columns of {@code message}, or null with AUTO or without the map. */
  @Nullable Schema of(ObjectNode message) {
    if (strategy == CanalTypeStrategy.AUTO) {
      return null;
    }
    JsonNode map = message.get(strategy == CanalTypeStrategy.SQL_TYPE ? "sqlType" : "mysqlType");
    if (map == null || !map.isObject()) {
      return null;
    }
    if (map.equals(lastMap)) {
      return lastSchema;
    }
    Schema.Builder out = Schema.builder();
    Iterator<Map.Entry<String, JsonNode>> fields = map.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String sql =
          strategy == CanalTypeStrategy.SQL_TYPE
              ? fromSqlType(field.getValue().asInt(Integer.MIN_VALUE))
              : fromMysqlType(field.getValue().asText());
      if (sql != null) {
        out.addField(field.getKey(), SqlType.parse(sql).withNullable(true));
      }
    }
    lastMap = map;
    lastSchema = out.build();
    return lastSchema;
  }

  /** The SQL type of a java.sql.Types code, or null when it has none here. */
  static @Nullable String fromSqlType(int code) {
    return switch (code) {
      case Types.BIT, Types.BOOLEAN -> "BOOLEAN";
      case Types.TINYINT -> "TINYINT";
      case Types.SMALLINT -> "SMALLINT";
      case Types.INTEGER -> "INT";
      case Types.BIGINT -> "BIGINT";
      case Types.REAL -> "FLOAT";
      case Types.FLOAT, Types.DOUBLE -> "DOUBLE";
      case Types.DECIMAL, Types.NUMERIC -> "DECIMAL(38, 18)";
      case Types.CHAR,
          Types.VARCHAR,
          Types.LONGVARCHAR,
          Types.CLOB,
          Types.NCHAR,
          Types.NVARCHAR,
          Types.LONGNVARCHAR,
          Types.NCLOB ->
          "STRING";
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> "BYTES";
      case Types.DATE -> "DATE";
      case Types.TIME -> "TIME";
      case Types.TIMESTAMP -> "TIMESTAMP(3)";
      case Types.TIMESTAMP_WITH_TIMEZONE -> "TIMESTAMP_LTZ(3)";
      default -> null;
    };
  }

  /** The SQL type of a MySQL column type, or null when it has none here. */
  @Nullable String fromMysqlType(String text) {
    Matcher m = MYSQL.matcher(text);
    if (!m.matches()) {
      return null;
    }
    String base = m.group(1).trim().toLowerCase(Locale.ROOT);
    Integer length = m.group(2) == null ? null : Integer.valueOf(m.group(2));
    Integer scale = m.group(3) == null ? null : Integer.valueOf(m.group(3));
    boolean unsigned = m.group(4) != null;
    return switch (base) {
      case "bit" -> length == null || length == 1 ? "BOOLEAN" : "BYTES";
      case "bool", "boolean" -> "BOOLEAN";
      case "tinyint" ->
          tinyint1AsBoolean && length != null && length == 1
              ? "BOOLEAN"
              : unsigned ? "SMALLINT" : "TINYINT";
      case "smallint" -> unsigned ? "INT" : "SMALLINT";
      case "mediumint" -> "INT";
      case "int", "integer" -> unsigned ? "BIGINT" : "INT";
      case "bigint" -> unsigned ? "DECIMAL(20, 0)" : "BIGINT";
      case "float", "real" -> "FLOAT";
      case "double", "double precision" -> "DOUBLE";
      case "decimal", "numeric", "dec", "fixed" ->
          "DECIMAL(" + (length == null ? 10 : length) + ", " + (scale == null ? 0 : scale) + ")";
      case "char",
          "varchar",
          "tinytext",
          "text",
          "mediumtext",
          "longtext",
          "json",
          "enum",
          "set",
          "nchar",
          "nvarchar" ->
          "STRING";
      case "binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob" -> "BYTES";
      case "date" -> "DATE";
      case "time" -> "TIME";
      case "year" -> "INT";
      case "datetime" -> "TIMESTAMP(" + precision(length) + ")";
      case "timestamp" ->
          (timestampAsDatetime ? "TIMESTAMP(" : "TIMESTAMP_LTZ(") + precision(length) + ")";
      default -> null;
    };
  }

  private static int precision(@Nullable Integer fraction) {
    return fraction == null ? 0 : Math.min(fraction, 9);
  }
}
