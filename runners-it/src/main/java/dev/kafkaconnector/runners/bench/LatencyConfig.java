package dev.kafkaconnector.runners.bench;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The latency benchmark's command-line settings ({@code --name=value}).
 *
 * <ul>
 *   <li>{@code --rate=N} input records per second (default 50,000)
 *   <li>{@code --seconds=S} measured seconds per case (default 30)
 *   <li>{@code --warmupSeconds=W} seconds written before the measured part, at the same rate
 *       (default 60); a case's job has read its first record before they start. On two cores the
 *       JIT compiler still takes a fifth of the CPU 20 to 40 s into a Flink job at 50,000/s, and
 *       with the machine saturated the job falls seconds behind; by 60 s it has settled. The
 *       sustainable-rate search warms each probe for {@link #PROBE_WARMUP_SECONDS} at most: it runs
 *       after the case's first run in the same JVM, whose code is compiled by then
 *   <li>{@code --only=a,b} run only these cases (see {@link CopyCases#NAMES})
 *   <li>{@code --findMaxRate=true} also search each case's highest sustainable rate: the highest
 *       rate at which the p99 latency stays under 1 s for {@code --probeSeconds} (default 60)
 *   <li>{@code --checkpointMillis=C} the Flink jobs' checkpoint interval (default 1000)
 *   <li>{@code --maxBundleMillis=B} the Flink jobs' {@code --maxBundleTimeMills} (default: the
 *       runner's, 1000)
 *   <li>{@code --fasterCopy=true} the Flink jobs (ours and KafkaIO's) skip the copy of every
 *       element between chained operators (Flink's default copies it through its coder)
 *   <li>{@code --parallelism=n} the jobs' parallelism and the plain loop's threads (default 2)
 *   <li>{@code --partitions=P} partitions of the input and output topics (default 4)
 *   <li>{@code --valueBytes=B} size of each record value (default 200)
 *   <li>{@code --bootstrapServers=host:port} use that cluster instead of an in-JVM broker
 *   <li>{@code --timeline=DIR} write each run's {@link LatencyTimeline} to {@code
 *       DIR/<case>-<rate>.csv} (the stalls are printed either way)
 *   <li>{@code --headline=FILE} append the rows of the headline table to {@code FILE} ({@link
 *       HeadlineBenchmark})
 * </ul>
 */
final class LatencyConfig {
  int rate = 50_000;
  int seconds = 30;

  /** Warm-up of each probe of the sustainable-rate search, at most. */
  static final int PROBE_WARMUP_SECONDS = 10;

  int warmupSeconds = 60;
  boolean findMaxRate;
  int probeSeconds = 60;
  long checkpointMillis = 1000;
  long maxBundleMillis;
  boolean fasterCopy;
  int parallelism = 2;
  int partitions = 4;
  int valueBytes = 200;
  @Nullable String bootstrapServers;
  @Nullable String headline;
  @Nullable String timeline;
  final Set<String> only = new LinkedHashSet<>();

  /**
   * Parses {@code --name=value} arguments.
   *
   * @throws IllegalArgumentException naming the argument when it is unknown or malformed
   */
  static LatencyConfig parse(String[] args) {
    LatencyConfig config = new LatencyConfig();
    for (String arg : args) {
      if (arg.isBlank()) {
        continue;
      }
      int eq = arg.indexOf('=');
      if (!arg.startsWith("--") || eq < 0) {
        throw new IllegalArgumentException("Expected --name=value, got '" + arg + "'\n" + usage());
      }
      String name = arg.substring(2, eq);
      String value = arg.substring(eq + 1).trim();
      try {
        switch (name) {
          case "rate" -> config.rate = positive(value);
          case "seconds" -> config.seconds = positive(value);
          case "warmupSeconds" -> config.warmupSeconds = positive(value);
          case "findMaxRate" -> config.findMaxRate = Boolean.parseBoolean(value);
          case "probeSeconds" -> config.probeSeconds = positive(value);
          case "checkpointMillis" -> config.checkpointMillis = positive(value);
          case "maxBundleMillis" -> config.maxBundleMillis = positive(value);
          case "fasterCopy" -> config.fasterCopy = Boolean.parseBoolean(value);
          case "parallelism" -> config.parallelism = positive(value);
          case "partitions" -> config.partitions = positive(value);
          case "valueBytes" -> config.valueBytes = Math.max(24, positive(value));
          case "bootstrapServers" -> config.bootstrapServers = value.isEmpty() ? null : value;
          case "headline" -> config.headline = value.isEmpty() ? null : value;
          case "timeline" -> config.timeline = value.isEmpty() ? null : value;
          case "only" -> {
            for (String item : value.split(",")) {
              String caseName = item.trim().toLowerCase(Locale.ROOT);
              if (caseName.isEmpty()) {
                continue;
              }
              if (!CopyCases.NAMES.contains(caseName)) {
                throw new IllegalArgumentException(
                    "unknown case '" + caseName + "'; known: " + String.join(",", CopyCases.NAMES));
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
    return config;
  }

  /** Whether the case runs in this invocation. */
  boolean selected(String caseName) {
    return only.isEmpty() || only.contains(caseName);
  }

  private static int positive(String value) {
    return Math.toIntExact(BenchArgs.positiveLong(value));
  }

  static String usage() {
    return "Usage: LatencyBenchmark [--rate=N] [--seconds=S] [--warmupSeconds=W] [--only=case,...]"
        + " [--findMaxRate=true] [--probeSeconds=S] [--checkpointMillis=C] [--maxBundleMillis=B]"
        + " [--fasterCopy=true]"
        + " [--parallelism=n] [--partitions=P] [--valueBytes=B] [--bootstrapServers=host:port]"
        + " [--timeline=DIR] [--headline=FILE]";
  }
}
