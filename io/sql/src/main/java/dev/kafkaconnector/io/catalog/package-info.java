/**
 * The Kafka JSON catalog for Beam SQL (catalog type {@code kafka}): every topic of a cluster as a
 * read-only table with an inferred schema. Beam SQL is an optional dependency of this module.
 */
package dev.kafkaconnector.io.catalog;
