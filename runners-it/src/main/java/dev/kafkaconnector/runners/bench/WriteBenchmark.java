package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.ForkedJvm;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Write-throughput benchmark: writes N records of 200 bytes (no key, Kafka's default partitioner,
 * acks=all) to a fresh 4-partition topic per run, with a plain {@code KafkaProducer} (Kafka's
 * defaults), two of them on two threads with our sink's {@code batch.size} ({@code
 * plain-producer-2}: the parallelism of our jobs, the fair baseline), Beam's {@code
 * KafkaIO.write()} and {@code KafkaConnectorIO.write()} (at-least-once) on embedded Flink
 * (parallelism 2) and the DirectRunner (checks off), all in one JVM and one run of this class. The
 * exactly-once cases compare ours ({@code sink.delivery-guarantee=exactly-once}) with a plain
 * transactional producer committing every 10,000 records and with {@code KafkaIO.write().withEOS}
 * (4 shards each), as finite streaming jobs with checkpoints every second on Flink (both sinks need
 * checkpoints there) and on the DirectRunner; their records are counted read_committed. {@code
 * ours-eos-flink-fastercopy} is {@code ours-eos-flink} with {@code --fasterCopy}: Flink then copies
 * no element through its coder, neither between chained operators nor into heap state. Each case:
 * one warm-up run, one run with a record per partition (the job's fixed cost: start-up, and for the
 * exactly-once jobs the last checkpoint), then {@code --runs} measured runs; it prints the median,
 * min and max wall time, records/s, the wall time less the fixed cost ("net"), this JVM's CPU
 * seconds and the machine's steal share per run (medians), each case's peak heap, and the ratios of
 * ours to the others by wall, net and CPU time. Every run's topic must hold exactly N records
 * afterwards, or the case fails.
 *
 * <pre>
 * MAVEN_OPTS=-Xmx6g mvn -B -q -o -pl runners-it exec:java \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.WriteBenchmark \
 *   -Dexec.args="--records=1000000 --runs=3"
 * </pre>
 */
public final class WriteBenchmark {
  private static final int PARTITIONS = 4;
  private static final int VALUE_BYTES = 200;
  private static final int TXN_RECORDS = 10_000;

  /** Goals by wall time (CPU for exactly-once), ours on Flink over the baseline (issue #28). */
  private static final double VS_PLAIN_2 = 0.9;

  private static final double VS_KAFKAIO = 1.5;
  private static final double EOS_VS_PLAIN_TXN = 0.8;
  private static final double EOS_CPU_VS_PLAIN_TXN = 0.6;

  private static final List<String> CASES =
      List.of(
          "plain-producer",
          "plain-producer-2",
          "kafkaio-flink",
          "ours-flink",
          "kafkaio-direct",
          "ours-direct",
          "plain-txn-producer",
          "ours-eos-flink",
          "ours-eos-flink-fastercopy",
          "kafkaio-eos-direct",
          "ours-eos-direct",
          // Last: a job over the time limit keeps running in this JVM (embedded Flink cannot be
          // cancelled from here) and would slow every case after it.
          "kafkaio-eos-flink");

  private final EmbeddedKafkaCluster kafka;
  private final BeamWriteJobs jobs;
  private int topics;

  private WriteBenchmark(EmbeddedKafkaCluster kafka) {
    this.kafka = kafka;
    this.jobs = new BeamWriteJobs(kafka);
  }

  public static void main(String[] args) throws Exception {
    String isolated = ForkedJvm.isolatedClassPath(WriteBenchmark.class);
    if (isolated != null) {
      System.exit(ForkedJvm.run(WriteBenchmark.class, isolated, args));
      return;
    }
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.flink", "error");
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.pekko", "warn");
    Map<String, String> a = arguments(args);
    long records = Long.parseLong(a.getOrDefault("records", "1000000"));
    int runs = Integer.parseInt(a.getOrDefault("runs", "3"));
    List<String> only = a.containsKey("only") ? Arrays.asList(a.get("only").split(",")) : CASES;
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    System.out.printf(
        Locale.ROOT,
        "write benchmark: %,d records of %d B, %d partitions, %d runs," + " load average %.2f%n",
        records,
        VALUE_BYTES,
        PARTITIONS,
        runs,
        load);
    Map<String, WriteRuns> results = new LinkedHashMap<>();
    try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.inJvm().start()) {
      WriteBenchmark bench = new WriteBenchmark(kafka);
      printHeader();
      for (String name : CASES) {
        if (only.contains(name)) {
          WriteRuns m = bench.measure(name, records, runs);
          if (m != null) {
            results.put(name, m);
            printResult(name, records, m);
          }
        }
      }
    }
    printRatios(results);
    headline(results, only).appendTo(a.get("headline"));
    System.out.printf(
        Locale.ROOT,
        "load average at end %.2f%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    // A case that failed or was cancelled can leave a job's non-daemon threads behind.
    System.exit(0);
  }

