/**
 * The splittable reader of one partition, its consumers, watermarks, offset commits and end
 * offsets.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.io.source.reader;
