package dev.kafkaconnector.runners.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The benchmark's command-line settings ({@code --name=value}).
 *
 * <ul>
 *   <li>{@code --records=N} data records in the measured topic (default 1,000,000; rounded up to a
 *       multiple of the partition count, see {@link TopicLoader})
 *   <li>{@code --partitions=P} partitions of every benchmark topic (default 4)
 *   <li>{@code --valueBytes=B} size of each record value (default 200)
 *   <li>{@code --bootstrapServers=host:port} use that cluster instead of an embedded in-JVM broker
 *   <li>{@code --runs=K} measured repetitions per case, the median is reported (default 1)
 *   <li>{@code --only=a,b} run only these cases (names as in {@link ReadBenchmark#CASE_NAMES})
 *   <li>{@code --warmupRecords=W} records of the warm-up topic (default 50,000)
 *   <li>{@code --warmupRuns=N} unmeasured runs of each case on the main topic after the warm-up
 *       topic's run, at least (default 5)
 *   <li>{@code --maxWarmupRuns=M} more warm-up runs on the main topic, up to {@code M} in all,
 *       until the last three lie within {@code --settle} of the fastest of them: a case's run times
 *       keep falling for several runs while the JIT compiles the runner's code (default 10)
 *   <li>{@code --settle=F} the relative spread of three warm-up runs taken as settled (default 0.1)
 *   <li>{@code --parallelism=n} parallelism of the embedded Flink jobs (default 2)
 *   <li>{@code --timeoutSeconds=s} limit of one pipeline run (default 900)
 *   <li>{@code --flinkCluster=per-job|kept} whether each Flink job starts its own embedded cluster
 *       ({@code [local]}, the default) or all run on one embedded cluster started before the first
 *       case, as jobs on a session cluster do ({@code [auto]} on a {@code KeptMiniCluster})
 *   <li>{@code --headline=FILE} append the rows of the headline table to {@code FILE} ({@link
 *       HeadlineBenchmark})
 * </ul>
 */
final class BenchmarkConfig {
  long records = 1_000_000L;
  int partitions = 4;
  int valueBytes = 200;
  @Nullable String bootstrapServers;
  int runs = 1;
  long warmupRecords = 50_000L;
  int warmupRuns = 5;
  int maxWarmupRuns = 10;
  double settle = 0.1;
  int parallelism = 2;
  long timeoutSeconds = 900;

  /** Whether the Flink cases run on one embedded cluster kept for the whole benchmark. */
  boolean keptFlinkCluster = false;

  /** Where the rows of the headline table go ({@code --headline}), or null. */
  @Nullable String headline;

  final Set<String> only = new LinkedHashSet<>();
  final List<String> rawArgs = new ArrayList<>();

  /**
   * Parses {@code --name=value} arguments.
   *
   * @throws IllegalArgumentException naming the argument when it is unknown or malformed
   */
  static BenchmarkConfig parse(String[] args, List<String> knownCases) {
    BenchmarkConfig config = new BenchmarkConfig();
    for (String arg : args) {
      if (arg.isBlank()) {
        continue;
      }
      config.rawArgs.add(arg);
      int eq = arg.indexOf('=');
      if (!arg.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException("Expected --name=value, got '" + arg + "'\n" + usage());
      }
      String name = arg.substring(2, eq);
      String value = arg.substring(eq + 1).trim();
      try {
        switch (name) {
          case "records" -> config.records = BenchArgs.positiveLong(value);
          case "partitions" -> config.partitions = (int) BenchArgs.positiveLong(value);
          case "valueBytes" -> config.valueBytes = (int) BenchArgs.positiveLong(value);
          case "bootstrapServers" -> config.bootstrapServers = value.isEmpty() ? null : value;
          case "runs" -> config.runs = (int) BenchArgs.positiveLong(value);
          case "warmupRecords" -> config.warmupRecords = BenchArgs.positiveLong(value);
          case "warmupRuns" -> config.warmupRuns = (int) BenchArgs.nonNegativeLong(value);
          case "maxWarmupRuns" -> config.maxWarmupRuns = (int) BenchArgs.nonNegativeLong(value);
          case "settle" -> config.settle = BenchArgs.fraction(value);
          case "parallelism" -> config.parallelism = (int) BenchArgs.positiveLong(value);
          case "timeoutSeconds" -> config.timeoutSeconds = BenchArgs.positiveLong(value);
          case "headline" -> config.headline = value.isEmpty() ? null : value;
          case "flinkCluster" ->
              config.keptFlinkCluster =
                  switch (value) {
                    case "kept" -> true;
                    case "per-job" -> false;
                    default ->
                        throw new IllegalArgumentException(
                            "expected per-job or kept, got '" + value + "'");
                  };
          case "only" -> {
            for (String item : value.split(",")) {
              String caseName = item.trim().toLowerCase(Locale.ROOT);
              if (caseName.isEmpty()) {
                continue;
              }
              if (!knownCases.contains(caseName)) {
                throw new IllegalArgumentException(
                    "unknown case '" + caseName + "'; known: " + String.join(",", knownCases));
              }
              config.only.add(caseName);
            }
          }
          default -> throw new IllegalArgumentException("unknown argument\n" + usage());
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--" + name + ": " + e.getMessage(), e);
      }
    }
    config.maxWarmupRuns = Math.max(config.maxWarmupRuns, config.warmupRuns);
    return config;
  }

  /** Whether the case runs in this invocation. */
  boolean selected(String caseName) {
    return only.isEmpty() || only.contains(caseName);
  }

  static String usage() {
    return "Usage: ReadBenchmark [--records=N] [--partitions=P] [--valueBytes=B]"
        + " [--bootstrapServers=host:port] [--runs=K] [--only=case,...] [--warmupRecords=W] [--warmupRuns=N]"
        + " [--maxWarmupRuns=M] [--settle=F]"
        + " [--parallelism=n] [--timeoutSeconds=s] [--flinkCluster=per-job|kept]"
        + " [--headline=FILE]";
  }
}