  /** The {@code --name=value} arguments ({@code --name} alone: "true"). */
  private static Map<String, String> arguments(String[] args) {
    Map<String, String> a = new HashMap<>();
    for (String arg : args) {
      String[] kv = arg.replaceFirst("^--", "").split("=", 2);
      a.put(kv[0], kv.length > 1 ? kv[1] : "true");
    }
    return a;
  }

  private static void printHeader() {
    System.out.printf(
        Locale.ROOT,
        "%-18s %9s %13s %12s %8s %8s %6s %10s%n",
        "case",
        "median s",
        "min-max s",
        "records/s",
        "net s",
        "CPU s",
        "steal",
        "peak heap");
  }

  /**
   * A warm-up run of case {@code name}, a run with one record per partition (its fixed cost), then
   * {@code runs} measured runs; null (the failure printed) when one of them fails.
   */
  private @Nullable WriteRuns measure(String name, long records, int runs) {
    WriteRuns m = new WriteRuns(runs);
    try {
      runOnce(name, records); // warm-up
      m.fixed = runOnce(name, PARTITIONS); // the job's fixed cost: one record each
      HeapWatch heap = HeapWatch.start();
      for (int i = 0; i < runs; i++) {
        System.gc();
        MachineSample before = MachineSample.now();
        m.wall[i] = runOnce(name, records);
        MachineSample after = MachineSample.now();
        m.cpu[i] = after.cpuSecondsSince(before);
        m.steal[i] = after.stealPercentSince(before);
      }
      m.peakMb = heap.stop().peakMb();
    } catch (Exception e) {
      Throwable root = e;
      while (root.getCause() != null) {
        root = root.getCause();
      }
      System.out.printf(Locale.ROOT, "%-18s FAILED: %s (%s)%n", name, e, root);
      return null;
    }
    return m;
  }

  private static void printResult(String name, long records, WriteRuns m) {
    System.out.printf(
        Locale.ROOT,
        "%-18s %9.2f %13s %,12.0f %8.2f %8.2f %5.0f%% %,7d MB%n",
        name,
        m.median(m.wall),
        String.format(Locale.ROOT, "%.2f-%.2f", m.min(), m.max()),
        records / m.median(m.wall),
        m.net(),
        m.median(m.cpu),
        m.median(m.steal),
        m.peakMb);
  }

  private static void printRatios(Map<String, WriteRuns> results) {
    ratio(results, "ours-flink", "plain-producer", 0.8);
    ratio(results, "ours-flink", "plain-producer-2", VS_PLAIN_2);
    ratio(results, "ours-flink", "kafkaio-flink", VS_KAFKAIO);
    ratio(results, "ours-direct", "kafkaio-direct", Double.NaN);
    ratio(results, "ours-eos-flink", "plain-txn-producer", EOS_VS_PLAIN_TXN);
    ratio(results, "ours-eos-flink-fastercopy", "plain-txn-producer", EOS_VS_PLAIN_TXN);
    ratio(results, "ours-eos-flink", "kafkaio-eos-flink", 2.0);
    ratio(results, "ours-eos-direct", "kafkaio-eos-direct", Double.NaN);
  }

  /**
   * The write benchmark's rows of the headline table ({@code --headline=FILE}): ours on Flink
   * against two plain producers with our batch size and against KafkaIO, and exactly-once against a
   * plain transactional producer, by wall time and CPU.
   */
  private static Headline headline(Map<String, WriteRuns> results, List<String> only) {
    Headline headline = new Headline("write");
    headlineRatio(headline, results, only, "ours-flink", "plain-producer-2", VS_PLAIN_2, false);
    headlineRatio(headline, results, only, "ours-flink", "kafkaio-flink", VS_KAFKAIO, false);
    headlineRatio(
        headline, results, only, "ours-eos-flink", "plain-txn-producer", EOS_VS_PLAIN_TXN, false);
    headlineRatio(
        headline,
        results,
        only,
        "ours-eos-flink",
        "plain-txn-producer",
        EOS_CPU_VS_PLAIN_TXN,
        true);
    return headline;
  }

