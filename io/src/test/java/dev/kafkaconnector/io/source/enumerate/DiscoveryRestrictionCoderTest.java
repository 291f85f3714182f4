package dev.kafkaconnector.io.source.enumerate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.io.source.PartitionDescriptor;
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
}
