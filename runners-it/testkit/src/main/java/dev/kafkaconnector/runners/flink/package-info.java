/**
 * A real Flink 1.19 session cluster of child JVMs (a JobManager and TaskManagers started from the
 * Flink jars on the class path, no flink-dist), for fault-injection tests and examples: {@link
 * dev.kafkaconnector.runners.flink.FlinkSessionCluster} starts and kills its processes, {@link
 * dev.kafkaconnector.runners.flink.FlinkRestClient} watches jobs and checkpoints through the REST
 * API, {@link dev.kafkaconnector.runners.flink.FlinkClusterExtension} gives a JUnit 5 test class
 * one cluster.
 *
 * <p>Public API: the test kit ({@code kafka-connector-testkit}).
 */
package dev.kafkaconnector.runners.flink;
