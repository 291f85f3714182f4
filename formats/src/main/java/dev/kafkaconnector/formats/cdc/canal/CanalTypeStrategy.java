package dev.kafkaconnector.formats.cdc.canal;

/**
 * Where the change-stream source takes the column types of a Canal message from ({@code
 * canal-json.infer-schema.strategy}): inferred from the JSON values ({@code AUTO}), from the
 * message's {@code sqlType} map ({@code SQL_TYPE}, {@code java.sql.Types} codes) or from its {@code
 * mysqlType} map ({@code MYSQL_TYPE}, MySQL column types with precision).
 */
public enum CanalTypeStrategy {
  AUTO,
  SQL_TYPE,
  MYSQL_TYPE
}
