/**
 * Reading Flink's {@code CREATE TABLE} statements (Flink's own grammar from {@code
 * flink-sql-parser}, the parsed table, and a tokenizer for splitting scripts and positions in
 * messages): the part of the Flink DDL support that both the change-stream source and the SQL front
 * end use. Internal: not API.
 */
package dev.kafkaconnector.io.common.ddl;
