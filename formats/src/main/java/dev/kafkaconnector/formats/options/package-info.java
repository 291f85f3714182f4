/**
 * Option declarations ({@link dev.kafkaconnector.formats.options.ConfigOption}) and their values
 * ({@link dev.kafkaconnector.formats.options.Configuration}), shared by the formats and the
 * connector.
 *
 * <p>Public API: formats of one's own declare their options with it.
 */
package dev.kafkaconnector.formats.options;
