package dev.kafkaconnector.runners.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * Prints the results table and the throughput ratios of {@code ours-*} to the other readers on the
 * same runner, with the targets on Flink (ours at least 0.85x the plain consumer and 2.5x KafkaIO,
 * and 0.9x the plain consumer with JSON decoding; issue #7).
 */
final class ResultTable {
  private static final double TARGET_VS_PLAIN = 0.85;

  /** Goals against two consumer threads (our jobs' parallelism): wall and net, and CPU. */
  private static final double TARGET_VS_PLAIN_2 = 0.9;

  private static final double TARGET_CPU_VS_PLAIN_2 = 0.8;
  private static final double TARGET_VS_KAFKAIO = 2.5;
  private static final double TARGET_JSON_VS_PLAIN = 0.9;

  private final Map<String, CaseResult> results;

  ResultTable(List<CaseResult> results) {
    this.results =
        results.stream()
            .collect(
                Collectors.toMap(r -> r.name, r -> r, (a, b) -> a, java.util.LinkedHashMap::new));
  }

  void print(PrintStream out) {
    printHeader(out);
    for (CaseResult r : results.values()) {
      printRow(out, r);
    }
    printNotes(out);
    printRatios(out);
  }

  private static void printHeader(PrintStream out) {
    out.println();
    out.printf(
        Locale.ROOT,
        "%-31s %4s %9s %7s %7s %11s %8s %8s %8s %11s %8s %8s %7s %6s %8s %9s %9s  %s%n",
        "case",
        "runs",
        "wall s",
        "min s",
        "max s",
        "rec/s",
        "MB/s",
        "fixed s",
        "net s",
        "net rec/s",
        "net MB/s",
        "warmup s",
        "cpu s",
        "steal",
        "warm-ups",
        "heap MB",
        "live MB",
        "status");
  }

  private static void printRow(PrintStream out, CaseResult r) {
    double wall = r.wallSeconds();
    double net = r.netSeconds();
    out.printf(
        Locale.ROOT,
        "%-31s %4d %9.2f %7.2f %7.2f %11s %8.1f %8.2f %8.2f %11s %8.1f %8.2f %7.2f %5.0f%% %8s %,9d"
            + " %,9d  %s%n",
        r.name,
        r.measuredRuns.size(),
        wall,
        r.minSeconds(),
        r.maxSeconds(),
        rate(r.recordsPerSecond(wall)),
        r.megabytesPerSecond(wall),
        r.fixedSeconds(),
        net,
        rate(r.recordsPerSecond(net)),
        r.megabytesPerSecond(net),
        r.warmupSeconds,
        r.cpuSeconds(),
        r.stealPercent(),
        r.warmupRuns.size() + (r.settled || r.warmupRuns.isEmpty() ? "" : " (!)"),
        r.peakHeapMb(),
        r.liveHeapMb(),
        r.ok() ? "OK (exact count)" : "FAILED: " + r.failure);
  }

  /** What the columns mean. */
  private static void printNotes(PrintStream out) {
    out.println(
        "wall = median of run()+waitUntilFinish(); fixed = median of the same case on a topic with"
            + " one record per partition (warm JVM); net = wall - fixed. MB = 10^6 bytes of values.");
    out.println(
        "warmup s = the first run, on the warm-up topic; warm-ups = runs on the main topic before"
            + " the measured ones, (!) when the last three still differed by more than --settle.");
    out.println(
        "cpu = median CPU seconds of this JVM (readers, runner and the in-JVM broker) per measured"
            + " run; steal = median share of the machine's time taken by the hypervisor meanwhile.");
    out.println(
        "heap = the largest sum of the heap pools' peaks in a measured run (garbage included);"
            + " live = the most heap left after a collection during the measured runs (in-JVM"
            + " broker included).");
  }

  /** The throughput ratios of ours to the other readers on the same runner, with the targets. */
  private void printRatios(PrintStream out) {
    out.println();
    out.println(
        "Throughput ratios (ours / other; > 1 means ours is faster; cpu: other's CPU seconds over"
            + " ours, > 1 means ours needs less):");
    for (String runner : List.of("flink", "direct")) {
      boolean targets = runner.equals("flink");
      ratio(out, "ours-" + runner, "plain-consumer", targets ? TARGET_VS_PLAIN : 0);
      ratio(
          out,
          "ours-" + runner,
          "plain-consumer-2",
          targets ? TARGET_VS_PLAIN_2 : 0,
          targets ? TARGET_CPU_VS_PLAIN_2 : 0);
      ratio(out, "ours-" + runner, "kafkaio-" + runner, targets ? TARGET_VS_KAFKAIO : 0);
      ratio(out, "ours-" + runner, "kafkaio-sdf-" + runner, targets ? TARGET_VS_KAFKAIO : 0);
    }
    ratio(out, "ours-flink-streaming-fastercopy", "ours-flink-streaming", 0);
    ratio(out, "ours-json-flink", "plain-consumer-json", TARGET_JSON_VS_PLAIN);
    ratio(out, "ours-json-direct", "plain-consumer-json", 0);
  }

  private void ratio(PrintStream out, String ours, String other, double target) {
    ratio(out, ours, other, target, 0);
  }

  /**
   * One ratio line; {@code target} is the goal for wall and net, {@code cpuTarget} (when above 0)
   * the goal for CPU.
   */
  private void ratio(PrintStream out, String ours, String other, double target, double cpuTarget) {
    CaseResult a = results.get(ours);
    CaseResult b = results.get(other);
    String label = String.format(Locale.ROOT, "  %-31s / %-20s", ours, other);
    if (a == null || b == null || !a.ok() || !b.ok()) {
      out.println(label + " n/a (case not run or failed)");
      return;
    }
    double wall = quotient(a, b, CaseResult::wallSeconds);
    double net = quotient(a, b, CaseResult::netSeconds);
    double cpu = quotient(a, b, CaseResult::cpuSeconds);
    String verdict =
        target <= 0
            ? ""
            : String.format(
                    Locale.ROOT,
                    "  target >= %.2fx: wall %s, net %s",
                    target,
                    wall >= target ? "MET" : "MISSED",
                    Double.isNaN(net) ? "n/a" : net >= target ? "MET" : "MISSED")
                + (cpuTarget <= 0
                    ? ""
                    : String.format(
                        Locale.ROOT,
                        "; cpu >= %.2fx %s",
                        cpuTarget,
                        cpu >= cpuTarget ? "MET" : "MISSED"));
    out.printf(
        Locale.ROOT,
        "%s wall %5.2fx   net %5.2fx   cpu %5.2fx%s%n",
        label,
        wall,
        net,
        cpu,
        verdict);
  }

  /**
   * The read benchmark's rows of the headline table: ours on Flink against the plain consumers
   * (wall; CPU against two threads) and against KafkaIO, where both cases ran and passed.
   */
  Headline headline() {
    Headline headline = new Headline("read");
    headlineRatio(headline, "plain-consumer", TARGET_VS_PLAIN, 0);
    headlineRatio(headline, "plain-consumer-2", TARGET_VS_PLAIN_2, TARGET_CPU_VS_PLAIN_2);
    headlineRatio(headline, "kafkaio-flink", TARGET_VS_KAFKAIO, 0);
    headlineRatio(headline, "kafkaio-sdf-flink", TARGET_VS_KAFKAIO, 0);
    return headline;
  }

  private void headlineRatio(Headline headline, String other, double target, double cpuTarget) {
    CaseResult a = results.get("ours-flink");
    CaseResult b = results.get(other);
    if (a == null || b == null || !a.ok() || !b.ok()) {
      return;
    }
    headline.ratio(
        "ours-flink / " + other + ", wall", quotient(a, b, CaseResult::wallSeconds), target);
    if (cpuTarget > 0) {
      headline.ratio(
          "ours-flink / " + other + ", net of the job's fixed cost",
          quotient(a, b, CaseResult::netSeconds),
          target);
      headline.ratio(
          "ours-flink / " + other + ", CPU", quotient(a, b, CaseResult::cpuSeconds), cpuTarget);
    }
  }

  /** Throughput of {@code a} over throughput of {@code b} (same record count: time b / time a). */
  private static double quotient(CaseResult a, CaseResult b, ToDoubleFunction<CaseResult> seconds) {
    return seconds.applyAsDouble(b) / seconds.applyAsDouble(a);
  }

  private static String rate(double perSecond) {
    return Double.isNaN(perSecond) ? "n/a" : String.format(Locale.ROOT, "%,.0f", perSecond);
  }
}
