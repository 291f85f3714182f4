/**
 * Canal's JSON messages: the {@code canal-json} format (fixed schema), the schemaless envelope
 * reader of the change-stream source ({@link dev.kafkaconnector.formats.cdc.canal.CanalEnvelope})
 * and both directions of the type mapping ({@code CanalTypes}, {@code CanalDeclaredTypes}).
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.cdc.canal;
