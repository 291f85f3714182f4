package dev.kafkaconnector.runners.bench.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The format benchmark compares like with like: for every format on the class path, our decoder and
 * each of Flink's decode the benchmark's messages into the same rows. (Timings are the benchmark's
 * business, not a test's.)
 */
class FormatEquivalenceTest {

  @Test
  void oursAndFlinkDecodeTheBenchmarkMessagesAlike() throws Exception {
    assertFalse(FormatCases.available().isEmpty(), "no format to compare");
    for (FormatCase formatCase : FormatCases.available().values()) {
      if (formatCase.needsRegistry()) {
        continue; // checked by every benchmark run, which starts a registry
      }
      int rows = EquivalenceCheck.verify(formatCase);
      assertFalse(rows < FormatCase.MESSAGES, formatCase.format() + ": only " + rows + " rows");
    }
  }

  @Test
  void targetsNameOursFirstThenEachFlinkDecoder() {
    assertEquals(
        List.of("json:ours", "json:flink", "json:flink-parser"),
        FormatCases.targets(new JsonCase()));
    assertEquals(List.of("csv:ours", "csv:flink"), FormatCases.targets(new CsvCase()));
  }

  @Test
  void messagesAreTheSameInEveryJvmAndDistinct() {
    byte[][] first = new JsonCase().messages();
    byte[][] again = new JsonCase().messages();
    assertEquals(FormatCase.MESSAGES, first.length);
    for (int i = 0; i < first.length; i++) {
      assertEquals(new String(first[i]), new String(again[i]));
    }
    assertEquals(
        FormatCase.MESSAGES, java.util.Arrays.stream(first).map(String::new).distinct().count());
  }
}
