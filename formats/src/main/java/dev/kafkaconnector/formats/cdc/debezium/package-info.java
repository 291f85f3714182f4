/**
 * Debezium's JSON messages: the {@code debezium-json} format (fixed schema), the schemaless
 * envelope reader of the change-stream source ({@link
 * dev.kafkaconnector.formats.cdc.debezium.DebeziumEnvelope}) and the type mapping of Kafka Connect
 * schemas ({@code DebeziumConnectSchema}, {@code DebeziumDeclaredTypes}).
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.cdc.debezium;
