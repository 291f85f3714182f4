package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.ForkedJvm;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Change-stream throughput (source, and source to sink): one topic of Debezium change messages of 8
 * tables (inserts, updates and deletes of a 6-column row, 4 partitions) read by {@code
 * readChanges()} on embedded Flink and the DirectRunner, against a plain {@code KafkaConsumer} that
 * parses every message with Jackson and takes its table id, operation and after image (what a
 * hand-written CDC consumer does at the least, without schemas); and {@code readChanges()} into
 * {@code writeChanges()} (one output topic, debezium-json) against a plain consume-parse-produce
 * loop writing the same Debezium messages with Jackson (ratio to that baseline). Per case a warm-up
 * run, then the measured runs; prints min / median / max wall time, events/s and the ratio of each
 * case's median to the baseline's, with the load average at start and end. Every run must see every
 * change, or the case fails.
 *
 * <pre>
 * MAVEN_OPTS=-Xmx4g mvn -B -q -o -pl runners-it exec:java \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.ChangeStreamBenchmark \
 *   -Dexec.args="--records=1000000 --runs=3"
 * </pre>
 */
public final class ChangeStreamBenchmark {
  static final List<String> CASES =
      List.of(
          "plain-consumer-jackson",
          "ours-flink",
          "ours-direct",
          "plain-consume-produce",
          "ours-flink-to-sink");
  private static final int PARTITIONS = 4;
  private static final int TABLES = 8;
  private static final Map<String, AtomicLong> COUNTS = new ConcurrentHashMap<>();

  private final String bootstrap;
  private final String topic;
  private final long records;
  private final PlainChangeCases plain;

  private ChangeStreamBenchmark(String bootstrap, String topic, long records) {
    this.bootstrap = bootstrap;
    this.topic = topic;
    this.records = records;
    this.plain = new PlainChangeCases(bootstrap, topic, PARTITIONS);
  }

  public static void main(String[] args) throws Exception {
    String isolated = ForkedJvm.isolatedClassPath(ChangeStreamBenchmark.class);
    if (isolated != null) {
      System.exit(ForkedJvm.run(ChangeStreamBenchmark.class, isolated, args));
      return;
    }
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.flink", "error");
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.pekko", "warn");
    System.setProperty("org.slf4j.simpleLogger.log.dev.kafkaconnector.io", "warn");
    Arguments a = Arguments.parse(args);
    System.out.printf(
        Locale.ROOT,
        "ChangeStreamBenchmark: records=%,d runs=%d load average %.2f%n",
        a.records,
        a.runs,
        load());
    try (EmbeddedKafkaCluster cluster = EmbeddedKafkaCluster.inJvm().start()) {
      String bootstrap = cluster.bootstrapServers();
      String topic = "cdc-bench-" + UUID.randomUUID().toString().substring(0, 8);
      String warm = topic + "-warmup";
      long warmRecords = Math.min(a.records, 50_000);
      produce(bootstrap, warm, warmRecords);
      long start = System.nanoTime();
      produce(bootstrap, topic, a.records);
      System.out.printf(
          Locale.ROOT,
          "Produced %,d change messages to %s in %.1f s%n",
          a.records,
          topic,
          (System.nanoTime() - start) / 1e9);
      ChangeStreamBenchmark main = new ChangeStreamBenchmark(bootstrap, topic, a.records);
      ChangeStreamBenchmark warmup = new ChangeStreamBenchmark(bootstrap, warm, warmRecords);
      Map<String, List<Double>> results = new LinkedHashMap<>();
      for (String name : CASES) {
        if (a.only.contains(name)) {
          System.out.printf(Locale.ROOT, "%n== %s (load average %.2f)%n", name, load());
          warmup.timed(name, "warm-up");
          List<Double> times = new ArrayList<>();
          for (int i = 0; i < a.runs; i++) {
            times.add(main.timed(name, "measured " + (i + 1)));
          }
          results.put(name, times);
        }
      }
      print(results, a.records);
    }
  }

  /** The command line: {@code --records=N --runs=N --only=case,...}; exits 2 on another. */
  private static final class Arguments {
    long records = 1_000_000;
    int runs = 3;
    Set<String> only = new TreeSet<>(CASES);

    static Arguments parse(String[] args) {
      Arguments a = new Arguments();
      for (String arg : args) {
        if (arg.startsWith("--records=")) {
          a.records = Long.parseLong(arg.substring(10).replace("_", ""));
        } else if (arg.startsWith("--runs=")) {
          a.runs = Integer.parseInt(arg.substring(7));
        } else if (arg.startsWith("--only=")) {
          a.only = new TreeSet<>(List.of(arg.substring(7).split(",")));
        } else {
          System.err.println(
              "Unknown argument " + arg + " (--records=N --runs=N --only=" + CASES + ")");
          System.exit(2);
        }
      }
      return a;
    }
  }

