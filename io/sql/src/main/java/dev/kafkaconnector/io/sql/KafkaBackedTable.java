package dev.kafkaconnector.io.sql;

import java.util.Map;

/**
 * A Beam SQL table whose rows come from a Kafka topic: its connector options say which Kafka
 * cluster, and how to reach it. {@link KafkaConnectorDriver} takes the cluster of a query's first
 * such table for the temporary topic that brings a SELECT's rows back from a runner other than the
 * DirectRunner.
 */
public interface KafkaBackedTable {
  /**
   * The table's connector options, keys as declared ({@code properties.bootstrap.servers}, {@code
   * properties.security.protocol}, …). They may hold secrets: never print them.
   */
  Map<String, String> connectorOptions();
}
