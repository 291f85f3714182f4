package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.runners.flink.ForkedJvm;
import dev.kafkaconnector.runners.registry.SchemaRegistryServer;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link FormatDecodeBenchmark} for every format of {@link FormatCases} (ours and each of
 * Flink's decoders, one JMH fork each) and prints ops/s (one op = one message decoded into rows)
 * and ours/Flink. Before timing anything it checks that both sides decode every message into the
 * same rows ({@link EquivalenceCheck}) and stops if they do not.
 *
 * <pre>
 * mvn -B -q -o -pl runners-it exec:java \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.formats.FormatBenchmarkMain \
 *   [-Dexec.args="json csv"]     # formats to run (default all), --verify-only to skip timing
 * </pre>
 *
 * <p>That measures the kafka-connector-formats jar Maven resolves from {@code ~/.m2}. To measure
 * this checkout's formats module instead, build it in the same reactor run:
 *
 * <pre>
 * mvn -B -q -o -pl runners-it -am package exec:java -DskipTests -Dexec.skip=true \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.formats.FormatBenchmarkMain
 * </pre>
 *
 * <p>The header line says which formats classes were measured.
 *
 * <p>Under {@code exec:java} it re-runs itself in a child JVM with the project class path ({@link
 * ForkedJvm}), since JMH forks its measurement JVMs with {@code java.class.path}, which there is
 * Maven's launcher.
 */
public final class FormatBenchmarkMain {
  /** Heap of the JMH forks: fixed, so that runs compare. */
  static final List<String> FORK_JVM_ARGS = List.of("-Xms1g", "-Xmx1g");

  private static final PrintStream OUT = System.out;

  private FormatBenchmarkMain() {}

  public static void main(String[] args) throws Exception {
    String isolatedClassPath = ForkedJvm.isolatedClassPath(FormatBenchmarkMain.class);
    if (isolatedClassPath != null) {
      System.exit(ForkedJvm.run(FormatBenchmarkMain.class, isolatedClassPath, args));
      return;
    }
    boolean verifyOnly = false;
    List<String> formats = new ArrayList<>();
    for (String arg : args) {
      if (arg.equals("--verify-only")) {
        verifyOnly = true;
      } else if (arg.startsWith("-")) {
        System.err.println("Unknown argument " + arg + "; usage: [--verify-only] [format ...]");
        System.exit(2);
      } else {
        formats.add(arg);
      }
    }
    Map<String, FormatCase> cases = select(formats);
    try (SchemaRegistryServer registry = BenchRegistry.startIfNeeded(cases.values())) {
      List<String> forkArgs = new ArrayList<>(FORK_JVM_ARGS);
      if (registry != null) {
        System.setProperty(AvroConfluentCase.REGISTRY_URL, registry.url());
        forkArgs.add("-D" + AvroConfluentCase.REGISTRY_URL + "=" + registry.url());
      }
      printHeader(cases);
      for (FormatCase formatCase : cases.values()) {
        verify(formatCase);
      }
      if (verifyOnly) {
        return;
      }
      List<String> targets = new ArrayList<>();
      cases.values().forEach(c -> targets.addAll(FormatCases.targets(c)));
      Options options =
          new OptionsBuilder()
              .include("^" + Pattern.quote(FormatDecodeBenchmark.class.getName()) + "\\.decode$")
              .param("target", targets.toArray(new String[0]))
              .jvmArgs(forkArgs.toArray(new String[0]))
              .shouldFailOnError(true)
              .build();
      Collection<RunResult> results = new Runner(options).run();
      printTable(cases, results);
      printCommand(args);
    }
  }

  private static Map<String, FormatCase> select(List<String> formats) {
    Map<String, FormatCase> available = FormatCases.available();
    if (formats.isEmpty()) {
      return available;
    }
    Map<String, FormatCase> out = new LinkedHashMap<>();
    for (String format : formats) {
      FormatCases.ofFormat(format).forEach(c -> out.put(c.name(), c));
    }
    return out;
  }

  private static void printHeader(Map<String, FormatCase> cases) {
    OUT.printf(
        Locale.ROOT,
        "Format decode benchmark: Java %s on %d cores, load average %.2f; formats %s%s%n"
            + "Our formats from %s%n",
        Runtime.version(),
        Runtime.getRuntime().availableProcessors(),
        loadAverage(),
        cases.keySet(),
        FormatCases.unavailable().isEmpty()
            ? ""
            : " (not on the class path, skipped: " + FormatCases.unavailable() + ")",
        origin(Formats.class));
  }

  /** Where a class was loaded from, with the jar's modification time. */
  private static String origin(Class<?> type) {
    try {
      Path path = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
      return path + " (modified " + Files.getLastModifiedTime(path) + ")";
    } catch (Exception e) {
      return "an unknown location (" + e + ")";
    }
  }

  private static void verify(FormatCase formatCase) throws Exception {
    byte[][] messages = formatCase.messages();
    long bytes = 0;
    for (byte[] message : messages) {
      bytes += message.length;
    }
    int rows = EquivalenceCheck.verify(formatCase);
    OUT.printf(
        Locale.ROOT,
        "%s: %d messages, %.0f bytes on average, %d rows; %s%n",
        formatCase.name(),
        messages.length,
        (double) bytes / messages.length,
        rows,
        formatCase.flinkIds().isEmpty()
            ? "no Flink decoder, ours decodes every message"
            : "ours and Flink's " + formatCase.flinkIds() + " decode them alike");
  }

  private static void printTable(Map<String, FormatCase> cases, Collection<RunResult> results) {
    Map<String, Result<?>> byTarget = new HashMap<>();
    for (RunResult result : results) {
      byTarget.put(result.getParams().getParam("target"), result.getPrimaryResult());
    }
    OUT.println();
    OUT.println("Messages decoded per second (one thread; ± is JMH's 99.9% confidence interval):");
    String format = "%-14s %-13s %22s %22s %12s  %s%n";
    OUT.printf(
        Locale.ROOT,
        format,
        "format",
        "flink decoder",
        "ours ops/s",
        "Flink ops/s",
        "ours/Flink",
        "Flink class");
    for (FormatCase formatCase : cases.values()) {
      Result<?> ours = byTarget.get(formatCase.name() + FormatCases.SEPARATOR + FormatCases.OURS);
      if (formatCase.flink().isEmpty()) {
        OUT.printf(
            Locale.ROOT,
            format,
            formatCase.name(),
            "-",
            score(ours),
            "n/a",
            "n/a",
            "(no Flink decoder on the class path)");
      }
      for (FormatCase.FlinkDecoder decoder : formatCase.flink()) {
        Result<?> flink = byTarget.get(formatCase.name() + FormatCases.SEPARATOR + decoder.id());
        OUT.printf(
            Locale.ROOT,
            format,
            formatCase.name(),
            decoder.id(),
            score(ours),
            score(flink),
            ours == null || flink == null
                ? "n/a"
                : String.format(Locale.ROOT, "%.2fx", ours.getScore() / flink.getScore()),
            decoder.description());
      }
    }
    printProjection(cases, byTarget);
    OUT.printf(Locale.ROOT, "Load average at the end: %.2f%n", loadAverage());
  }

  /**
   * What projection push-down saves: each projected case against the whole-row case of its format,
   * for ours and for Flink's decoder of the same id.
   */
  private static void printProjection(
      Map<String, FormatCase> cases, Map<String, Result<?>> byTarget) {
    OUT.println();
    OUT.println(
        "Projection push-down: messages per second decoding "
            + ProjectedCase.COLUMNS
            + " (2 of 11 columns) against all 11:");
    String format = "%-14s %-13s %22s %22s %12s%n";
    OUT.printf(Locale.ROOT, format, "format", "decoder", "all columns", "2 columns", "speed-up");
    for (FormatCase formatCase : cases.values()) {
      if (!(formatCase instanceof ProjectedCase projected)) {
        continue;
      }
      List<String> ids = new ArrayList<>();
      ids.add(FormatCases.OURS);
      ids.addAll(projected.flinkIds());
      for (String id : ids) {
        Result<?> all = byTarget.get(projected.whole().name() + FormatCases.SEPARATOR + id);
        Result<?> some = byTarget.get(projected.name() + FormatCases.SEPARATOR + id);
        OUT.printf(
            Locale.ROOT,
            format,
            projected.format(),
            id,
            score(all),
            score(some),
            all == null || some == null
                ? "n/a"
                : String.format(Locale.ROOT, "%.2fx", some.getScore() / all.getScore()));
      }
    }
  }

  private static String score(Result<?> result) {
    if (result == null) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%,.0f ± %,.0f", result.getScore(), result.getScoreError());
  }

  private static void printCommand(String[] args) {
    String arguments = args.length == 0 ? "" : String.join(" ", args);
    if (Boolean.getBoolean(ForkedJvm.CHILD_PROPERTY)) {
      OUT.println(
          "Command: mvn -B -q -o -pl runners-it exec:java -Dexec.mainClass="
              + FormatBenchmarkMain.class.getName()
              + (arguments.isEmpty() ? "" : " -Dexec.args=\"" + arguments + "\"")
              + "  (or, for this checkout's formats: -pl runners-it -am package exec:java"
              + " -DskipTests -Dexec.skip=true ...)");
    } else {
      OUT.println(
          "Command: java "
              + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments())
              + " -cp <runners-it runtime class path> "
              + FormatBenchmarkMain.class.getName()
              + (arguments.isEmpty() ? "" : " " + arguments));
    }
    Warmup warmup = FormatDecodeBenchmark.class.getAnnotation(Warmup.class);
    Measurement measurement = FormatDecodeBenchmark.class.getAnnotation(Measurement.class);
    OUT.printf(
        Locale.ROOT,
        "JMH %s: throughput, 1 fork per target, warm-up %d x %d %s, measurement %d x %d %s,"
            + " fork JVM args %s%n",
        org.openjdk.jmh.util.Version.getPlainVersion(),
        warmup.iterations(),
        warmup.time(),
        warmup.timeUnit(),
        measurement.iterations(),
        measurement.time(),
        measurement.timeUnit(),
        FORK_JVM_ARGS);
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