  private double timed(String name, String what) throws Exception {
    System.gc();
    long start = System.nanoTime();
    long seen =
        switch (name) {
          case "plain-consumer-jackson" -> plain.consume();
          case "ours-flink" -> pipeline(PipelineRunners.flink("[local]", 2, true));
          case "ours-direct" -> pipeline(PipelineRunners.direct(true, false));
          case "plain-consume-produce" -> plainCopy();
          case "ours-flink-to-sink" -> pipelineToSink(PipelineRunners.flink("[local]", 2, true));
          default -> throw new IllegalArgumentException(name);
        };
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "  %-12s %8.2f s  %,d changes  %,.0f changes/s%n",
        what,
        seconds,
        seen,
        seen / seconds);
    if (seen != records) {
      throw new AssertionError(
          name + " " + what + ": expected " + records + " changes, saw " + seen);
    }
    return seconds;
  }

  /** readChanges() to the end offsets, counting the data changes that come out. */
  private long pipeline(PipelineOptions options) {
    String id = UUID.randomUUID().toString();
    COUNTS.put(id, new AtomicLong());
    Pipeline p = Pipeline.create(options);
    p.apply(
            KafkaConnectorIO.readChanges()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers",
                        bootstrap,
                        "topic",
                        topic,
                        "scan.startup.mode",
                        "earliest-offset",
                        "scan.bounded.mode",
                        "latest-offset")))
        .apply(ParDo.of(new CountFn(id)));
    p.run().waitUntilFinish();
    return COUNTS.remove(id).get();
  }

  /** readChanges() into writeChanges() (one new topic, debezium-json); counts what was written. */
  private long pipelineToSink(PipelineOptions options) throws Exception {
    String out = newOutputTopic();
    Pipeline p = Pipeline.create(options);
    p.apply(
            KafkaConnectorIO.readChanges()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers",
                        bootstrap,
                        "topic",
                        topic,
                        "scan.startup.mode",
                        "earliest-offset",
                        "scan.bounded.mode",
                        "latest-offset")))
        .apply(
            KafkaConnectorIO.writeChanges()
                .withOptions(Map.of("properties.bootstrap.servers", bootstrap, "topic", out)));
    p.run().waitUntilFinish();
    return written(out);
  }

  /** The plain consume-parse-produce baseline into a new topic; counts what was written. */
  private long plainCopy() throws Exception {
    String out = newOutputTopic();
    plain.copyTo(out);
    return written(out);
  }

  private String newOutputTopic() throws Exception {
    String out = topic + "-out-" + UUID.randomUUID().toString().substring(0, 6);
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      admin.createTopics(List.of(new NewTopic(out, 1, (short) 1))).all().get();
    }
    return out;
  }

  /** Records in {@code out} (its end offset: a plain topic, no transactions). */
  private long written(String out) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(PlainChangeCases.consumerProps(bootstrap))) {
      TopicPartition tp = new TopicPartition(out, 0);
      return consumer.endOffsets(List.of(tp)).get(tp);
    }
  }

  /** Counts data changes (not schema changes). */
  private static final class CountFn extends DoFn<ChangeEvent, Void> {
    private final String id;

    CountFn(String id) {
      this.id = id;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event) {
      if (event instanceof DataChangeEvent) {
        COUNTS.get(id).incrementAndGet();
      }
    }
  }

  /** Debezium messages of 8 tables: inserts, every 4th an update, every 10th a delete. */
  static void produce(String bootstrap, String topic, long records) throws Exception {
    DebeziumChangeTopic.produce(bootstrap, topic, records, PARTITIONS, TABLES);
  }

  private static void print(Map<String, List<Double>> results, long records) {
    System.out.println();
    System.out.println(
        "| case | min s | median s | max s | changes/s (median) | vs its plain baseline |");
    System.out.println("| --- | --- | --- | --- | --- | --- |");
    results.forEach(
        (name, times) -> {
          String baseline =
              name.endsWith("-to-sink") ? "plain-consume-produce" : "plain-consumer-jackson";
          Double base = results.containsKey(baseline) ? median(results.get(baseline)) : null;
          double med = median(times);
          System.out.printf(
              Locale.ROOT,
              "| %s | %.2f | %.2f | %.2f | %,.0f | %s |%n",
              name,
              Collections.min(times),
              med,
              Collections.max(times),
              records / med,
              base == null ? "–" : String.format(Locale.ROOT, "%.2f×", base / med));
        });
    System.out.printf(Locale.ROOT, "Load average at the end: %.2f%n", load());
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }
}
