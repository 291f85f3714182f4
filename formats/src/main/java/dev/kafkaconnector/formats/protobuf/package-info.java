/**
 * The {@code protobuf} format.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.protobuf;
