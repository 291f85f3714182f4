package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.runners.flink.ForkedJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One command for the headline table of the benchmark page: runs the read, write and latency
 * benchmarks against their fair baselines, each in a JVM of its own and one after the other (never
 * side by side: they share the machine), and prints one table of the headline measures, each with
 * its goal and whether it is met, with the machine's load average and steal share during each
 * benchmark. The benchmarks' own full tables are printed on the way.
 *
 * <ul>
 *   <li>read ({@link ReadBenchmark}): {@code plain-consumer}, {@code plain-consumer-2}, {@code
 *       kafkaio-flink}, {@code ours-flink} over {@code --records} records
 *   <li>write ({@link WriteBenchmark}): {@code plain-producer-2}, {@code kafkaio-flink}, {@code
 *       ours-flink}, {@code plain-txn-producer}, {@code ours-eos-flink} over {@code --records}
 *   <li>latency ({@link LatencyBenchmark}): every case at {@code --rate} records/s for {@code
 *       --seconds}, and the sustainable-rate search with {@code --findMaxRate=true}
 * </ul>
 *
 * <pre>
 * MAVEN_OPTS="-Xms6g -Xmx6g -XX:+AlwaysPreTouch" mvn -B -q -pl runners-it exec:java \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.HeadlineBenchmark \
 *   -Dexec.args="--records=5000000 --rate=10000"
 * </pre>
 *
 * <p>Arguments ({@code --name=value}): {@code --records} (default 5,000,000), {@code --runs}
 * (measured runs of the read and write cases, default 3), {@code --rate} (default 10,000), {@code
 * --seconds} (default 20), {@code --findMaxRate} (default false), {@code --only=read,write,latency}
 * (default all three). Exits 1 when a benchmark failed.
 */
public final class HeadlineBenchmark {
  private static final Set<String> BENCHMARKS = Set.of("read", "write", "latency");

  private HeadlineBenchmark() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = new LinkedHashMap<>();
    for (String arg : args) {
      String[] kv = arg.replaceFirst("^--", "").split("=", 2);
      if (!arg.startsWith("--") || kv.length != 2) {
        System.err.println("Expected --name=value, got '" + arg + "'");
        System.exit(2);
      }
      a.put(kv[0], kv[1]);
    }
    for (String key : a.keySet()) {
      if (!Set.of("records", "runs", "rate", "seconds", "findMaxRate", "only").contains(key)) {
        System.err.println(
            "Unknown argument --"
                + key
                + "; known: --records, --runs, --rate, --seconds, --findMaxRate, --only");
        System.exit(2);
      }
    }
    List<String> only = List.of(a.getOrDefault("only", "read,write,latency").split(","));
    for (String name : only) {
      if (!BENCHMARKS.contains(name)) {
        System.err.println("--only: unknown benchmark '" + name + "'; known: read,write,latency");
        System.exit(2);
      }
    }
    String records = a.getOrDefault("records", "5000000");
    String runs = a.getOrDefault("runs", "3");
    String rate = a.getOrDefault("rate", "10000");
    String seconds = a.getOrDefault("seconds", "20");
    String classPath = ForkedJvm.isolatedClassPath(HeadlineBenchmark.class);
    if (classPath == null) {
      classPath = System.getProperty("java.class.path");
    }
    Path rowsFile = Files.createTempFile("headline-", ".tsv");
    List<String> machine = new ArrayList<>();
    boolean ok = true;
    try {
      Map<String, Map.Entry<Class<?>, List<String>>> benchmarks = new LinkedHashMap<>();
      benchmarks.put(
          "read",
          Map.entry(
              ReadBenchmark.class,
              List.of(
                  "--records=" + records,
                  "--runs=" + runs,
                  "--warmupRuns=2",
                  "--maxWarmupRuns=4",
                  "--only=plain-consumer,plain-consumer-2,kafkaio-flink,ours-flink")));
      benchmarks.put(
          "write",
          Map.entry(
              WriteBenchmark.class,
              List.of(
                  "--records=" + records,
                  "--runs=" + runs,
                  "--only=plain-producer-2,kafkaio-flink,ours-flink,plain-txn-producer,"
                      + "ours-eos-flink")));
      benchmarks.put(
          "latency",
          Map.entry(
              LatencyBenchmark.class,
              List.of(
                  "--rate=" + rate,
                  "--seconds=" + seconds,
                  "--warmupSeconds=60",
                  "--findMaxRate=" + a.getOrDefault("findMaxRate", "false"))));
      for (Map.Entry<String, Map.Entry<Class<?>, List<String>>> b : benchmarks.entrySet()) {
        if (only.contains(b.getKey())) {
          List<String> childArgs = new ArrayList<>(b.getValue().getValue());
          childArgs.add("--headline=" + rowsFile);
          ok &= run(b.getValue().getKey(), classPath, machine, b.getKey(), childArgs);
        }
      }
      print(Headline.read(rowsFile), machine, records, rate);
    } finally {
      Files.deleteIfExists(rowsFile);
    }
    System.exit(ok ? 0 : 1);
  }

  /** Runs one benchmark in a child JVM, noting the load and steal around it; false if it failed. */
  private static boolean run(
      Class<?> main, String classPath, List<String> machine, String name, List<String> args)
      throws IOException, InterruptedException {
    double loadBefore = ReadBenchmarkReport.loadAverage();
    MachineSample before = MachineSample.now();
    long start = System.nanoTime();
    System.out.printf(Locale.ROOT, "%n=== %s benchmark: %s%n", name, String.join(" ", args));
    int status = ForkedJvm.run(main, classPath, args.toArray(String[]::new));
    MachineSample after = MachineSample.now();
    machine.add(
        String.format(
            Locale.ROOT,
            "%s: %.0f s, load average %.2f before and %.2f after, steal %.1f%%%s",
            name,
            (System.nanoTime() - start) / 1e9,
            loadBefore,
            ReadBenchmarkReport.loadAverage(),
            after.stealPercentSince(before),
            status == 0 ? "" : ", FAILED (exit status " + status + ")"));
    return status == 0;
  }

  /** The headline table, in Markdown (as on the benchmark page), and the machine's lines. */
  private static void print(
      List<Headline.Row> rows, List<String> machine, String records, String rate) {
    System.out.printf(
        Locale.ROOT,
        "%n=== Headline (%s records for read and write, latency at %s records/s; %d cores)%n%n",
        records,
        rate,
        Runtime.getRuntime().availableProcessors());
    System.out.println("| benchmark | measure | value | goal | verdict |");
    System.out.println("| --- | --- | --- | --- | --- |");
    for (Headline.Row row : rows) {
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %s | %s |%n",
          row.benchmark(),
          row.measure(),
          row.value(),
          row.goal(),
          row.verdict());
    }
    System.out.println();
    machine.forEach(System.out::println);
  }
}
