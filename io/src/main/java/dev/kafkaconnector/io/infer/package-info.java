/**
 * Schema inference from sampled Kafka records ({@code read()} without a schema, {@code
 * KafkaConnectorIO.inferSchema}).
 *
 * <p>Internal, except the types that the API's signatures name: {@link
 * dev.kafkaconnector.io.infer.InferredRead}. The other types may change in any release.
 */
package dev.kafkaconnector.io.infer;
