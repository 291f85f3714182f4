/**
 * The {@code avro} format.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.avro;
