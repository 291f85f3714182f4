/**
 * Change streams: the schema-evolution step ({@link dev.kafkaconnector.io.cdc.SchemaEvolution})
 * that keeps each table's schema, merges the schemas parallel readers infer and applies {@code
 * schema.change.behavior}.
 *
 * <p>Internal, except the types that the API's signatures name: {@link
 * dev.kafkaconnector.io.cdc.SchemaChangeBehavior}. The other types may change in any release.
 */
package dev.kafkaconnector.io.cdc;
