package dev.kafkaconnector.runners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyTimelineTest {
  private static final long T0 = 1_000_000_000_000L;

  /** Ten records, 50 ms apart; two runs of late ones and a lost one. */
  private static LatencyTimeline sample() {
    long[] sent = new long[12];
    long[] latency = new long[12];
    int[] append = new int[12];
    for (int i = 0; i < 12; i++) {
      sent[i] = T0 + i * 50L;
      latency[i] = 10_000_000L; // 10 ms
      append[i] = 5;
    }
    latency[0] = 900_000_000L; // the warm-up record (before `from`): not counted
    latency[3] = 300_000_000L; // 300 ms, bucket 1
    latency[4] = 250_000_000L; // 250 ms, bucket 2 (same stall)
    append[4] = 240;
    latency[9] = 150_000_000L; // 150 ms, bucket 4
    latency[10] = -1; // lost
    return LatencyTimeline.of(sent, latency, append, 1);
  }

  @Test
  void aStallIsARunOfSlotsOverTheThresholdWorstFirst() {
    List<LatencyTimeline.Stall> stalls = sample().stalls(100);
    assertEquals(2, stalls.size(), stalls.toString());
    assertEquals(new LatencyTimeline.Stall(T0 + 100, T0 + 300, 300, 240), stalls.get(0));
    assertEquals(new LatencyTimeline.Stall(T0 + 400, T0 + 500, 150, 5), stalls.get(1));
  }

  @Test
  void nothingOverTheThresholdIsNoStall() {
    assertEquals(List.of(), sample().stalls(400));
  }

  @Test
  void theCsvHasABucketPerSlotWithoutTheLostRecord(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("t.csv");
    sample().write(file);
    List<String> lines = Files.readAllLines(file);
    assertEquals("sent_epoch_ms,sent_utc,records,max_latency_ms,max_append_ms", lines.get(0));
    assertEquals(7, lines.size(), lines.toString()); // header and six 100 ms slots
    assertEquals(T0 + 500 + ",01:46:40.500,1,10.0,5", lines.get(6));
  }
}
