package dev.kafkaconnector.runners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlineTest {
  @TempDir Path dir;

  @Test
  void rowsOfSeveralBenchmarksComeBackInOrderWithTheirVerdicts() throws Exception {
    Path file = dir.resolve("headline.tsv");
    new Headline("read")
        .ratio("ours-flink / plain-consumer-2, wall", 0.95, 0.9)
        .ratio("ours-flink / plain-consumer-2, CPU", 0.5, 0.8)
        .appendTo(file.toString());
    new Headline("latency")
        .millis("ours-flink p99", 120.26, 100, "<= 100 ms")
        .add("ours-flink / kafkaio-flink, p99", "2.42x", "(none)", null)
        .appendTo(file.toString());

    List<Headline.Row> rows = Headline.read(file);

    assertEquals(4, rows.size());
    assertEquals(
        new Headline.Row("read", "ours-flink / plain-consumer-2, wall", "0.95x", ">= 0.90x", true),
        rows.get(0));
    assertEquals("missed", rows.get(1).verdict());
    assertEquals("120.3 ms", rows.get(2).value());
    assertEquals("missed", rows.get(2).verdict());
    assertNull(rows.get(3).met());
    assertEquals("", rows.get(3).verdict());
  }

  @Test
  void aRatioThatCouldNotBeTakenHasNoVerdictAndNoFileIsWrittenWithoutOne() throws Exception {
    Headline headline = new Headline("write").ratio("ours / other", Double.NaN, 0.9);
    assertEquals("n/a", headline.rows().get(0).value());
    assertNull(headline.rows().get(0).met());
    headline.appendTo(null);
    assertEquals(List.of(), Headline.read(dir.resolve("absent.tsv")));
    assertEquals(0, Files.list(dir).count());
  }
}
