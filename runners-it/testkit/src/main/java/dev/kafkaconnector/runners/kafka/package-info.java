/**
 * A real Apache Kafka broker (KRaft: one node, or a replicated cluster of several) for tests, demos
 * and examples.
 *
 * <p>{@link dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster} runs the broker either inside
 * the current JVM or as a child JVM (which can be killed and restarted for fault-injection tests),
 * or a cluster of several child-JVM nodes that can be killed one by one; {@link
 * dev.kafkaconnector.runners.kafka.KafkaClusterExtension} shares one broker across the test classes
 * of a JVM, or uses the cluster named by {@code KAFKA_BOOTSTRAP_SERVERS}; {@link
 * dev.kafkaconnector.runners.kafka.KafkaBrokerMain} runs a broker from the command line.
 *
 * <p>Public API: the test kit ({@code kafka-connector-testkit}).
 */
package dev.kafkaconnector.runners.kafka;
