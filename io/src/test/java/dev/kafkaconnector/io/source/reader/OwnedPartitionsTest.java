package dev.kafkaconnector.io.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class OwnedPartitionsTest {
  private static final TopicPartition P0 = new TopicPartition("t", 0);
  private static final TopicPartition P1 = new TopicPartition("t", 1);

  @Test
  void eachOwnerSumsThePartitionsItReadLast() {
    OwnedPartitions owned = new OwnedPartitions();
    Object a = new Object();
    Object b = new Object();
    assertEquals(10, owned.update(a, P0, 10, Map.of()));
    assertEquals(15, owned.update(a, P1, 5, Map.of()));
    assertEquals(12, owned.update(a, P0, 7, Map.of()), "a new lag replaces the partition's last");
    // P1 moves to b: a no longer counts it.
    assertEquals(3, owned.update(b, P1, 3, Map.of()));
    assertEquals(7, owned.update(a, P0, 7, Map.of()));
    assertEquals(1, owned.clientMetricsOf(b).size());
  }
}
