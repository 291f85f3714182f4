/**
 * Maxwell's JSON messages: the {@code maxwell-json} format (fixed schema) and the schemaless
 * envelope reader of the change-stream source ({@link
 * dev.kafkaconnector.formats.cdc.maxwell.MaxwellEnvelope}).
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.cdc.maxwell;
