package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.runners.BeamMetrics;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.management.ObjectName;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.Lineage;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End-to-end cases of the source-hardening issue: each applied source has its own identity and
 * clients, clients and threads go away with the job, watermarks keep out-of-order records within
 * the bound, metrics are visible, and a deleted partition ends its read. One subclass per runner.
 */
abstract class AbstractSourceHardeningITCase extends ReadITSupport {
  /** A second, independent cluster, for two sources that read a topic named alike. */
  static EmbeddedKafkaCluster second;

  static TestProducer secondProducer;

  /**
   * Options of an unbounded job whose {@code run()} blocks until the job ends by itself, once all
   * its reads have ended.
   */
  protected abstract PipelineOptions streamingOptionsEndingWithTheSources();

  @BeforeAll
  static void startSecondCluster() {
    second = EmbeddedKafkaCluster.inJvm().start();
    secondProducer = new TestProducer(second.bootstrapServers());
  }

  @AfterAll
  static void stopSecondCluster() {
    if (secondProducer != null) {
      secondProducer.close();
    }
    if (second != null) {
      second.close();
    }
  }

  @Test
  void twoSourcesFromOneBuilderReadTheirOwnClusters() {
    String topic = KAFKA.newTopicName("twins");
    KAFKA.createTopic(topic, 2);
    second.createTopic(topic, 2);
    for (int i = 0; i < 500; i++) {
      producer.send(topic, i % 2, null, null, "first-" + i);
      secondProducer.send(topic, i % 2, null, null, "second-" + i);
    }
    producer.flush();
    secondProducer.flush();

    KafkaConnectorRead base =
        KafkaConnectorIO.read()
            .withOptions(
                Map.of(
                    "topic", topic,
                    "format", "raw",
                    "scan.startup.mode", "earliest-offset",
                    "scan.bounded.mode", "latest-offset"))
            .withSchema(VALUE);
    Pipeline pipeline = Pipeline.create(boundedOptions());
    CollectingSink first = new CollectingSink();
    CollectingSink other = new CollectingSink();
    pipeline.apply("First", base.withBootstrapServers(KAFKA.bootstrapServers())).apply(first);
    pipeline.apply("Second", base.withBootstrapServers(second.bootstrapServers())).apply(other);
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());

