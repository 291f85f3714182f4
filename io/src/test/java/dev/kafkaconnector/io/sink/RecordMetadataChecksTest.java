package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.MetadataColumn;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.common.PartitionInfo;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Metadata values that Kafka refuses are bad rows (the sink's policy, naming the column), not an
 * exception out of the producer that fails the bundle however the policy is set, or a send that
 * waits {@code max.block.ms} for a partition that does not exist.
 */
class RecordMetadataChecksTest {
  private static final Schema INPUT =
      Schema.builder()
          .addStringField("line")
          .addNullableField("ts", FieldType.DATETIME)
          .addNullableField("p", FieldType.INT32)
          .addNullableField(
              "hdrs", FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)))
          .build();

  private static RowRecordEncoder encoder() {
    return SinkOptionsParser.parse(
            "sink-1",
            Map.of("properties.bootstrap.servers", "b:9092", "topic", "out", "format", "raw"),
            INPUT,
            List.of(
                new MetadataColumn("ts", "timestamp"),
                new MetadataColumn("p", "partition"),
                new MetadataColumn("hdrs", "headers")))
        .encoder();
  }

  private static Row row(Long ts, Integer partition, Map<String, byte[]> headers) {
    return Row.withSchema(INPUT)
        .addValues("x", ts == null ? null : new Instant(ts), partition, headers)
        .build();
  }

  @Test
  void aTimestampBefore1970IsABadRowNamingTheColumn() {
    BadRowException e =
        assertThrows(BadRowException.class, () -> encoder().encode(row(-1L, null, null)));
    assertEquals("ts", e.column());
    assertTrue(e.getMessage().contains("1970"), e.getMessage());
  }

  @Test
  void aNegativePartitionIsABadRowNamingTheColumn() {
    BadRowException e =
        assertThrows(BadRowException.class, () -> encoder().encode(row(0L, -1, null)));
    assertEquals("p", e.column());
  }

  @Test
  void aNullHeaderKeyIsABadRowButANullHeaderValueIsWritten() throws Exception {
    Map<String, byte[]> nullKey = new HashMap<>();
    nullKey.put(null, new byte[] {1});
    // Row.Builder refuses a null map key; a row made with attachValues (unchecked) by a step fused
    // with the writer can still carry one.
    Row withNullKey =
        Row.withSchema(INPUT)
            .attachValues(java.util.Arrays.asList("x", new Instant(0), 0, nullKey));
    BadRowException e = assertThrows(BadRowException.class, () -> encoder().encode(withNullKey));
    assertEquals("hdrs", e.column());
    Map<String, byte[]> nullValue = new HashMap<>();
    nullValue.put("trace", null);
    EncodedRecord record = encoder().encode(row(0L, 0, nullValue));
    assertTrue(record.headers().containsKey("trace"));
    assertNull(record.headers().get("trace"));
  }

  @Test
  void aPartitionTheTopicDoesNotHaveIsNamedAndAnAddedPartitionIsSeen() throws Exception {
    AtomicInteger lookups = new AtomicInteger();
    AtomicInteger count = new AtomicInteger(2);
    PartitionNumbers numbers =
        new PartitionNumbers(
            topic -> {
              lookups.incrementAndGet();
              List<PartitionInfo> out = new java.util.ArrayList<>();
              for (int i = 0; i < count.get(); i++) {
                out.add(new PartitionInfo(topic, i, null, null, null));
              }
              return out;
            });
    assertNull(numbers.missing("t", 1));
    String missing = numbers.missing("t", 2);
    assertTrue(
        missing.contains("partition 2 of topic 't'") && missing.contains("2 partitions: 0..1"),
        missing);
    count.set(3); // a partition added: seen once the numbers are older than a second
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (numbers.missing("t", 2) != null && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertNull(numbers.missing("t", 2));
  }
}
