/**
 * Reading Flink's {@code CREATE TABLE} statements (tokenizer, parser, the parsed table): the part
 * of the Flink DDL support that both the change-stream source and the SQL front end use. Internal:
 * not API.
 */
package dev.kafkaconnector.io.common.ddl;