    assertEquals(500, first.rows().size());
    assertEquals(500, other.rows().size());
    assertTrue(values(first.rows()).stream().allMatch(v -> v.startsWith("first-")));
    assertTrue(values(other.rows()).stream().allMatch(v -> v.startsWith("second-")));
  }

  @Test
  void twoSourcesFromOneBuilderCommitToTheirOwnGroups() throws Exception {
    String topic = newTopic("groups", 2);
    producer.fill(topic, 2, 10);
    String groupA = "a-" + topic;
    String groupB = "b-" + topic;
    KafkaConnectorRead base = source(topic).withOption("scan.startup.mode", "earliest-offset");
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink a = new CollectingSink();
    CollectingSink b = new CollectingSink();
    pipeline.apply("A", base.withGroupId(groupA)).apply(a);
    pipeline.apply("B", base.withGroupId(groupB)).apply(b);
    PipelineResult result = pipeline.run();
    try {
      a.awaitRows(r -> r.size() >= 20, WAIT, "20 rows of source A");
      b.awaitRows(r -> r.size() >= 20, WAIT, "20 rows of source B");
      awaitCommitted(groupA, topic, 2);
      awaitCommitted(groupB, topic, 2);
    } finally {
      result.cancel();
    }
  }

  @Test
  void metricsAreVisibleInThePipelineResult() {
    String topic = newTopic("metrics", 2);
    producer.fill(topic, 2, 10); // keys "k0".."k9" (2-3 bytes), values "v-p-i" (5-6 bytes)
    long bytes = 0;
    for (int p = 0; p < 2; p++) {
      for (int i = 0; i < 10; i++) {
        bytes += ("k" + i).length() + ("v-" + p + "-" + i).length();
      }
    }
    Run run =
        runBoundedWithResult(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "latest-offset",
                        "scan.header-filter", "none:x")));
    assertEquals(0, run.rows().size(), "the header filter keeps nothing");
    assertEquals(20, run.counter("kafka-connector", "numRecordsIn"));
    assertEquals(bytes, run.counter("kafka-connector", "numBytesIn"));
    assertEquals(20, run.counter("kafka-connector", "records-filtered-by-header"));
    assertEquals(
        OptionalLong.of(0),
        BeamMetrics.gauge(run.result(), "pendingRecords:" + topic + "-0"),
        "the lag gauge of partition 0 after reading it to its end");
  }

  /**
   * FLIP-33's gauges and Beam's lineage: a read that stops at offset 20 of 30 leaves 10 records
   * pending; records stamped an hour ago have event-time lags of at least an hour; the consumer's
   * own metrics are forwarded; the topic is a lineage source in Beam's KafkaIO's shape.
   */
  @Test
  void flip33GaugesClientMetricsAndLineage() {
    String topic = newTopic("flip33", 1);
    long hourAgo = System.currentTimeMillis() - 3_600_000L;
    for (int i = 0; i < 30; i++) {
      producer.send(topic, 0, hourAgo + i, "k" + i, "v" + i);
    }
    producer.flush();
    Run run =
        runBoundedWithResult(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "specific-offsets",
                        "scan.bounded.specific-offsets", "partition:0,offset:20")));
    PipelineResult result = run.result();
    assertEquals(20, run.rows().size());
    assertEquals(20, run.counter("kafka-connector", "numRecordsIn"));
    assertEquals(OptionalLong.of(10), BeamMetrics.gauge(result, "pendingRecords"));
    assertEquals(OptionalLong.of(10), BeamMetrics.gauge(result, "pendingRecords:" + topic + "-0"));
    long fetchLag = BeamMetrics.gauge(result, "currentFetchEventTimeLag").orElse(-1);
    long emitLag = BeamMetrics.gauge(result, "currentEmitEventTimeLag").orElse(-1);
    assertTrue(fetchLag >= 3_600_000L - 20, "currentFetchEventTimeLag " + fetchLag);
    assertTrue(emitLag >= 3_600_000L - 20, "currentEmitEventTimeLag " + emitLag);
    for (String name : List.of("fetch-rate", "records-lag-max", "fetch-latency-avg")) {
      OptionalLong value = BeamMetrics.gauge(result, "KafkaConsumer." + name);
      assertTrue(value.isPresent() && value.getAsLong() >= 0, name + ": " + value);
    }
    assertEquals(
        Set.of(BeamMetrics.kafkaFqn(KAFKA.bootstrapServers(), topic)),
        BeamMetrics.lineage(result, Lineage.Type.SOURCE));
  }

  @Test
  void aDeletedTopicEndsItsRead() throws Exception {
    String topic = newTopic("gone", 1);
    producer.fill(topic, 1, 3);
    Pipeline pipeline = Pipeline.create(streamingOptionsEndingWithTheSources());
    CollectingSink sink = new CollectingSink();
    pipeline
        .apply(
            source(topic)
                .withOptions(
                    Map.of(
                        "scan.startup.mode", "earliest-offset",
                        "scan.topic-partition-discovery.interval", "0")))
        .apply(sink);
    java.util.concurrent.CompletableFuture<PipelineResult.State> run =
        java.util.concurrent.CompletableFuture.supplyAsync(() -> pipeline.run().waitUntilFinish());
    sink.awaitRows(r -> r.size() >= 3, WAIT, "3 rows");
    KAFKA.admin().deleteTopics(List.of(topic)).all().get();
    assertEquals(
        PipelineResult.State.DONE,
        run.get(90, java.util.concurrent.TimeUnit.SECONDS),
        "the job ends once its only partition is gone");
  }

  /**
   * Runs one bounded pipeline many times in this JVM (and a streaming one with offset commits a few
   * times) and checks that the connector's consumers and threads return to their starting level.
   */
  @Test
  void clientsAndThreadsDoNotOutliveTheirJobs() throws Exception {
    String topic = newTopic("lifecycle", 2);
    producer.fill(topic, 2, 20);
    KafkaConnectorRead read =
        source(topic)
            .withOptions(
                Map.of(
                    "scan.startup.mode", "earliest-offset",
                    "scan.bounded.mode", "latest-offset"));
    runBounded(read); // warm-up: runner threads that stay for the JVM's life start here
    Map<String, Integer> before = connectorResources();
    for (int i = 0; i < 20; i++) {
      assertEquals(40, runBounded(read).size());
    }
    for (int i = 0; i < 3; i++) {
      String group = "lifecycle-" + i + "-" + topic;
      Pipeline pipeline = Pipeline.create(streamingOptions());
      CollectingSink sink = new CollectingSink();
      pipeline
          .apply(
              source(topic)
                  .withOptions(
                      Map.of("scan.startup.mode", "earliest-offset", "properties.group.id", group)))
          .apply(sink);
      PipelineResult result = pipeline.run();
      try {
        sink.awaitRows(r -> r.size() >= 40, WAIT, "40 rows");
        awaitCommitted(group, topic, 2);
      } finally {
        result.cancel();
      }
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    Map<String, Integer> after = connectorResources();
    while (!after.equals(before) && System.nanoTime() < deadline) {
      Thread.sleep(200);
      after = connectorResources();
    }
    assertEquals(before, after, "connector consumers and threads before and after 23 jobs");
  }

  /** The connector's live consumers (by JMX app-info) and threads, by kind. */
  private static Map<String, Integer> connectorResources() throws Exception {
    Map<String, Integer> out = new TreeMap<>();
    Set<ObjectName> consumers =
        ManagementFactory.getPlatformMBeanServer()
            .queryNames(new ObjectName("kafka.consumer:type=app-info,*"), null);
    int ours = 0;
    for (ObjectName name : consumers) {
      String id = name.getKeyProperty("id");
      if (id != null && id.startsWith("kafka-connector")) {
        ours++;
      }
    }
    out.put("consumers", ours);
    int threads = 0;
    Set<String> names = new TreeSet<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.isAlive() && thread.getName().startsWith("kafka-connector")) {
        threads++;
        names.add(thread.getName());
      }
    }
    out.put("threads " + names, threads);
    return out;
  }

  @Test
  void outOfOrderRecordsWithinTheBoundAreNotDroppedFromEventTimeWindows() throws Exception {
    String topic = newTopic("window", 1);
    long t = 1_600_000_000_000L; // a multiple of 10 s: windows [t, t+10 s), [t+10 s, t+20 s), ...
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink raw = new CollectingSink();
    CollectingSink windows = new CollectingSink();
    PCollection<Row> rows =
        pipeline.apply(source(topic).withOption("scan.startup.mode", "earliest-offset"));
    rows.apply("Raw", raw);
    countPer10sWindow(rows, windows);
    PipelineResult result = pipeline.run();
    try {
      // Phase 1 ends 12 s into event time: the watermark is 7 s in (5 s out-of-orderness).
      for (long s : new long[] {1, 4, 2, 12}) {
        producer.send(topic, 0, t + s * 1000, null, "at-" + s);
      }
      producer.flush();
      raw.awaitRows(r -> r.size() >= 4, WAIT, "phase 1");
      // Phase 2: 8 s is 4 s behind the newest record (within the bound), 11 s is 4 s behind 15 s;
      // 31 s moves the watermark to 26 s, which closes the first two windows.
      for (long s : new long[] {8, 15, 11, 31}) {
        producer.send(topic, 0, t + s * 1000, null, "at-" + s);
      }
      producer.flush();
      List<Row> counts = windows.awaitRows(r -> r.size() >= 2, WAIT, "the first two windows");
      assertEquals(
          Map.of(0L, 4L, 10_000L, 3L),
          countsByStart(counts, t),
          "window start (ms after t) -> count");
    } finally {
      result.cancel();
    }
  }

  @Test
  void aPayloadColumnIsTheEventTimeOfWindows() throws Exception {
    String topic = newTopic("window-column", 1);
    long t = 1_600_000_000_000L; // a multiple of 10 s: windows [t, t+10 s), [t+10 s, t+20 s), ...
    long recordTime = t + 86_400_000L; // record timestamps a day later: never the event time
    Schema schema =
        Schema.builder()
            .addNullableField("v", Schema.FieldType.STRING)
            .addNullableField("ts", Schema.FieldType.logicalType(SqlTypes.DATETIME))
            .build();
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink windows = new CollectingSink();
    CollectingSink raw = new CollectingSink();
    PCollection<Row> rows =
        pipeline.apply(
            source(topic)
                .withOptions(Map.of("scan.startup.mode", "earliest-offset", "format", "json"))
                .withSchema(schema)
                .withWatermark("ts", java.time.Duration.ofSeconds(5)));
    rows.apply("Raw", raw);
    countPer10sWindow(rows, windows);
    PipelineResult result = pipeline.run();
    try {
      // as in the case above, but the event times are in the payload: 8 s and 11 s are within
      // the 5 s bound, 31 s moves the watermark to 26 s and closes the first two windows
      for (long s : new long[] {1, 4, 2, 12, 8, 15, 11, 31}) {
        LocalDateTime at = LocalDateTime.ofEpochSecond(t / 1000 + s, 0, ZoneOffset.UTC);
        producer.send(
            topic,
            0,
            recordTime,
            null,
            "{\"v\":\"at-" + s + "\",\"ts\":\"" + at.toString().replace('T', ' ') + "\"}");
      }
      producer.flush();
      raw.awaitRows(r -> r.size() >= 8, WAIT, "the rows");
      List<Row> counts = windows.awaitRows(r -> r.size() >= 2, WAIT, "the first two windows");
      assertEquals(
          Map.of(0L, 4L, 10_000L, 3L),
          countsByStart(counts, t),
          "window start (ms after t) -> count");
    } finally {
      result.cancel();
    }
  }

  /**
   * Counts {@code rows} per 10 s event-time window into {@code windows} ({@link WindowCountFn}).
   */
  static void countPer10sWindow(PCollection<Row> rows, CollectingSink windows) {
    rows.apply(Window.into(FixedWindows.of(org.joda.time.Duration.standardSeconds(10))))
        .apply(MapElements.into(TypeDescriptors.strings()).via(r -> "all"))
        .apply(Count.perElement())
        .apply(ParDo.of(new WindowCountFn()))
        .setRowSchema(WindowCountFn.SCHEMA)
        .apply("Windows", windows);
  }

  /** The counts of {@link WindowCountFn} rows by window start, in ms after {@code t}. */
  static Map<Long, Long> countsByStart(List<Row> counts, long t) {
    Map<Long, Long> byStart = new TreeMap<>();
    counts.forEach(r -> byStart.put(r.getInt64("start") - t, r.getInt64("count")));
    return byStart;
  }

  /** Emits (window start, count) rows. */
  static final class WindowCountFn extends DoFn<KV<String, Long>, Row> {
    static final Schema SCHEMA =
        Schema.builder().addInt64Field("start").addInt64Field("count").build();

    @ProcessElement
    public void process(
        @Element KV<String, Long> count, BoundedWindow window, OutputReceiver<Row> out) {
      long start = ((IntervalWindow) window).start().getMillis();
      out.output(Row.withSchema(SCHEMA).addValues(start, count.getValue()).build());
    }
  }
}
