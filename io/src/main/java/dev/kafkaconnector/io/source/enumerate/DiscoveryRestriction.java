package dev.kafkaconnector.io.source.enumerate;

import java.io.Serializable;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;

/**
 * The checkpointed state of partition discovery: whether the first listing (the one that applies
 * the startup mode) happened, and which partitions are already being read.
 *
 * @param initialized the first listing was emitted
 * @param known partitions already emitted
 * @param finished no more discovery in this restriction (it was checkpointed or stopped)
 */
record DiscoveryRestriction(boolean initialized, Set<TopicPartition> known, boolean finished)
    implements Serializable {

  DiscoveryRestriction {
    known = Set.copyOf(known);
  }

  static DiscoveryRestriction start() {
    return new DiscoveryRestriction(false, Set.of(), false);
  }
}
