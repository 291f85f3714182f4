package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.runners.flink.ForkedJvm;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * End-to-end latency of continuous copy jobs: a producer writes {@code --rate} records per second
 * (200 B, each carrying its send time) into a 4-partition topic, a streaming job copies it to
 * another topic, and a consumer of that topic takes each record's latency (its arrival less its
 * send time; one JVM, one clock). The cases ({@link CopyCases#NAMES}): {@code plain-loop} (a
 * consume-produce loop per thread, as many threads as the jobs' parallelism: the limit), {@code
 * ours-flink} (embedded Flink, at-least-once, checkpoints every second), {@code ours-flink-eos}
 * (exactly-once: records become visible when the checkpoint after them completes), {@code
 * kafkaio-flink} (Beam's {@code KafkaIO} read and write) and {@code ours-direct}.
 *
 * <p>Each case runs on fresh topics: its job is started, the producer writes {@code
 * --warmupSeconds} of records (not measured), then {@code --seconds} of measured ones. It prints
 * p50, p99, p99.9 and maximum latency of the measured records, the p50 and p99 of the time each
 * took to reach the output topic (its append time there; the rest is the output consumer's fetch),
 * the rate at which they came out, lost and duplicated records, and ratio lines {@code ours-flink /
 * plain-loop p99 <x>x p50 <y>x max-rate <z>x} (latency ratios: lower is better; rate ratio: higher
 * is better). A record that never arrives fails its case. After each run it prints the run's stalls
 * ({@link LatencyTimeline}) by wall-clock time, and deletes its topics. {@code --findMaxRate=true}
 * searches each case's highest rate whose p99 stays under 1 s for {@code --probeSeconds}.
 *
 * <pre>
 * MAVEN_OPTS=-Xmx4g mvn -B -q -o -pl runners-it exec:java \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.LatencyBenchmark \
 *   -Dexec.args="--rate=50000 --seconds=30"
 * </pre>
 */
public final class LatencyBenchmark {
  /** A p99 latency above this is not keeping up (the sustainable-rate search). */
  private static final double SUSTAINABLE_P99_MILLIS = 1000;

  /**
   * Records sent in a 100 ms slot that waited longer than this make a stall (the p99 goal); for
   * exactly-once cases, longer than the checkpoint interval and this.
   */
  private static final double STALL_MILLIS = 100;

  /** What exactly-once may add to the checkpoint interval before a slot is a stall (its goal). */
  private static final double EOS_STALL_EXTRA_MILLIS = 300;

  /** How long the output may lag behind the last send before missing records count as lost. */
  private static final Duration DRAIN = Duration.ofSeconds(60);

  private final LatencyConfig config;
  private final String bootstrapServers;
  private final CopyCases cases;
  private int topics;

  private LatencyBenchmark(LatencyConfig config, String bootstrapServers) {
    this.config = config;
    this.bootstrapServers = bootstrapServers;
    this.cases = new CopyCases(config);
  }

  public static void main(String[] args) throws Exception {
    String isolated = ForkedJvm.isolatedClassPath(LatencyBenchmark.class);
    if (isolated != null) {
      System.exit(ForkedJvm.run(LatencyBenchmark.class, isolated, args));
      return;
    }
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.flink", "error");
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.pekko", "warn");
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka", "warn");
    LatencyConfig config = LatencyConfig.parse(args);
    EmbeddedKafkaCluster kafka =
        config.bootstrapServers == null ? EmbeddedKafkaCluster.inJvm().start() : null;
    try {
      String servers = kafka != null ? kafka.bootstrapServers() : config.bootstrapServers;
      new LatencyBenchmark(config, servers).run();
    } finally {
      if (kafka != null) {
        kafka.close();
      }
    }
    System.exit(0); // embedded Flink leaves non-daemon threads behind
  }

  private void run() throws Exception {
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    System.out.printf(
        Locale.ROOT,
        "latency benchmark: %,d records/s of %d B for %d s (after %d s"
            + " of warm-up), %d partitions, parallelism %d, checkpoints every %d ms, load"
            + " average %.2f, %d cores%n",
        config.rate,
        config.valueBytes,
        config.seconds,
        config.warmupSeconds,
        config.partitions,
        config.parallelism,
        config.checkpointMillis,
        load,
        Runtime.getRuntime().availableProcessors());
    Map<String, LatencyStats> results = new LinkedHashMap<>();
    Map<String, Integer> maxRates = new LinkedHashMap<>();
    for (String name : CopyCases.NAMES) {
      if (!config.selected(name)) {
        continue;
      }
      MachineSample before = MachineSample.now();
      LatencyStats stats = measure(name, config.rate, config.seconds, config.warmupSeconds);
      MachineSample after = MachineSample.now();
      results.put(name, stats);
      System.out.printf(
          Locale.ROOT,
          "%s%s  (CPU %.0f s, steal %.0f%%)%n",
          row(name, stats),
          stats.lost() > 0 ? "  FAILED: " + stats.lost() + " records lost" : "",
          after.cpuSecondsSince(before),
          after.stealPercentSince(before));
      if (config.findMaxRate && stats.lost() == 0) {
        int max = maxRate(name);
        maxRates.put(name, max);
        System.out.printf(Locale.ROOT, "%s: highest sustainable rate %,d records/s%n", name, max);
      }
    }
    System.out.println();
    System.out.println(header());
    results.forEach(
        (name, stats) ->
            System.out.println(
                row(name, stats)
                    + (maxRates.containsKey(name)
                        ? String.format(Locale.ROOT, " %,11d", maxRates.get(name))
                        : "")));
    System.out.println();
    for (String ours : List.of("ours-flink", "ours-flink-eos", "ours-direct")) {
      for (String other : List.of("plain-loop", "kafkaio-flink")) {
        ratio(ours, other, results, maxRates).ifPresent(System.out::println);
      }
    }
    LatencyGoals.evaluate(config, results, maxRates).appendTo(config.headline);
    boolean failed = results.values().stream().anyMatch(s -> s.lost() > 0);
    if (failed) {
      throw new IllegalStateException("A case lost records (see the table)");
    }
  }

  /**
   * Runs case {@code name} at {@code rate} records/s, measuring {@code seconds} of them after
   * {@code warmupSeconds}.
   */
  private LatencyStats measure(String name, int rate, int seconds, int warmupSeconds)
      throws Exception {
    int n = ++topics;
    String in = "latency-in-" + n;
    String out = "latency-out-" + n;
    createTopics(in, out);
    try {
      return measure(name, rate, seconds, warmupSeconds, in, out);
    } finally {
      // A probe at 280,000 records/s writes about 10 GB; the search's probes filled a 100 GB disk
      // when their topics were kept.
      BenchTopics.delete(bootstrapServers, List.of(in, out));
    }
  }

  private LatencyStats measure(
      String name, int rate, int seconds, int warmupSeconds, String in, String out)
      throws Exception {
    long warmup = Math.max(1, (long) rate * warmupSeconds);
    long total = warmup + (long) rate * seconds;
    try (LatencyProbe probe =
        new LatencyProbe(
            bootstrapServers,
            out,
            config.partitions,
            total,
            warmup,
            CopyCases.transactional(name))) {
      CopyCases.Running job = cases.start(name, bootstrapServers, in, out);
      try {
        // The job's start-up is not measured: record 0 alone first, the paced input once it is out.
        try (PacedProducer first =
            new PacedProducer(
                bootstrapServers, in, config.partitions, 0, 1, rate, config.valueBytes)) {
          first.await();
        }
        if (!probe.awaitAny(Duration.ofMinutes(3))) {
          throw new IllegalStateException(name + ": the job copied nothing within 3 minutes");
        }
        PacedProducer producer =
            new PacedProducer(
                bootstrapServers, in, config.partitions, 1, total - 1, rate, config.valueBytes);
        try (producer) {
          producer.await();
        }
        if (producer.sentPerSecond() < 0.95 * rate) {
          System.out.printf(
              Locale.ROOT,
              "%s: the producer wrote only %,.0f of %,d records/s%n",
              name,
              producer.sentPerSecond(),
              rate);
        }
        probe.awaitAll(DRAIN); // what has not arrived by then counts as lost in the stats
        LatencyStats stats = probe.stats();
        report(name, rate, probe.timeline());
        return stats;
      } finally {
        job.close();
      }
    }
  }

  /** Prints the worst stalls of a run (by send time, to lay beside GC and checkpoint logs). */
  private void report(String name, int rate, LatencyTimeline timeline) throws IOException {
    double threshold =
        CopyCases.transactional(name)
            ? config.checkpointMillis + EOS_STALL_EXTRA_MILLIS
            : STALL_MILLIS;
    List<LatencyTimeline.Stall> stalls = timeline.stalls(threshold);
    if (!stalls.isEmpty()) {
      System.out.printf(
          Locale.ROOT,
          "%s at %,d records/s: %d stall(s) over %.0f ms; the worst:%n",
          name,
          rate,
          stalls.size(),
          threshold);
      stalls.stream().limit(5).forEach(s -> System.out.println("  " + s));
    }
    if (config.timeline != null) {
      Path dir = Path.of(config.timeline);
      Files.createDirectories(dir);
      timeline.write(dir.resolve(name + "-" + rate + ".csv"));
    }
  }

  /**
   * The highest rate at which case {@code name} keeps its p99 latency under 1 s and its output rate
   * within 5% of the input's for {@code --probeSeconds}: doubled from {@code --rate} until a rate
   * fails, then halved between the last passing and the first failing rate to within 10%.
   */
  private int maxRate(String name) throws Exception {
    int passing = 0;
    int failing = 0;
    int rate = config.rate;
    for (int probe = 0; probe < 8; probe++) {
      LatencyStats stats =
          measure(
              name,
              rate,
              config.probeSeconds,
              Math.min(config.warmupSeconds, LatencyConfig.PROBE_WARMUP_SECONDS));
      boolean sustained =
          stats.lost() == 0
              && stats.p99Millis() < SUSTAINABLE_P99_MILLIS
              && stats.achievedPerSecond() >= 0.95 * rate;
      System.out.printf(
          Locale.ROOT,
          "  %s at %,d records/s: %s%n",
          name,
          rate,
          (sustained ? "kept up   " : "fell behind") + row("", stats));
      if (sustained) {
        passing = rate;
      } else {
        failing = rate;
      }
      if (failing == 0) {
        rate *= 2;
      } else if (passing == 0) {
        rate /= 2;
      } else if (failing - passing <= passing / 10) {
        break;
      } else {
        rate = (passing + failing) / 2;
      }
      if (rate < 1000) {
        break;
      }
    }
    return passing;
  }

  private void createTopics(String in, String out) throws Exception {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      admin
          .createTopics(
              List.of(
                  new NewTopic(in, Optional.of(config.partitions), Optional.empty()),
                  new NewTopic(out, Optional.of(config.partitions), Optional.empty())
                      .configs(Map.of("message.timestamp.type", "LogAppendTime"))))
          .all()
          .get(1, TimeUnit.MINUTES);
    }
  }

  private static String header() {
    return String.format(
        Locale.ROOT,
        "%-15s %11s %8s %8s %8s %8s %9s %9s %7s %6s %11s",
        "case",
        "out rec/s",
        "p50 ms",
        "p99 ms",
        "p99.9 ms",
        "max ms",
        "append50",
        "append99",
        "lost",
        "dup",
        "max-rate/s");
  }

  private static String row(String name, LatencyStats s) {
    return String.format(
        Locale.ROOT,
        "%-15s %,11.0f %8.1f %8.1f %8.1f %8.1f %9.0f %9.0f %7d %6d",
        name,
        s.achievedPerSecond(),
        s.p50Millis(),
        s.p99Millis(),
        s.p999Millis(),
        s.maxMillis(),
        s.appendP50Millis(),
        s.appendP99Millis(),
        s.lost(),
        s.duplicates());
  }

  /**
   * {@code <ours> / <other> p99 <x>x p50 <y>x max-rate <z>x}: latencies of ours divided by the
   * other's (lower is better), sustainable rate of ours divided by the other's (higher is better).
   */
  private static Optional<String> ratio(
      String ours, String other, Map<String, LatencyStats> results, Map<String, Integer> maxRates) {
    LatencyStats a = results.get(ours);
    LatencyStats b = results.get(other);
    if (a == null || b == null) {
      return Optional.empty();
    }
    Integer rateA = maxRates.get(ours);
    Integer rateB = maxRates.get(other);
    String rate =
        rateA == null || rateB == null || rateB == 0
            ? "n/a"
            : String.format(Locale.ROOT, "%.2fx", (double) rateA / rateB);
    return Optional.of(
        String.format(
            Locale.ROOT,
            "%s / %s  p99 %.2fx  p50 %.2fx  max-rate %s",
            ours,
            other,
            a.p99Millis() / b.p99Millis(),
            a.p50Millis() / b.p50Millis(),
            rate));
  }
}
