/**
 * Change streams: the schema-evolution step ({@link dev.kafkaconnector.io.cdc.SchemaEvolution})
 * that keeps each table's schema, merges the schemas parallel readers infer and applies {@code
 * schema.change.behavior}.
 */
package dev.kafkaconnector.io.cdc;
