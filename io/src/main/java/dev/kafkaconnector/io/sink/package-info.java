/**
 * The sink behind {@code write()}: option parsing, encoders, partitioners, the at-least-once and
 * exactly-once writers, broker refusals.
 *
 * <p>Internal, except the types that the API's signatures name: {@link
 * dev.kafkaconnector.io.sink.KafkaPartitioner} (a partitioner of one's own). The other types may
 * change in any release.
 */
package dev.kafkaconnector.io.sink;
