/**
 * The {@code avro-confluent} format: Avro records framed with a schema registry's id (the Confluent
 * wire format), with a client of the registry's REST API.
 *
 * <p>Internal: not API; it may change in any release. The format is used by name ({@code 'format' =
 * 'avro-confluent'}).
 */
package dev.kafkaconnector.formats.avro.confluent;
