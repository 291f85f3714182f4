/**
 * The connector's entry point: {@link dev.kafkaconnector.io.KafkaConnectorIO} and its builders
 * ({@code read()}, {@code write()}, {@code readChanges()}, {@code writeChanges()}, {@code
 * latestPerKey()}, {@code inferSchema}), and the generator of the option reference.
 *
 * <p>Public API.
 */
package dev.kafkaconnector.io;
