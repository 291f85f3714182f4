/**
 * Beam schema tooling: SQL type strings to Beam field types and back.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.schema;
