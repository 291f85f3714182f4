package dev.kafkaconnector.runners.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The lines of {@link ReadBenchmark} around its results: the configuration and environment at the
 * start (what the numbers depend on) and the command line at the end (to repeat the run). Kept
 * apart from the benchmark's loop over cases and runs.
 */
final class ReadBenchmarkReport {
  private ReadBenchmarkReport() {}

  /** The configuration, the JVM and its heap settings (with a warning when not fixed). */
  static void printHeader(PrintStream out, BenchmarkConfig config) {
    Runtime rt = Runtime.getRuntime();
    out.printf(
        Locale.ROOT,
        "ReadBenchmark: records=%,d partitions=%d valueBytes=%d runs=%d warmupRecords=%,d"
            + " warmupRuns=%d..%d (settled: within %.0f%%) flinkParallelism=%d cases=%s%n",
        TopicLoader.evenCount(config.records, config.partitions),
        config.partitions,
        config.valueBytes,
        config.runs,
        config.warmupRecords,
        config.warmupRuns,
        config.maxWarmupRuns,
        config.settle * 100,
        config.parallelism,
        config.only.isEmpty() ? "all" : String.join(",", config.only));
    out.printf(
        Locale.ROOT,
        "JVM %s, %d processors, max heap %,d MB, load average at start %.2f%n",
        System.getProperty("java.version"),
        rt.availableProcessors(),
        rt.maxMemory() >> 20,
        loadAverage());
    List<String> heapArgs =
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
            .filter(
                a -> a.startsWith("-Xms") || a.startsWith("-Xmx") || a.contains("AlwaysPreTouch"))
            .toList();
    out.println(
        "Heap settings: " + (heapArgs.isEmpty() ? "JVM defaults" : String.join(" ", heapArgs)));
    if (rt.totalMemory() < rt.maxMemory() || !heapArgs.contains("-XX:+AlwaysPreTouch")) {
      out.println(
          "  WARNING: heap not fixed and pre-touched (-Xms = -Xmx, -XX:+AlwaysPreTouch): on this kind"
              + " of VM the readers' threads then spend more time in the kernel zeroing fresh heap pages"
              + " than in Java code, and the cases that allocate most lose most");
    }
  }

  /** The command line that repeats this run. */
  static void printCommand(PrintStream out, BenchmarkConfig config) {
    String mavenOpts = System.getenv("MAVEN_OPTS");
    out.println("Command line:");
    out.println(
        "  "
            + (mavenOpts == null ? "" : "MAVEN_OPTS='" + mavenOpts + "' ")
            + "mvn -B -q -o -pl runners-it exec:java"
            + " -Dexec.mainClass="
            + ReadBenchmark.class.getName()
            + " -Dexec.args=\""
            + String.join(" ", config.rawArgs)
            + "\"");
    @Nullable String launcher = System.getProperty("sun.java.command");
    if (launcher != null) {
      out.println("  (this JVM: " + launcher + ")");
    }
  }

  static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
