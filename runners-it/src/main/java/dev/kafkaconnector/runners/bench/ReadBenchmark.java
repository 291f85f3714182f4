package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.runners.bench.BeamReadCase.Runner;
import dev.kafkaconnector.runners.bench.BeamReadCase.Source;
import dev.kafkaconnector.runners.flink.ForkedJvm;
import dev.kafkaconnector.runners.flink.KeptMiniCluster;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Read-throughput benchmark: reads one topic (default 1,000,000 records of 200 bytes over 4
 * partitions) with a plain {@code KafkaConsumer}, Beam's {@code KafkaIO} (legacy and SDF reader)
 * and {@code KafkaConnectorIO} on the DirectRunner and embedded Flink, and prints records/s, MB/s
 * and the ratios of ours to the others. The {@code -json} cases read a topic of JSON objects into
 * rows of six columns: ours with {@code format=json}, the plain consumer through a Jackson tree
 * ({@link JsonRows}).
 *
 * <pre>
 * MAVEN_OPTS="-Xms6g -Xmx6g -XX:+AlwaysPreTouch" mvn -B -q -o -pl runners-it exec:java \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.ReadBenchmark -Dexec.args="--records=1000000"
 * </pre>
 *
 * <p>Under {@code exec:java} the benchmark re-runs itself in a child JVM ({@link ForkedJvm}). Per
 * case, in one JVM: a warm-up run on a warm-up topic (class loading, JIT, runner start-up code),
 * then the fixed-cost runs on a topic with one record per partition (what a warm runner costs
 * before and after the records: pipeline translation, Flink mini-cluster start, consumer creation,
 * partition discovery), then the measured runs on the main topic. Every run must deliver exactly
 * the topic's data records, or the case fails. See {@link BenchmarkConfig} for the arguments,
 * {@link BenchmarkTopic} for the topic layout and {@link BeamReadCase} for how each reader is made
 * finite.
 */
public final class ReadBenchmark {
  /** Case names, in run order. */
  static final List<String> CASE_NAMES =
      List.of(
          "plain-consumer",
          "plain-consumer-2",
          "kafkaio-direct",
          "kafkaio-sdf-direct",
          "ours-direct",
          "kafkaio-flink",
          "kafkaio-sdf-flink",
          "ours-flink",
          "ours-flink-streaming",
          "ours-flink-streaming-fastercopy",
          "plain-consumer-json",
          "ours-json-direct",
          "ours-json-flink");

  /** How many consecutive warm-up runs must agree (see {@link #warmUp}). */
  private static final int SETTLED_RUNS = 3;

  private final BenchmarkConfig config;
  private final PrintStream out = System.out;

  private ReadBenchmark(BenchmarkConfig config) {
    this.config = config;
  }

