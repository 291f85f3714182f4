package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
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
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Write-throughput benchmark: writes N records of 200 bytes (no key, Kafka's default partitioner,
 * acks=all) to a fresh 4-partition topic per run, with a plain {@code KafkaProducer}, Beam's {@code
 * KafkaIO.write()} and {@code KafkaConnectorIO.write()} (at-least-once) on embedded Flink
 * (parallelism 2) and the DirectRunner (checks off), all in one JVM and one run of this class.
 * The exactly-once cases compare ours ({@code sink.delivery-guarantee=exactly-once}) with a plain
 * transactional producer committing every 10,000 records and with {@code KafkaIO.write().withEOS}
 * (4 shards each), as finite streaming jobs with checkpoints every second on Flink (both sinks
 * need checkpoints there) and on the DirectRunner; their records are counted read_committed.
 * Each case: one warm-up run, then {@code --runs} measured runs; it prints the median wall time,
 * records/s, the ratios of ours to the others, and each case's peak heap. Every run's topic must
 * hold exactly N records afterwards, or the case fails.
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
  private static final List<String> CASES =
      List.of(
          "plain-producer", "kafkaio-flink", "ours-flink", "kafkaio-direct", "ours-direct",
          "plain-txn-producer", "kafkaio-eos-flink", "ours-eos-flink", "kafkaio-eos-direct",
          "ours-eos-direct");

  private final EmbeddedKafkaCluster kafka;
  private final long records;
  private int topics;

  private WriteBenchmark(EmbeddedKafkaCluster kafka, long records) {
    this.kafka = kafka;
    this.records = records;
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
    List<String> only =
        a.containsKey("only") ? Arrays.asList(a.get("only").split(",")) : CASES;
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    System.out.printf(Locale.ROOT, "write benchmark: %,d records of %d B, %d partitions, %d runs,"
        + " load average %.2f%n", records, VALUE_BYTES, PARTITIONS, runs, load);
    Map<String, double[]> results = new LinkedHashMap<>();
    try (EmbeddedKafkaCluster kafka =
        EmbeddedKafkaCluster.inJvm().start()) {
      WriteBenchmark bench = new WriteBenchmark(kafka, records);
      for (String name : CASES) {
        if (!only.contains(name)) {
          continue;
        }
        double[] seconds = new double[runs];
        try {
          bench.runOnce(name); // warm-up
          resetPeaks();
          for (int i = 0; i < runs; i++) {
            seconds[i] = bench.runOnce(name);
          }
        } catch (Exception e) {
          Throwable root = e;
          while (root.getCause() != null) {
            root = root.getCause();
          }
          System.out.printf(Locale.ROOT, "%-15s FAILED: %s (%s)%n", name, e, root);
          continue;
        }
        Arrays.sort(seconds);
        long peakMb = peakHeapBytes() / (1024 * 1024);
        results.put(name, new double[] {seconds[runs / 2], seconds[0], seconds[runs - 1], peakMb});
        System.out.printf(Locale.ROOT, "%-15s median %6.2f s (min %.2f, max %.2f)  %,12.0f rec/s"
            + "  peak heap %,d MB%n", name, seconds[runs / 2], seconds[0], seconds[runs - 1],
            records / seconds[runs / 2], peakMb);
      }
    }
    ratio(results, "ours-flink", "plain-producer");
    ratio(results, "ours-flink", "kafkaio-flink");
    ratio(results, "ours-direct", "kafkaio-direct");
    ratio(results, "ours-eos-flink", "plain-txn-producer");
    ratio(results, "ours-eos-flink", "kafkaio-eos-flink");
    ratio(results, "ours-eos-direct", "kafkaio-eos-direct");
    System.out.printf(Locale.ROOT, "load average at end %.2f%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static void ratio(Map<String, double[]> results, String ours, String other) {
    if (results.containsKey(ours) && results.containsKey(other)) {
      System.out.printf(Locale.ROOT, "%s / %s throughput: %.2fx%n", ours, other,
          results.get(other)[0] / results.get(ours)[0]);
    }
  }

  /** One timed run of {@code name} to a new topic; checks the topic holds exactly N records. */
  private double runOnce(String name) throws Exception {
    String topic = "write-bench-" + (topics++);
    kafka.createTopic(topic, PARTITIONS);
    long start = System.nanoTime();
    boolean eos = name.contains("txn") || name.contains("eos");
    switch (name) {
      case "plain-producer" -> plainProducer(topic);
      case "kafkaio-flink" -> pipeline(PipelineRunners.flink("[local]", 2, true), topic, false, false);
      case "ours-flink" -> pipeline(PipelineRunners.flink("[local]", 2, true), topic, true, false);
      case "kafkaio-direct" -> pipeline(PipelineRunners.direct(true, false), topic, false, false);
      case "ours-direct" -> pipeline(PipelineRunners.direct(true, false), topic, true, false);
      case "plain-txn-producer" -> transactionalProducer(topic);
      case "kafkaio-eos-flink" -> pipeline(streamingFlink(), topic, false, true);
      case "ours-eos-flink" -> pipeline(streamingFlink(), topic, true, true);
      case "kafkaio-eos-direct" -> pipeline(PipelineRunners.direct(true, false), topic, false, true);
      case "ours-eos-direct" -> pipeline(PipelineRunners.direct(true, false), topic, true, true);
      default -> throw new IllegalArgumentException(name);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long written = eos ? countCommitted(topic) : count(topic);
    if (written != records) {
      throw new IllegalStateException(name + " wrote " + written + " records, expected " + records);
    }
    return seconds;
  }

  private void plainProducer(String topic) {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
      for (long i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(topic, value(i)));
      }
      producer.flush();
    }
  }

  /** A transactional producer committing every {@value #TXN_RECORDS} records. */
  private void transactionalProducer(String topic) {
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, "bench-" + topic,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
      producer.initTransactions();
      producer.beginTransaction();
      for (long i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(topic, value(i)));
        if ((i + 1) % TXN_RECORDS == 0) {
          producer.commitTransaction();
          producer.beginTransaction();
        }
      }
      producer.commitTransaction();
    }
  }

  /** Embedded Flink, parallelism 2, streaming with a checkpoint every second; ends with its input. */
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
            .toUri().toString());
    return options;
  }

  private void pipeline(PipelineOptions options, String topic, boolean ours, boolean eos) {
    Pipeline pipeline = Pipeline.create(options);
    var numbers = pipeline.apply(GenerateSequence.from(0).to(records));
    if (ours) {
      Schema schema = Schema.builder().addByteArrayField("value").build();
      Map<String, String> sink = new HashMap<>(
          Map.of(
              "properties.bootstrap.servers", kafka.bootstrapServers(),
              "topic", topic,
              "format", "raw"));
      if (eos) {
        sink.put("sink.delivery-guarantee", "exactly-once");
        sink.put("sink.transactional-id-prefix", "bench-" + topic);
        sink.put("sink.parallelism", "4");
      }
      numbers
          .apply(ParDo.of(new ToRow(schema)))
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
      numbers.apply(ParDo.of(new ToValue())).apply(write.values());
    }
    PipelineResult result = pipeline.run();
    if (result.waitUntilFinish() != PipelineResult.State.DONE) {
      throw new IllegalStateException("job ended " + result.getState());
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
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class))) {
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

  private static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
  }

  private static long peakHeapBytes() {
    long sum = 0;
    List<MemoryPoolMXBean> heap = new ArrayList<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heap.add(pool);
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  static final class ToRow extends DoFn<Long, Row> {
    private final Schema schema;

    ToRow(Schema schema) {
      this.schema = schema;
    }

    @ProcessElement
    public void process(@Element Long i, OutputReceiver<Row> out) {
      out.output(Row.withSchema(schema).attachValues(List.of(value(i))));
    }
  }

  static final class ToValue extends DoFn<Long, byte[]> {
    @ProcessElement
    public void process(@Element Long i, OutputReceiver<byte[]> out) {
      out.output(value(i));
    }
  }
}
