/**
 * The {@code avro-confluent} format: Avro records framed with a schema registry's id (the Confluent
 * wire format), with a client of the registry's REST API.
 */
package dev.kafkaconnector.formats.avro.confluent;
