package dev.kafkaconnector.io.source.enumerate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import java.util.Set;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class DiscoveryRestrictionCoderTest {

  @Test
  void roundTripsWithAVersionFirst() throws Exception {
    DiscoveryRestriction state =
        new DiscoveryRestriction(
            true, Set.of(new TopicPartition("a", 0), new TopicPartition("b", 3)), false);
    byte[] bytes = CoderUtils.encodeToByteArray(DiscoveryRestrictionCoder.of(), state);
    assertEquals(DiscoveryRestrictionCoder.VERSION, bytes[0]);
    assertEquals(state, CoderUtils.decodeFromByteArray(DiscoveryRestrictionCoder.of(), bytes));
    bytes[0] = 99;
    byte[] future = bytes;
    Exception e =
        assertThrows(
            Exception.class,
            () -> CoderUtils.decodeFromByteArray(DiscoveryRestrictionCoder.of(), future));
    org.junit.jupiter.api.Assertions.assertTrue(
        String.valueOf(e.getCause()).contains("version 99"), String.valueOf(e.getCause()));
  }

  @Test
  void partitionDescriptorsHaveAVersionToo() throws Exception {
    PartitionDescriptor d = new PartitionDescriptor("t", 2, 5, PartitionDescriptor.UNBOUNDED);
    byte[] bytes = CoderUtils.encodeToByteArray(PartitionDescriptor.Coder.of(), d);
    assertEquals(1, bytes[0]);
    assertEquals(d, CoderUtils.decodeFromByteArray(PartitionDescriptor.Coder.of(), bytes));
  }

  @Test
  void stateOfVersionOneStillDecodesWithoutTopicIds() throws Exception {
    // Version 1, as builds before topic ids wrote it: version, initialized, finished, n, (topic,
    // partition)...
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.write(1);
    org.apache.beam.sdk.coders.BooleanCoder.of().encode(true, out);
    org.apache.beam.sdk.coders.BooleanCoder.of().encode(false, out);
    org.apache.beam.sdk.coders.VarIntCoder.of().encode(1, out);
    org.apache.beam.sdk.coders.StringUtf8Coder.of().encode("a", out);
    org.apache.beam.sdk.coders.VarIntCoder.of().encode(2, out);
    DiscoveryRestriction decoded =
        CoderUtils.decodeFromByteArray(DiscoveryRestrictionCoder.of(), out.toByteArray());
    assertEquals(
        new DiscoveryRestriction(
            true, Set.of(new TopicPartition("a", 2)), java.util.Map.of(), false),
        decoded);
  }

  @Test
  void topicIdsRoundTrip() throws Exception {
    DiscoveryRestriction state =
        new DiscoveryRestriction(
            true, Set.of(new TopicPartition("a", 0)), java.util.Map.of("a", "id-of-a"), false);
    assertEquals(
        state,
        CoderUtils.decodeFromByteArray(
            DiscoveryRestrictionCoder.of(),
            CoderUtils.encodeToByteArray(DiscoveryRestrictionCoder.of(), state)));
  }

  @Test
  void aDescriptorWithoutIdIsWrittenAsVersionOneAndOneWithIdAsVersionTwo() throws Exception {
    PartitionDescriptor withId = new PartitionDescriptor("t", 2, 5, 9, "AAAAAAAAAAAAAAAAAAAAAQ");
    byte[] bytes = CoderUtils.encodeToByteArray(PartitionDescriptor.Coder.of(), withId);
    assertEquals(2, bytes[0]);
    assertEquals(withId, CoderUtils.decodeFromByteArray(PartitionDescriptor.Coder.of(), bytes));
    PartitionDescriptor without = new PartitionDescriptor("t", 2, 5, 9);
    byte[] old = CoderUtils.encodeToByteArray(PartitionDescriptor.Coder.of(), without);
    assertEquals(1, old[0]);
    assertEquals(without, CoderUtils.decodeFromByteArray(PartitionDescriptor.Coder.of(), old));
  }
}
