/**
 * Beam SQL table providers: table type {@code kafka-connector} (Flink's {@code 'connector' =
 * 'kafka'}) and {@code upsert-kafka}, found by {@code SqlTransform}, Beam's JDBC driver ({@code
 * jdbc:beam:}) and shells through {@code META-INF/services}. A table is declared with {@code CREATE
 * EXTERNAL TABLE t (columns) TYPE 'kafka-connector' TBLPROPERTIES '{...}'} whose JSON object holds
 * the connector's option keys verbatim, plus {@code "metadata"} (column name to metadata key) and
 * {@code "primary-key"} (upsert tables).
 *
 * <p>Flink's {@code CREATE TABLE … WITH ('connector' = 'kafka' | 'upsert-kafka', …)} is accepted as
 * is: {@link dev.kafkaconnector.io.sql.FlinkDdl} translates it into that statement, and the JDBC
 * driver {@link dev.kafkaconnector.io.sql.KafkaConnectorDriver} ({@code jdbc:kafkaconnector:},
 * Beam's driver with the translation in front) runs it.
 *
 * <p>Public API: {@link dev.kafkaconnector.io.sql.FlinkDdl} and {@link
 * dev.kafkaconnector.io.sql.KafkaConnectorDriver}; the table providers are used through Beam SQL.
 * The other types are internal.
 */
package dev.kafkaconnector.io.sql;
