package dev.kafkaconnector.io.source.enumerate;

import java.io.Serializable;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;

/**
 * The checkpointed state of partition discovery: whether the first listing (the one that applies
 * the startup mode) happened, which partitions are being read, and the topic id of each topic they
 * belong to. Each listing replaces the known partitions with those that exist now, so the state
 * shrinks when topics go away (a {@code topic-pattern} job over months does not grow without
 * bound); a topic is only forgotten once the cluster confirmed it does not exist (see {@link
 * PartitionEnumerator#added}). What happens to it on:
 *
 * <ul>
 *   <li>restore from an older savepoint: state of coder version 1 has no topic ids; the first
 *       listing after the restore adopts the ids it sees, so a topic re-created while the job was
 *       stopped is taken for the one the job read (its known partitions are not read again);
 *   <li>rescale: discovery is a single restriction of the impulse, not split; it moves whole;
 *   <li>a second job with the same settings: it has its own state and reads every partition itself
 *       (as two Flink jobs with one source definition do);
 *   <li>a deleted and re-created topic: the listing sees a new topic id for a known name and emits
 *       the new incarnation's partitions from their earliest offset; a topic deleted for good
 *       leaves the state.
 * </ul>
 *
 * @param initialized the first listing was emitted
 * @param known partitions already emitted (of topics that existed at the last listing)
 * @param topicIds the topic id (Kafka {@code Uuid} text) of each known topic, where known
 * @param finished no more discovery in this restriction (it was checkpointed or stopped)
 */
record DiscoveryRestriction(
    boolean initialized, Set<TopicPartition> known, Map<String, String> topicIds, boolean finished)
    implements Serializable {

  DiscoveryRestriction {
    known = Set.copyOf(known);
    topicIds = Map.copyOf(topicIds);
  }

  /** State without topic ids, as builds before them kept it. */
  DiscoveryRestriction(boolean initialized, Set<TopicPartition> known, boolean finished) {
    this(initialized, known, Map.of(), finished);
  }

  static DiscoveryRestriction start() {
    return new DiscoveryRestriction(false, Set.of(), Map.of(), false);
  }

  /** The same knowledge, marked finished (or not). */
  DiscoveryRestriction withFinished(boolean done) {
    return new DiscoveryRestriction(initialized, known, topicIds, done);
  }
}
