/**
 * Decoding of Kafka records into rows (key, value, metadata) with the bad-record policies.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.io.source.decode;
