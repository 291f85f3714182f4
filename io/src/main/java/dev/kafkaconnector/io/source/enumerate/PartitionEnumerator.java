package dev.kafkaconnector.io.source.enumerate;

import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.TopicPartition;

/**
 * Finds the partitions a source reads and the offsets each one starts (and, for a bounded read,
 * stops) at. The first listing applies {@code scan.startup.*}; partitions found later start at
 * their earliest offset. Descriptors carry their topic's id, which tells a re-created topic from
 * the one deleted before it.
 */
final class PartitionEnumerator {
  private static final Comparator<TopicPartition> ORDER =
      Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition);

  private PartitionEnumerator() {}

  /**
   * What one listing found.
   *
   * @param known what discovery knows after it: the partitions that exist and their topics' ids
   * @param toRead descriptors of the partitions to start
   * @param renewed topics re-created since the last listing (new id under a known name)
   * @param forgotten topics the cluster confirmed gone, dropped from the known state
   */
  record Listing(
      DiscoveryRestriction known,
      List<PartitionDescriptor> toRead,
      Set<String> renewed,
      Set<String> forgotten) {}

  /** The first listing of a fresh job. */
  static Listing initial(SourceSpec spec) {
    try (KafkaMetadataClient client = new KafkaMetadataClient(spec)) {
      if (spec.checkDuplicatedGroupId() && spec.groupId() != null) {
        client.checkNoActiveMembers(spec.groupId());
      }
      KafkaMetadataClient.Topics topics = client.describe(Set.of(), true);
      Set<TopicPartition> partitions = topics.partitions();
      OffsetResolver resolver = new OffsetResolver(spec, client.consumer());
      Map<TopicPartition, Long> start = resolver.startOffsets(partitions);
      Map<TopicPartition, Long> stop = spec.isBounded() ? resolver.stopOffsets(partitions) : null;
      return new Listing(
          new DiscoveryRestriction(true, partitions, topics.ids(), false),
          describe(partitions, start, stop, topics.ids()),
          Set.of(),
          Set.of());
    }
  }

  /**
   * A later listing. Partitions not known before, and every partition of a topic whose id changed
   * (deleted and re-created under the same name), start at their earliest offset. The known state
   * becomes what exists now: a topic missing from the listing is dropped only when the cluster
   * confirmed it does not exist (described by name: unknown topic); a topic the cluster could not
   * answer for keeps its known partitions, so a transient answer never makes discovery read a
   * partition a second time. A known topic without id (state from an older build) adopts the id
   * seen now.
   */
  static Listing added(SourceSpec spec, DiscoveryRestriction before) {
    try (KafkaMetadataClient client = new KafkaMetadataClient(spec)) {
      Set<String> knownTopics = new HashSet<>();
      before.known().forEach(tp -> knownTopics.add(tp.topic()));
      KafkaMetadataClient.Topics now = client.describe(knownTopics, false);
      Change change = compare(before, now);
      Listing nothingToRead =
          new Listing(change.known(), List.of(), change.renewed(), change.forgotten());
      if (change.fresh().isEmpty()) {
        return nothingToRead;
      }
      Map<TopicPartition, Long> start =
          new OffsetResolver(spec, client.consumer()).earliest(change.fresh());
      return new Listing(
          change.known(),
          describe(change.fresh(), start, null, now.ids()),
          change.renewed(),
          change.forgotten());
    }
  }

  /**
   * What a later listing changes, without offsets (see {@link #added}).
   *
   * @param fresh partitions to start from their earliest offset
   */
  record Change(
      DiscoveryRestriction known,
      Set<TopicPartition> fresh,
      Set<String> renewed,
      Set<String> forgotten) {}

  /** Compares the known state with a listing: see {@link #added}. */
  static Change compare(DiscoveryRestriction before, KafkaMetadataClient.Topics now) {
    Set<TopicPartition> known = new HashSet<>(now.partitions());
    Map<String, String> ids = new HashMap<>(now.ids());
    Set<String> renewed = new TreeSet<>();
    Set<TopicPartition> fresh = new HashSet<>();
    for (TopicPartition tp : now.partitions()) {
      String beforeId = before.topicIds().get(tp.topic());
      if (beforeId != null && !beforeId.equals(now.ids().get(tp.topic()))) {
        renewed.add(tp.topic());
        fresh.add(tp);
      } else if (!before.known().contains(tp)) {
        fresh.add(tp);
      }
    }
    Set<String> forgotten = new TreeSet<>();
    for (TopicPartition tp : before.known()) {
      String topic = tp.topic();
      if (now.ids().containsKey(topic)) {
        continue;
      }
      if (now.absent().contains(topic)) {
        forgotten.add(topic);
      } else {
        // Neither listed nor confirmed absent: keep what was known.
        known.add(tp);
        String id = before.topicIds().get(topic);
        if (id != null) {
          ids.put(topic, id);
        }
      }
    }
    return new Change(new DiscoveryRestriction(true, known, ids, false), fresh, renewed, forgotten);
  }

  private static List<PartitionDescriptor> describe(
      Set<TopicPartition> partitions,
      Map<TopicPartition, Long> start,
      Map<TopicPartition, Long> stop,
      Map<String, String> ids) {
    List<TopicPartition> sorted = new ArrayList<>(partitions);
    sorted.sort(ORDER);
    List<PartitionDescriptor> out = new ArrayList<>(sorted.size());
    for (TopicPartition tp : sorted) {
      long from = start.get(tp);
      long to = stop == null ? PartitionDescriptor.UNBOUNDED : stop.get(tp);
      out.add(new PartitionDescriptor(tp.topic(), tp.partition(), from, to, ids.get(tp.topic())));
    }
    return out;
  }
}
