/**
 * Test kit: free ports, pipeline options for the DirectRunner and the FlinkRunner, and reachability
 * checks of Kafka clusters and Flink REST endpoints.
 *
 * <p>Public API: the test kit ({@code kafka-connector-testkit}), for tests of one's own jobs.
 */
package dev.kafkaconnector.runners;
