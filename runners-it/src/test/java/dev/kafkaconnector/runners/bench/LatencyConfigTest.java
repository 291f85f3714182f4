package dev.kafkaconnector.runners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The latency benchmark's arguments. */
class LatencyConfigTest {

  @Test
  void defaultsAreTheIssuesSetting() {
    LatencyConfig config = LatencyConfig.parse(new String[0]);
    assertEquals(50_000, config.rate);
    assertEquals(1000, config.checkpointMillis);
    assertEquals(2, config.parallelism);
    assertEquals(4, config.partitions);
    assertEquals(200, config.valueBytes);
    assertFalse(config.findMaxRate);
    assertTrue(config.selected("kafkaio-flink"));
  }

  @Test
  void casesAndNumbersAreParsed() {
    LatencyConfig config =
        LatencyConfig.parse(
            new String[] {
              "--rate=20_000", "--seconds=5", "--only=plain-loop, ours-flink", "--findMaxRate=true"
            });
    assertEquals(20_000, config.rate);
    assertEquals(5, config.seconds);
    assertTrue(config.findMaxRate);
    assertTrue(config.selected("ours-flink"));
    assertFalse(config.selected("ours-direct"));
  }

  @Test
  void anUnknownCaseIsRefusedWithTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LatencyConfig.parse(new String[] {"--only=ours-spark"}));
    assertTrue(e.getMessage().startsWith("--only: unknown case 'ours-spark'"), e.getMessage());
    assertTrue(e.getMessage().contains("plain-loop"), e.getMessage());
  }

  @Test
  void aRateOfZeroIsRefusedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> LatencyConfig.parse(new String[] {"--rate=0"}));
    assertTrue(e.getMessage().startsWith("--rate: must be positive"), e.getMessage());
  }
}
