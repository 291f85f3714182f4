/**
 * The wiring of the source behind {@code read()}: option parsing into a {@code SourceSpec} and the
 * transforms that enumerate and read partitions.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.io.source;
