package dev.kafkaconnector.io.source.enumerate;

import dev.kafkaconnector.io.source.PartitionDescriptor;
import dev.kafkaconnector.io.source.SourceSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;

/**
 * Finds the partitions a source reads and the offsets each one starts (and, for a bounded read,
 * stops) at. The first listing applies {@code scan.startup.*}; partitions found later start at
 * their earliest offset.
 */
final class PartitionEnumerator {
  private static final Comparator<TopicPartition> ORDER =
      Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

  private PartitionEnumerator() {}

  /** What one listing found: all partitions that exist, and descriptors for those to start. */
  record Listing(Set<TopicPartition> all, List<PartitionDescriptor> toRead) {}

  /** The first listing of a fresh job. */
  static Listing initial(SourceSpec spec) {
    try (KafkaMetadataClient client = new KafkaMetadataClient(spec)) {
      if (spec.checkDuplicatedGroupId() && spec.groupId() != null) {
        client.checkNoActiveMembers(spec.groupId());
      }
      Set<TopicPartition> partitions = client.discoverPartitions();
      OffsetResolver resolver = new OffsetResolver(spec, client.consumer());
      Map<TopicPartition, Long> start = resolver.startOffsets(partitions);
      Map<TopicPartition, Long> stop = spec.isBounded() ? resolver.stopOffsets(partitions) : null;
      return new Listing(partitions, describe(partitions, start, stop));
    }
  }

  /** A later listing: partitions not in {@code known} start at their earliest offset. */
  static Listing added(SourceSpec spec, Set<TopicPartition> known) {
    try (KafkaMetadataClient client = new KafkaMetadataClient(spec)) {
      Set<TopicPartition> partitions = client.discoverPartitions();
      Set<TopicPartition> fresh = new HashSet<>(partitions);
      fresh.removeAll(known);
      if (fresh.isEmpty()) {
        return new Listing(partitions, List.of());
      }
      Map<TopicPartition, Long> start = new OffsetResolver(spec, client.consumer()).earliest(fresh);
      return new Listing(partitions, describe(fresh, start, null));
    }
  }

  private static List<PartitionDescriptor> describe(
      Set<TopicPartition> partitions, Map<TopicPartition, Long> start, Map<TopicPartition, Long> stop) {
    List<TopicPartition> sorted = new ArrayList<>(partitions);
    sorted.sort(ORDER);
    List<PartitionDescriptor> out = new ArrayList<>(sorted.size());
    for (TopicPartition tp : sorted) {
      long from = start.get(tp);
      long to = stop == null ? PartitionDescriptor.UNBOUNDED : stop.get(tp);
      out.add(new PartitionDescriptor(tp.topic(), tp.partition(), from, to));
    }
    return out;
  }
}
