/**
 * The Kafka JSON catalog for Beam SQL (catalog type {@code kafka}): every topic of a cluster as a
 * read-only table with an inferred schema. It comes with the {@code kafka-connector-sql} artifact,
 * which depends on Beam SQL.
 *
 * <p>Internal: not API; it may change in any release. The catalog is used through Beam SQL ({@code
 * CREATE CATALOG ... TYPE 'kafka'}).
 */
package dev.kafkaconnector.io.catalog;