  /**
   * Runs the benchmark; exits with status 1 when a case failed, 2 on bad arguments.
   *
   * @param args {@code --name=value} arguments, see {@link BenchmarkConfig}
   */
  public static void main(String[] args) throws Exception {
    String isolatedClassPath = ForkedJvm.isolatedClassPath(ReadBenchmark.class);
    if (isolatedClassPath != null) { // mvn exec:java: embedded Flink needs a plain class path
      System.exit(ForkedJvm.run(ReadBenchmark.class, isolatedClassPath, args));
      return;
    }
    quietLogs();
    BenchmarkConfig config;
    try {
      config = BenchmarkConfig.parse(args, CASE_NAMES);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    boolean allOk = new ReadBenchmark(config).run();
    System.exit(allOk ? 0 : 1);
  }

  /**
   * Per-job log lines (Pekko start-up, partition listing, Flink's operator-name and web-UI
   * warnings) would drown the progress lines; {@code -D} settings of the same keys win.
   */
  private static void quietLogs() {
    Map<String, String> levels =
        Map.of(
            "org.apache.pekko",
            "warn",
            "dev.kafkaconnector.io",
            "warn",
            "org.apache.flink",
            "error");
    levels.forEach(
        (logger, level) -> {
          String key = "org.slf4j.simpleLogger.log." + logger;
          if (System.getProperty(key) == null) {
            System.setProperty(key, level);
          }
        });
  }

  private boolean run() throws Exception {
    ReadBenchmarkReport.printHeader(out, config);
    EmbeddedKafkaCluster cluster = null;
    try {
      String bootstrap = config.bootstrapServers;
      if (bootstrap == null) {
        long start = System.nanoTime();
        cluster = EmbeddedKafkaCluster.inJvm().start();
        bootstrap = cluster.bootstrapServers();
        out.printf(
            Locale.ROOT,
            "Embedded in-JVM broker at %s, started in %.1f s%n",
            bootstrap,
            secondsSince(start));
      } else {
        out.println("External cluster at " + bootstrap);
      }
      return runCasesOnFlinkCluster(bootstrap);
    } finally {
      if (cluster != null) {
        cluster.close();
      }
    }
  }

  /** {@link #runCases} inside the kept Flink cluster when {@code --flinkCluster=kept}. */
  private boolean runCasesOnFlinkCluster(String bootstrap) throws Exception {
    boolean anyFlink =
        cases(bootstrap).stream().anyMatch(c -> c instanceof BeamReadCase b && b.flink());
    if (!config.keptFlinkCluster || !anyFlink) {
      return runCases(bootstrap);
    }
    long start = System.nanoTime();
    try (KeptMiniCluster flink = KeptMiniCluster.start(config.parallelism)) {
      out.printf(
          Locale.ROOT,
          "Embedded Flink cluster kept for all Flink cases (%d slots), started in %.1f s%n",
          config.parallelism,
          secondsSince(start));
      return runCases(bootstrap);
    }
  }

  private boolean runCases(String bootstrap) throws Exception {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
    TopicLoader loader = new TopicLoader(bootstrap);
    List<ReadCase> cases = cases(bootstrap);
    TopicSet raw =
        cases.stream().anyMatch(c -> !c.json()) ? loadSet(loader, "bench-", suffix, false) : null;
    TopicSet json =
        cases.stream().anyMatch(ReadCase::json)
            ? loadSet(loader, "bench-json-", suffix, true)
            : null;
    List<CaseResult> results = new ArrayList<>();
    try {
      for (ReadCase readCase : cases) {
        TopicSet topics = readCase.json() ? json : raw;
        CaseResult result = new CaseResult(readCase.name(), topics.main());
        results.add(result);
        try {
          measure(readCase, topics.warmup(), topics.tiny(), topics.main(), result);
        } catch (BeamReadCase.FatalBenchmarkException e) {
          result.failure = e.getMessage();
          out.println("FATAL: " + e.getMessage() + "; stopping.");
          break;
        } catch (Exception | AssertionError e) {
          result.failure = e.toString().replace('\n', ' ');
          out.println("CASE FAILED: " + readCase.name() + ": " + e);
          e.printStackTrace(out);
        }
      }
    } finally {
      ResultTable table = new ResultTable(results);
      table.print(out);
      table.headline().appendTo(config.headline);
      out.printf(Locale.ROOT, "Load average at the end: %.2f%n", loadAverage());
      ReadBenchmarkReport.printCommand(out, config);
      if (config.bootstrapServers != null) {
        List<String> names = new ArrayList<>();
        for (TopicSet set : java.util.Arrays.asList(raw, json)) {
          if (set != null) {
            names.addAll(List.of(set.warmup().name(), set.tiny().name(), set.main().name()));
          }
        }
        BenchTopics.delete(bootstrap, names);
      }
    }
    return results.stream().allMatch(CaseResult::ok);
  }

  private void measure(
      ReadCase readCase,
      BenchmarkTopic warmup,
      BenchmarkTopic tiny,
      BenchmarkTopic main,
      CaseResult result)
      throws Exception {
    out.printf(Locale.ROOT, "%n== %s (load average %.2f)%n", readCase.name(), loadAverage());
    result.warmupSeconds = timedRun(readCase, warmup, "warm-up").seconds();
    warmUp(readCase, main, result);
    for (int i = 0; i < config.runs; i++) {
      result.fixedRuns.add(timedRun(readCase, tiny, "fixed-cost " + (i + 1)));
    }
    for (int i = 0; i < config.runs; i++) {
      MachineSample before = MachineSample.now();
      HeapWatch heap = HeapWatch.start();
      ReadCase.Measurement m = timedRun(readCase, main, "measured " + (i + 1));
      HeapWatch.Usage usage = heap.stop();
      MachineSample after = MachineSample.now();
      ReadCase.Run run =
          new ReadCase.Run(
              m, after.cpuSecondsSince(before), after.stealPercentSince(before), usage);
      out.printf(
          Locale.ROOT,
          "                cpu %.2f s (%.2f cores), machine steal %.0f%%, heap peak %,d MB, most"
              + " live after a GC %,d MB%n",
          run.cpuSeconds(),
          run.cpuSeconds() / m.seconds(),
          run.stealPercent(),
          usage.peakMb(),
          usage.maxAfterGcMb());
      result.measuredRuns.add(m);
      result.measuredCpu.add(run);
    }
  }

  /**
   * At least {@code --warmupRuns} runs on the main topic, then more until the last three lie within
   * {@code --settle} of the fastest of them, up to {@code --maxWarmupRuns}.
   */
  private void warmUp(ReadCase readCase, BenchmarkTopic main, CaseResult result) throws Exception {
    List<Double> runs = result.warmupRuns;
    while (runs.size() < config.maxWarmupRuns) {
      runs.add(timedRun(readCase, main, "warm-up " + (runs.size() + 2)).seconds());
      int n = runs.size();
      if (n >= config.warmupRuns && n >= SETTLED_RUNS) {
        List<Double> lastRuns = runs.subList(n - SETTLED_RUNS, n);
        double fastest = java.util.Collections.min(lastRuns);
        if (java.util.Collections.max(lastRuns) - fastest < config.settle * fastest) {
          result.settled = true;
          out.printf(
              Locale.ROOT, "                settled after %d warm-up runs on the main topic%n", n);
          return;
        }
      }
    }
    if (!runs.isEmpty()) {
      out.printf(
          Locale.ROOT,
          "                not settled within %d warm-up runs (--maxWarmupRuns)%n",
          runs.size());
    }
  }

  private ReadCase.Measurement timedRun(ReadCase readCase, BenchmarkTopic topic, String what)
      throws Exception {
    System.gc();
    ReadCase.Measurement m = readCase.run(topic);
    RecordCounter.Counts c = m.counts();
    long markers = readCase.expectedMarkers(topic);
    out.printf(
        Locale.ROOT,
        "  %-13s %-32s %8.2f s  %,d records  %,.0f rec/s%n",
        what,
        topic.name(),
        m.seconds(),
        c.data(),
        c.data() / m.seconds());
    if (c.data() != topic.dataRecords()
        || c.markers() != markers
        || c.bytes() != topic.checksum()) {
      throw new AssertionError(
          String.format(
              Locale.ROOT,
              "%s %s on %s: expected %d data records (checksum %d) and %d end markers, counted %d"
                  + " (checksum %d) and %d",
              readCase.name(),
              what,
              topic.name(),
              topic.dataRecords(),
              topic.checksum(),
              markers,
              c.data(),
              c.bytes(),
              c.markers()));
    }
    return m;
  }

  private List<ReadCase> cases(String bootstrap) {
    Duration timeout = Duration.ofSeconds(config.timeoutSeconds);
    List<ReadCase> all = new ArrayList<>();
    all.add(new PlainConsumerCase(bootstrap, timeout, false));
    all.add(new PlainConsumerCase(bootstrap, timeout, false, 2));
    all.add(new PlainConsumerCase(bootstrap, timeout, true));
    for (Runner runner : Runner.values()) {
      for (Source source : Source.values()) {
        if (runner.streaming() && source != Source.OURS) {
          continue; // the streaming cases measure --fasterCopy on our reader only
        }
        all.add(
            new BeamReadCase(
                source,
                runner,
                bootstrap,
                config.parallelism,
                config.keptFlinkCluster ? "[auto]" : "[local]",
                timeout));
      }
    }
    List<ReadCase> selected = new ArrayList<>();
    for (String name : CASE_NAMES) {
      all.stream()
          .filter(c -> c.name().equals(name) && config.selected(name))
          .forEach(selected::add);
    }
    return selected;
  }

  /** The topics a case reads: the warm-up topic, the fixed-cost topic and the measured one. */
  private record TopicSet(BenchmarkTopic warmup, BenchmarkTopic tiny, BenchmarkTopic main) {}

  private TopicSet loadSet(TopicLoader loader, String prefix, String suffix, boolean json)
      throws Exception {
    return new TopicSet(
        load(loader, prefix + "warmup-" + suffix, config.warmupRecords, json),
        load(loader, prefix + "tiny-" + suffix, config.partitions, json),
        load(loader, prefix + "main-" + suffix, config.records, json));
  }

  private BenchmarkTopic load(TopicLoader loader, String name, long records, boolean json)
      throws Exception {
    long start = System.nanoTime();
    BenchmarkTopic topic =
        json
            ? loader.loadJson(name, config.partitions, records)
            : loader.load(name, config.partitions, records, config.valueBytes);
    double seconds = secondsSince(start);
    out.printf(
        Locale.ROOT,
        "Produced %,d records (%,.1f MB) + %d end markers to %s in %.1f s (%,.0f rec/s)%n",
        topic.dataRecords(),
        topic.dataBytes() / 1e6,
        topic.markers(),
        name,
        seconds,
        topic.dataRecords() / seconds);
    return topic;
  }

  private static double loadAverage() {
    return ReadBenchmarkReport.loadAverage();
  }

  private static double secondsSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