  /**
   * One headline row: ours over the other by wall time (or CPU), or "failed" when one of the two
   * cases was run and failed; nothing when one was not run.
   */
  private static void headlineRatio(
      Headline headline,
      Map<String, WriteRuns> results,
      List<String> only,
      String ours,
      String other,
      double goal,
      boolean cpu) {
    if (!only.contains(ours) || !only.contains(other)) {
      return;
    }
    String measure = ours + " / " + other + (cpu ? ", CPU" : ", wall");
    WriteRuns a = results.get(ours);
    WriteRuns b = results.get(other);
    if (a == null || b == null) {
      headline.add(
          measure,
          "failed: " + (a == null ? ours : other),
          String.format(Locale.ROOT, ">= %.2fx", goal),
          false);
      return;
    }
    double ratio = cpu ? b.median(b.cpu) / a.median(a.cpu) : b.median(b.wall) / a.median(a.wall);
    headline.ratio(measure, ratio, goal);
  }

  /**
   * Prints the throughput ratio of {@code ours} to {@code other} by wall time, by wall time less
   * each job's fixed cost (a run with one record per partition), and by CPU seconds.
   */
  private static void ratio(
      Map<String, WriteRuns> results, String ours, String other, double target) {
    WriteRuns a = results.get(ours);
    WriteRuns b = results.get(other);
    if (a == null || b == null) {
      return;
    }
    System.out.printf(
        Locale.ROOT,
        "%s / %s: wall %.2fx, net %.2fx, CPU %.2fx%s%n",
        ours,
        other,
        b.median(b.wall) / a.median(a.wall),
        b.net() / a.net(),
        b.median(b.cpu) / a.median(a.cpu),
        Double.isNaN(target) ? "" : String.format(Locale.ROOT, " (target %.2fx by wall)", target));
  }

  /** One timed run of {@code name} to a new topic; checks the topic holds exactly N records. */
  private double runOnce(String name, long records) throws Exception {
    String topic = "write-bench-" + (topics++);
    kafka.createTopic(topic, PARTITIONS);
    long start = System.nanoTime();
    boolean eos = name.contains("txn") || name.contains("eos");
    switch (name) {
      case "plain-producer" -> PlainProducers.one(kafka.bootstrapServers(), topic, records);
      case "plain-producer-2" ->
          PlainProducers.parallel(kafka.bootstrapServers(), topic, records, 2);
      case "kafkaio-flink" ->
          jobs.run(PipelineRunners.flink("[local]", 2, true), topic, records, false, false);
      case "ours-flink" ->
          jobs.run(PipelineRunners.flink("[local]", 2, true), topic, records, true, false);
      case "kafkaio-direct" ->
          jobs.run(PipelineRunners.direct(true, false), topic, records, false, false);
      case "ours-direct" ->
          jobs.run(PipelineRunners.direct(true, false), topic, records, true, false);
      case "plain-txn-producer" ->
          PlainProducers.transactional(kafka.bootstrapServers(), topic, records, TXN_RECORDS);
      case "kafkaio-eos-flink" ->
          jobs.run(BeamWriteJobs.streamingFlink(), topic, records, false, true);
      case "ours-eos-flink" -> jobs.run(BeamWriteJobs.streamingFlink(), topic, records, true, true);
      case "ours-eos-flink-fastercopy" ->
          jobs.run(BeamWriteJobs.streamingFlink(true), topic, records, true, true);
      case "kafkaio-eos-direct" ->
          jobs.run(PipelineRunners.direct(true, false), topic, records, false, true);
      case "ours-eos-direct" ->
          jobs.run(PipelineRunners.direct(true, false), topic, records, true, true);
      default -> throw new IllegalArgumentException(name);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long written =
        eos
            ? WrittenRecords.countCommitted(kafka, topic, PARTITIONS)
            : WrittenRecords.count(kafka, topic, PARTITIONS);
    if (written != records) {
      throw new IllegalStateException(name + " wrote " + written + " records, expected " + records);
    }
    return seconds;
  }

  static byte[] value(long i) {
    byte[] v = new byte[VALUE_BYTES];
    Arrays.fill(v, (byte) ('a' + (i % 26)));
    return v;
  }
}
