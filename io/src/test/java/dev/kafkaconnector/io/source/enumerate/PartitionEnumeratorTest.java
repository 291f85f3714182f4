package dev.kafkaconnector.io.source.enumerate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** How a later listing changes discovery's known state (no broker: the listing is given). */
class PartitionEnumeratorTest {
  private static TopicPartition tp(String topic, int partition) {
    return new TopicPartition(topic, partition);
  }

  private static final DiscoveryRestriction BEFORE =
      new DiscoveryRestriction(
          true,
          Set.of(tp("a", 0), tp("a", 1), tp("b", 0), tp("c", 0)),
          Map.of("a", "id-a", "b", "id-b", "c", "id-c"),
          false);

  @Test
  void topicsConfirmedGoneAreForgottenAndTopicsWithoutAnswerAreKept() {
    // a: listed with a new partition; b: confirmed absent; c: neither listed nor confirmed.
    KafkaMetadataClient.Topics now =
        new KafkaMetadataClient.Topics(
            Map.of("a", "id-a"), Set.of(tp("a", 0), tp("a", 1), tp("a", 2)), Set.of("b"));
    PartitionEnumerator.Change change = PartitionEnumerator.compare(BEFORE, now);
    assertEquals(Set.of(tp("a", 2)), change.fresh());
    assertEquals(Set.of("b"), change.forgotten());
    assertEquals(Set.of(tp("a", 0), tp("a", 1), tp("a", 2), tp("c", 0)), change.known().known());
    assertEquals(Map.of("a", "id-a", "c", "id-c"), change.known().topicIds());
  }

  @Test
  void aTopicReCreatedUnderTheSameNameIsReadAgainFromItsStart() {
    KafkaMetadataClient.Topics now =
        new KafkaMetadataClient.Topics(
            Map.of("a", "id-a", "b", "id-b2", "c", "id-c"),
            Set.of(tp("a", 0), tp("a", 1), tp("b", 0), tp("c", 0)),
            Set.of());
    PartitionEnumerator.Change change = PartitionEnumerator.compare(BEFORE, now);
    assertEquals(Set.of(tp("b", 0)), change.fresh());
    assertEquals(Set.of("b"), change.renewed());
    assertEquals("id-b2", change.known().topicIds().get("b"));
  }

  @Test
  void stateWithoutIdsAdoptsTheIdsSeenNow() {
    DiscoveryRestriction old = new DiscoveryRestriction(true, Set.of(tp("a", 0)), false);
    KafkaMetadataClient.Topics now =
        new KafkaMetadataClient.Topics(Map.of("a", "id-a"), Set.of(tp("a", 0)), Set.of());
    PartitionEnumerator.Change change = PartitionEnumerator.compare(old, now);
    assertEquals(Set.of(), change.fresh());
    assertEquals(Map.of("a", "id-a"), change.known().topicIds());
  }

  @Test
  void aPatternJobsStateShrinksWhenItsTopicsGoAway() {
    DiscoveryRestriction state = DiscoveryRestriction.start();
    for (int i = 0; i < 100; i++) {
      String topic = "t" + i;
      KafkaMetadataClient.Topics now =
          new KafkaMetadataClient.Topics(
              Map.of(topic, "id-" + i),
              Set.of(tp(topic, 0)),
              i == 0 ? Set.of() : Set.of("t" + (i - 1)));
      state = PartitionEnumerator.compare(state, now).known();
    }
    assertEquals(Set.of(tp("t99", 0)), state.known());
    assertEquals(Map.of("t99", "id-99"), state.topicIds());
  }
}
