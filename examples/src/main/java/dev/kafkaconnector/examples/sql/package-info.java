/**
 * The SQL shell ({@code examples/bin/kafka-sql}): sqlline over the connector's JDBC driver, with
 * secrets masked.
 *
 * <p>Runnable examples, not API; it may change in any release.
 */
package dev.kafkaconnector.examples.sql;
