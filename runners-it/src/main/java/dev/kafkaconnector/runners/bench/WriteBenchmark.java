package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.ForkedJvm;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.io.kafka.KafkaIO;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

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
 * checkpoints there) and on the DirectRunner; their records are counted read_committed. Each case:
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

  /** Record numbers per input element of the Beam cases. */
  private static final int CHUNK = 1000;

  /** A job still running after this is cancelled and its case reported as failed. */
  private static final org.joda.time.Duration JOB_LIMIT = org.joda.time.Duration.standardMinutes(5);

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
          "kafkaio-eos-direct",
          "ours-eos-direct",
          // Last: a job over the time limit keeps running in this JVM (embedded Flink cannot be
          // cancelled from here) and would slow every case after it.
          "kafkaio-eos-flink");

  private final EmbeddedKafkaCluster kafka;
  private int topics;

  private WriteBenchmark(EmbeddedKafkaCluster kafka) {
    this.kafka = kafka;
  }

  public static void main(String[] args) throws Exception {
    String isolated = ForkedJvm.isolatedClassPath(WriteBenchmark.class);
    if (isolated != null) {
      System.exit(ForkedJvm.run(WriteBenchmark.class, isolated, args));
      return;
    }
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.flink", "error");
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.pekko", "warn");
    Map<String, String> a = new HashMap<>();
    for (String arg : args) {
      String[] kv = arg.replaceFirst("^--", "").split("=", 2);
      a.put(kv[0], kv.length > 1 ? kv[1] : "true");
    }
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
    Map<String, Measured> results = new LinkedHashMap<>();
    try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.inJvm().start()) {
      WriteBenchmark bench = new WriteBenchmark(kafka);
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
      for (String name : CASES) {
        if (!only.contains(name)) {
          continue;
        }
        Measured m = new Measured(runs);
        try {
          bench.runOnce(name, records); // warm-up
          m.fixed = bench.runOnce(name, PARTITIONS); // the job's fixed cost: one record each
          HeapWatch heap = HeapWatch.start();
          for (int i = 0; i < runs; i++) {
            System.gc();
            MachineSample before = MachineSample.now();
            m.wall[i] = bench.runOnce(name, records);
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
          continue;
        }
        results.put(name, m);
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
    }
    ratio(results, "ours-flink", "plain-producer", 0.8);
    ratio(results, "ours-flink", "plain-producer-2", 0.9);
    ratio(results, "ours-flink", "kafkaio-flink", 1.5);
    ratio(results, "ours-direct", "kafkaio-direct", Double.NaN);
    ratio(results, "ours-eos-flink", "plain-txn-producer", 0.5);
    ratio(results, "ours-eos-flink", "kafkaio-eos-flink", 2.0);
    ratio(results, "ours-eos-direct", "kafkaio-eos-direct", Double.NaN);
    System.out.printf(
        Locale.ROOT,
        "load average at end %.2f%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    // A case that failed or was cancelled can leave a job's non-daemon threads behind.
    System.exit(0);
  }

  /**
   * Prints the throughput ratio of {@code ours} to {@code other} by wall time, by wall time less
   * each job's fixed cost (a run with one record per partition), and by CPU seconds.
   */
  private static void ratio(
      Map<String, Measured> results, String ours, String other, double target) {
    Measured a = results.get(ours);
    Measured b = results.get(other);
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

  /** One case's runs: wall and CPU seconds and steal share per measured run, and its fixed cost. */
  private static final class Measured {
    final double[] wall;
    final double[] cpu;
    final double[] steal;
    double fixed;
    long peakMb;

    Measured(int runs) {
      wall = new double[runs];
      cpu = new double[runs];
      steal = new double[runs];
    }

    double median(double[] values) {
      double[] sorted = values.clone();
      Arrays.sort(sorted);
      return sorted[sorted.length / 2];
    }

    double min() {
      return Arrays.stream(wall).min().orElse(Double.NaN);
    }

    double max() {
      return Arrays.stream(wall).max().orElse(Double.NaN);
    }

    /** Median wall time less the fixed cost, or NaN when that is not positive. */
    double net() {
      double net = median(wall) - fixed;
      return net > 0 ? net : Double.NaN;
    }
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
          pipeline(PipelineRunners.flink("[local]", 2, true), topic, records, false, false);
      case "ours-flink" ->
          pipeline(PipelineRunners.flink("[local]", 2, true), topic, records, true, false);
      case "kafkaio-direct" ->
          pipeline(PipelineRunners.direct(true, false), topic, records, false, false);
      case "ours-direct" ->
          pipeline(PipelineRunners.direct(true, false), topic, records, true, false);
      case "plain-txn-producer" ->
          PlainProducers.transactional(kafka.bootstrapServers(), topic, records, TXN_RECORDS);
      case "kafkaio-eos-flink" -> pipeline(streamingFlink(), topic, records, false, true);
      case "ours-eos-flink" -> pipeline(streamingFlink(), topic, records, true, true);
      case "kafkaio-eos-direct" ->
          pipeline(PipelineRunners.direct(true, false), topic, records, false, true);
      case "ours-eos-direct" ->
          pipeline(PipelineRunners.direct(true, false), topic, records, true, true);
      default -> throw new IllegalArgumentException(name);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long written = eos ? countCommitted(topic) : count(topic);
    if (written != records) {
      throw new IllegalStateException(name + " wrote " + written + " records, expected " + records);
    }
    return seconds;
  }

  /**
   * Embedded Flink, parallelism 2, streaming with a checkpoint every second; ends with its input.
   */
  private static PipelineOptions streamingFlink() {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, true);
    options.setStreaming(true);
    options.setCheckpointingInterval(1000L);
    options.setShutdownSourcesAfterIdleMs(0L);
    // KafkaIO's EOS sink is @RequiresStableInput: without this its buffer is not drained at the
    // end of a finite input and the job fails in a restart loop ("watermark holds left").
    options.setEnableStableInputDrain(true);
    options.setNumberOfExecutionRetries(0); // a failing case fails, not restarts for ever
    // Checkpoints to files: an exactly-once sink keeps a checkpoint interval of records in state,
    // more than the JobManager storage's 5 MB limit at this rate.
    options.setStateBackend("filesystem");
    options.setStateBackendStoragePath(
        java.nio.file.Paths.get(System.getProperty("java.io.tmpdir"), "write-bench-checkpoints")
            .toUri()
            .toString());
    return options;
  }

  private void pipeline(
      PipelineOptions options, String topic, long records, boolean ours, boolean eos) {
    Pipeline pipeline = Pipeline.create(options);
    // The input: chunks of CHUNK record numbers, each expanded by one DoFn call, so that the
    // bounded source's per-element cost (on Flink a metrics update per element read) is paid per
    // chunk; the same for every Beam case.
    var chunks = pipeline.apply(GenerateSequence.from(0).to((records + CHUNK - 1) / CHUNK));
    if (ours) {
      Schema schema = Schema.builder().addByteArrayField("value").build();
      Map<String, String> sink =
          new HashMap<>(
              Map.of(
                  "properties.bootstrap.servers",
                  kafka.bootstrapServers(),
                  "topic",
                  topic,
                  "format",
                  "raw"));
      for (String kv : System.getProperty("bench.sink", "").split(",")) {
        if (!kv.isBlank()) {
          sink.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
      }
      if (eos) {
        sink.put("sink.delivery-guarantee", "exactly-once");
        sink.put("sink.transactional-id-prefix", "bench-" + topic);
        sink.put("sink.parallelism", "4");
      }
      chunks
          .apply(ParDo.of(new ToRow(schema, records)))
          .setRowSchema(schema)
          .apply(KafkaConnectorIO.write().withOptions(sink));
    } else {
      KafkaIO.Write<Void, byte[]> write =
          KafkaIO.<Void, byte[]>write()
              .withBootstrapServers(kafka.bootstrapServers())
              .withTopic(topic)
              .withValueSerializer(ByteArraySerializer.class)
              .withProducerConfigUpdates(Map.of(ProducerConfig.ACKS_CONFIG, "all"));
      if (eos) {
        write = write.withEOS(4, "bench-" + topic);
      }
      chunks.apply(ParDo.of(new ToValue(records))).apply(write.values());
    }
    // Embedded Flink runs the job inside run(): wait for it on another thread, with a limit.
    java.util.concurrent.ExecutorService runner =
        java.util.concurrent.Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "bench-job");
              t.setDaemon(true);
              return t;
            });
    try {
      PipelineResult.State state =
          runner
              .submit(() -> pipeline.run().waitUntilFinish())
              .get(JOB_LIMIT.getStandardSeconds(), java.util.concurrent.TimeUnit.SECONDS);
      if (state != PipelineResult.State.DONE) {
        throw new IllegalStateException("job ended " + state);
      }
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(
          "job did not finish within " + JOB_LIMIT.getStandardMinutes() + " minutes", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException("job failed: " + e.getCause(), e.getCause());
    } finally {
      runner.shutdown();
    }
  }

  private long count(String topic) throws Exception {
    Map<TopicPartition, OffsetSpec> query = new HashMap<>();
    for (int p = 0; p < PARTITIONS; p++) {
      query.put(new TopicPartition(topic, p), OffsetSpec.latest());
    }
    try (Admin admin = Admin.create(kafka.adminProperties())) {
      long sum = 0;
      for (var info : admin.listOffsets(query).all().get().values()) {
        sum += info.offset();
      }
      return sum;
    }
  }

  /** The records a read_committed consumer sees in {@code topic} (read until it stops growing). */
  private long countCommitted(String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                10_000,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
      List<TopicPartition> partitions = new ArrayList<>();
      for (int p = 0; p < PARTITIONS; p++) {
        partitions.add(new TopicPartition(topic, p));
      }
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long count = 0;
      int empty = 0;
      while (empty < 10) {
        int polled = consumer.poll(java.time.Duration.ofMillis(200)).count();
        count += polled;
        empty = polled == 0 ? empty + 1 : 0;
      }
      return count;
    }
  }

  static byte[] value(long i) {
    byte[] v = new byte[VALUE_BYTES];
    Arrays.fill(v, (byte) ('a' + (i % 26)));
    return v;
  }

  /** Record numbers {@code [chunk * CHUNK, (chunk + 1) * CHUNK)}, below {@code records}. */
  static long[] range(long chunk, long records) {
    return new long[] {chunk * CHUNK, Math.min(records, (chunk + 1) * CHUNK)};
  }

  /** Expands a chunk into its rows of one BYTES column. */
  static final class ToRow extends DoFn<Long, Row> {
    private final Schema schema;
    private final long records;

    ToRow(Schema schema, long records) {
      this.schema = schema;
      this.records = records;
    }

    @ProcessElement
    public void process(@Element Long chunk, OutputReceiver<Row> out) {
      long[] range = range(chunk, records);
      for (long i = range[0]; i < range[1]; i++) {
        out.output(Row.withSchema(schema).attachValues(List.of(value(i))));
      }
    }
  }

  /** Expands a chunk into its values. */
  static final class ToValue extends DoFn<Long, byte[]> {
    private final long records;

    ToValue(long records) {
      this.records = records;
    }

    @ProcessElement
    public void process(@Element Long chunk, OutputReceiver<byte[]> out) {
      long[] range = range(chunk, records);
      for (long i = range[0]; i < range[1]; i++) {
        out.output(value(i));
      }
    }
  }
}
