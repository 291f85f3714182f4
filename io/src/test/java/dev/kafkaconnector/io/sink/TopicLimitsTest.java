package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.SimpleRecord;
import org.junit.jupiter.api.Test;

class TopicLimitsTest {
  private static EncodedRecord record(String topic, int valueBytes) {
    return new EncodedRecord(topic, null, 1_700_000_000_000L, null, new byte[valueBytes], null);
  }

  /** The size of the one-record batch the producer sends and the broker compares. */
  private static int batchSize(EncodedRecord r) {
    return MemoryRecords.withRecords(
            Compression.NONE, new SimpleRecord(r.timestamp(), r.key(), r.value()))
        .sizeInBytes();
  }

  @Test
  void aRecordOverTheTopicsMaxMessageBytesIsRefusedNamingTheTopicConfig() {
    TopicLimits limits = new TopicLimits(1 << 20, false, topic -> 10_000);
    String reason = limits.tooLarge(record("t", 50_000));
    assertTrue(
        reason != null
            && reason.contains("topic 't'")
            && reason.contains("'max.message.bytes' = 10000")
            && reason.contains("--entity-name t"),
        reason);
    assertNull(limits.tooLarge(record("t", 5_000)));
  }

  @Test
  void theBoundaryIsTheBatchTheBrokerCompares() {
    EncodedRecord r = record("t", 9_000);
    int exact = batchSize(r);
    assertNull(new TopicLimits(1 << 20, false, topic -> exact).tooLarge(r), "exactly at the limit");
    String reason = new TopicLimits(1 << 20, false, topic -> exact - 1).tooLarge(r);
    assertTrue(reason != null && reason.contains("is " + exact + " bytes"), reason);
  }

  @Test
  void aRecordOverMaxRequestSizeNamesTheOption() {
    TopicLimits limits = new TopicLimits(2_000, false, topic -> TopicLimits.UNKNOWN);
    String reason = limits.tooLarge(record("t", 3_000));
    assertTrue(
        reason != null
            && reason.contains("'properties.max.request.size'")
            && reason.contains("max.request.size = 2000"),
        reason);
  }

  @Test
  void anUnknownLimitOrACompressedProducerChecksOnlyTheClientLimit() {
    assertNull(
        new TopicLimits(1 << 20, false, topic -> TopicLimits.UNKNOWN)
            .tooLarge(record("t", 50_000)));
    List<String> asked = new ArrayList<>();
    TopicLimits compressed =
        new TopicLimits(
            1 << 20,
            true,
            topic -> {
              asked.add(topic);
              return 10_000;
            });
    assertNull(
        compressed.tooLarge(record("t", 50_000)), "the broker compares the compressed batch");
    assertEquals(List.of(), asked);
  }

  @Test
  void theTopicsLimitIsLookedUpOncePerTopic() {
    List<String> asked = new ArrayList<>();
    TopicLimits limits =
        new TopicLimits(
            1 << 20,
            false,
            topic -> {
              asked.add(topic);
              return 10_000;
            });
    for (int i = 0; i < 5; i++) {
      limits.tooLarge(record("a", 100));
      limits.tooLarge(record("b", 100));
    }
    assertEquals(List.of("a", "b"), asked);
  }

  @Test
  void headersCount() {
    EncodedRecord r =
        new EncodedRecord("t", null, 0L, null, new byte[9_800], Map.of("h", new byte[500]));
    assertTrue(new TopicLimits(1 << 20, false, topic -> 10_000).tooLarge(r) != null);
  }
}
