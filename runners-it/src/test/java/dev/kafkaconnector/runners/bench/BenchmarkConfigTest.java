package dev.kafkaconnector.runners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The read benchmark's arguments, warm-up settings in particular. */
class BenchmarkConfigTest {

  @Test
  void warmUpDefaultsAndOverrides() {
    BenchmarkConfig defaults = BenchmarkConfig.parse(new String[0], ReadBenchmark.CASE_NAMES);
    assertEquals(5, defaults.warmupRuns);
    assertEquals(10, defaults.maxWarmupRuns);
    assertEquals(0.1, defaults.settle);

    BenchmarkConfig set =
        BenchmarkConfig.parse(
            new String[] {
              "--warmupRuns=3", "--maxWarmupRuns=6", "--settle=0.05", "--only=ours-json-flink"
            },
            ReadBenchmark.CASE_NAMES);
    assertEquals(3, set.warmupRuns);
    assertEquals(6, set.maxWarmupRuns);
    assertEquals(0.05, set.settle);
    assertTrue(set.selected("ours-json-flink"));
  }

  @Test
  void theMaximumIsNeverBelowTheMinimum() {
    BenchmarkConfig config =
        BenchmarkConfig.parse(
            new String[] {"--warmupRuns=7", "--maxWarmupRuns=2"}, ReadBenchmark.CASE_NAMES);
    assertEquals(7, config.maxWarmupRuns);
  }

  @Test
  void aSettleOutsideZeroToOneIsRefusedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> BenchmarkConfig.parse(new String[] {"--settle=1.5"}, ReadBenchmark.CASE_NAMES));
    assertTrue(e.getMessage().startsWith("--settle: "), e.getMessage());
  }

  @Test
  void theFlinkClusterIsPerJobUnlessKept() {
    assertFalse(BenchmarkConfig.parse(new String[0], ReadBenchmark.CASE_NAMES).keptFlinkCluster);
    assertTrue(
        BenchmarkConfig.parse(new String[] {"--flinkCluster=kept"}, ReadBenchmark.CASE_NAMES)
            .keptFlinkCluster);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                BenchmarkConfig.parse(
                    new String[] {"--flinkCluster=shared"}, ReadBenchmark.CASE_NAMES));
    assertTrue(
        e.getMessage().startsWith("--flinkCluster: expected per-job or kept"), e.getMessage());
  }
}
