package dev.kafkaconnector.io.source.reader;

import java.util.Optional;

/**
 * Asks the cluster which incarnation of a topic exists, so that a reader ends only on a confirmed
 * deletion (the topic's id gone), never on a transient "unknown partition" answer of a consumer's
 * metadata. Each method throws when the cluster gives no clear answer (timeout, broker down, any
 * other error): the caller then keeps reading.
 */
interface TopicLookup {
  /**
   * The id (Kafka {@code Uuid} text) of the topic named {@code topic} now; empty when the cluster
   * says there is no such topic.
   */
  Optional<String> idOf(String topic);

  /**
   * Whether the topic with id {@code topicId} exists; false when the cluster says it is unknown.
   */
  boolean exists(String topicId);
}
