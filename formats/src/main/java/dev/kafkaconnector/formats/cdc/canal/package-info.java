/**
 * Canal's JSON messages: the {@code canal-json} format (fixed schema), the schemaless envelope
 * reader of the change-stream source ({@link dev.kafkaconnector.formats.cdc.canal.CanalEnvelope})
 * and both directions of the type mapping ({@code CanalTypes}, {@code CanalDeclaredTypes}); and
 * Canal's binary messages, the write-only {@code canal-protobuf} format of the change-stream sink,
 * built with Canal's own protocol classes.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.cdc.canal;
