package dev.kafkaconnector.io.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The keys that deal partitions round robin over the workers of a Flink batch job. */
class SpreadPartitionsTest {

  /** Values of Flink 1.19's {@code org.apache.flink.util.MathUtils.murmurHash(int)}. */
  @Test
  void murmurHashIsFlinks() {
    assertEquals(593689054, SpreadPartitions.murmurHash(0));
    assertEquals(68075478, SpreadPartitions.murmurHash(1));
    assertEquals(1168509563, SpreadPartitions.murmurHash(31));
    assertEquals(1294369584, SpreadPartitions.murmurHash(123456));
    assertEquals(206585249, SpreadPartitions.murmurHash(-7));
    assertEquals(1718298732, SpreadPartitions.murmurHash(Integer.MIN_VALUE));
  }

  @Test
  void everyWorkerGetsItsOwnKey() {
    for (int parallelism = 1; parallelism <= 64; parallelism++) {
      int[] keys = SpreadPartitions.flinkBatchKeys(parallelism);
      assertEquals(parallelism, keys.length);
      Set<Integer> distinct = new HashSet<>();
      for (int worker = 0; worker < parallelism; worker++) {
        assertEquals(worker, SpreadPartitions.flinkBatchWorker(keys[worker], parallelism));
        distinct.add(keys[worker]);
      }
      assertEquals(parallelism, distinct.size());
    }
  }
}
