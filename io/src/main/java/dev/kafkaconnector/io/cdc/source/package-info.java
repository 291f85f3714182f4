/**
 * The CDC source behind {@code readChanges()}: option parsing, decoding of records into change
 * events with per-table schemas, seeds of initial schemas.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.io.cdc.source;
