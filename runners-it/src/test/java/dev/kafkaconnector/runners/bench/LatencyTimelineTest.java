package dev.kafkaconnector.runners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyTimelineTest {
  private static final long T0 = 1_000_000_000_000L;

  /**
   * Fourteen records, 50 ms apart: record 0 is left out, 1 to 5 are the warm-up (slots 0 to 2), 6
   * on are measured. A warm-up stall, one reaching from the warm-up into the measured part, a
   * measured one, and a lost record.
   */
  private static LatencyTimeline sample() {
    long[] sent = new long[14];
    long[] latency = new long[14];
    int[] append = new int[14];
    for (int i = 0; i < 14; i++) {
      sent[i] = T0 + i * 50L;
      latency[i] = 10_000_000L; // 10 ms
      append[i] = 5;
    }
    latency[0] = 900_000_000L; // before `from`: left out
    latency[1] = 500_000_000L; // slot 0: a stall of the warm-up alone
    latency[5] = 300_000_000L; // slot 2 (warm-up) ...
    latency[6] = 250_000_000L; // ... and slot 3 (measured): one stall
    append[6] = 240;
    latency[11] = 150_000_000L; // slot 5
    latency[12] = -1; // lost
    return LatencyTimeline.of(sent, latency, append, 1, 6);
  }

  @Test
  void aStallIsARunOfSlotsOverTheThresholdThatReachesTheMeasuredPartWorstFirst() {
    List<LatencyTimeline.Stall> stalls = sample().stalls(100);
    assertEquals(2, stalls.size(), stalls.toString());
    assertEquals(new LatencyTimeline.Stall(T0 + 200, T0 + 400, 300, 240, true), stalls.get(0));
    assertEquals(new LatencyTimeline.Stall(T0 + 500, T0 + 600, 150, 5, false), stalls.get(1));
  }

  @Test
  void nothingOverTheThresholdIsNoStall() {
    assertEquals(List.of(), sample().stalls(600));
  }

  @Test
  void theCsvHasABucketPerSlotWithoutTheLostRecord(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("t.csv");
    sample().write(file);
    List<String> lines = Files.readAllLines(file);
    assertEquals(
        "sent_epoch_ms,sent_utc,records,max_latency_ms,max_append_ms,measured", lines.get(0));
    assertEquals(8, lines.size(), lines.toString()); // header and seven 100 ms slots
    assertEquals(T0 + 200 + ",01:46:40.200,2,300.0,5,false", lines.get(3));
    assertEquals(T0 + 600 + ",01:46:40.600,1,10.0,5,true", lines.get(7));
  }
}
