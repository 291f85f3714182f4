package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.kafka.KafkaIO;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricQueryResults;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.ExperimentalOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.joda.time.Instant;

/**
 * A Beam pipeline that reads the whole topic with one {@link Source} on one {@link Runner}, then
 * counts with {@link RecordCounter}.
 *
 * <ul>
 *   <li>{@link Source#KAFKAIO}: {@code KafkaIO.read()} with {@code withMaxNumRecords(all records)},
 *       which runs the legacy {@code UnboundedSource} reader wrapped in {@code
 *       BoundedReadFromUnboundedSource} (bounded, so Flink runs it in batch mode).
 *   <li>{@link Source#KAFKAIO_SDF}: {@code KafkaIO.read()} with {@code --experiments=use_sdf_read}
 *       and {@code withStopReadTime(end-marker time)}. {@code withMaxNumRecords} cannot be used
 *       here: it is a legacy-only property, so KafkaIO would still pick the legacy reader (then
 *       wrapped as an SDF by {@code Read.Bounded}), never its own {@code ReadFromKafkaDoFn}. A stop
 *       read time is the only public way to a bounded {@code ReadFromKafkaDoFn}; it resolves to the
 *       offset of the first record at or after that time (the end marker, see {@link
 *       BenchmarkTopic}), which is why the topic has markers.
 *   <li>{@link Source#OURS}: {@code KafkaConnectorIO.read()}, format raw, {@code
 *       scan.startup.mode=earliest-offset}, {@code scan.bounded.mode=latest-offset}.
 *   <li>{@link Source#OURS_JSON}: the same with {@code format=json} and {@link JsonRows#SCHEMA}, on
 *       the JSON topics.
 * </ul>
 *
 * <p>DirectRunner: immutability and encodability checks off. Flink: embedded {@code [local]},
 * attached, batch (every read here is bounded), or streaming for the {@link Runner#streaming()}
 * cases.
 */
final class BeamReadCase implements ReadCase {

  /** The reader under test. */
  enum Source {
    KAFKAIO("kafkaio"),
    KAFKAIO_SDF("kafkaio-sdf"),
    OURS("ours"),
    OURS_JSON("ours-json");

    final String label;

    Source(String label) {
      this.label = label;
    }
  }

  /** The runner. */
  enum Runner {
    DIRECT("direct"),
    /** Embedded Flink in batch mode: what a bounded read runs as. */
    FLINK("flink"),
    /**
     * Embedded Flink in streaming mode (checkpoints every 500 ms, the job ends when its sources
     * have): how a bounded read runs inside a streaming job.
     */
    FLINK_STREAMING("flink-streaming"),
    /** {@link #FLINK_STREAMING} with {@code --fasterCopy}. */
    FLINK_STREAMING_FASTER_COPY("flink-streaming-fastercopy");

    final String label;

    Runner(String label) {
      this.label = label;
    }

    boolean streaming() {
      return this == FLINK_STREAMING || this == FLINK_STREAMING_FASTER_COPY;
    }
  }

  static final Schema RAW_VALUE = Schema.builder().addByteArrayField("value").build();

  private final Source source;
  private final Runner runner;
  private final String bootstrapServers;
  private final int flinkParallelism;
  private final String flinkMaster;
  private final Duration timeout;

  /**
   * @param flinkMaster {@code [local]} (a new embedded cluster per job) or {@code [auto]} (the kept
   *     cluster the benchmark started)
   */
  BeamReadCase(
      Source source,
      Runner runner,
      String bootstrapServers,
      int flinkParallelism,
      String flinkMaster,
      Duration timeout) {
    this.source = source;
    this.runner = runner;
    this.bootstrapServers = bootstrapServers;
    this.flinkParallelism = flinkParallelism;
    this.flinkMaster = flinkMaster;
    this.timeout = timeout;
  }

  boolean flink() {
    return runner != Runner.DIRECT;
  }

  @Override
  public String name() {
    return source.label + "-" + runner.label;
  }

  @Override
  public boolean json() {
    return source == Source.OURS_JSON;
  }

  @Override
  public long expectedMarkers(BenchmarkTopic topic) {
    return source == Source.KAFKAIO_SDF ? 0 : topic.markers();
  }

  @Override
  public Measurement run(BenchmarkTopic topic) throws Exception {
    Pipeline pipeline = Pipeline.create(options());
    switch (source) {
      case KAFKAIO ->
          pipeline
              .apply("Read", kafkaIo(topic).withMaxNumRecords(topic.allRecords()))
              .apply("Count", ParDo.of(new RecordCounter.CountKafkaRecordsFn()));
      case KAFKAIO_SDF ->
          pipeline
              .apply("Read", kafkaIo(topic).withStopReadTime(new Instant(topic.stopTimeMillis())))
              .apply("Count", ParDo.of(new RecordCounter.CountKafkaRecordsFn()));
      case OURS ->
          pipeline
              .apply(
                  "Read",
                  KafkaConnectorIO.read().withOptions(oursOptions(topic)).withSchema(RAW_VALUE))
              .apply("Count", ParDo.of(new RecordCounter.CountRowsFn()));
      case OURS_JSON ->
          pipeline
              .apply(
                  "Read",
                  KafkaConnectorIO.read()
                      .withOptions(oursOptions(topic))
                      .withSchema(JsonRows.SCHEMA))
              .apply("Count", ParDo.of(new RecordCounter.CountJsonRowsFn()));
    }
    RecordCounter.reset();
    long start = System.nanoTime();
    PipelineResult result = runner == Runner.DIRECT ? runDirect(pipeline) : runFlink(pipeline);
    long nanos = System.nanoTime() - start;
    RecordCounter.Counts counts = RecordCounter.snapshot();
    checkMetric(result, counts.data());
    return new Measurement(nanos, counts);
  }

  private KafkaIO.Read<byte[], byte[]> kafkaIo(BenchmarkTopic topic) {
    return KafkaIO.<byte[], byte[]>read()
        .withBootstrapServers(bootstrapServers)
        .withTopic(topic.name())
        .withKeyDeserializer(ByteArrayDeserializer.class)
        .withValueDeserializer(ByteArrayDeserializer.class)
        .withConsumerConfigUpdates(Map.of(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"));
  }

  private Map<String, String> oursOptions(BenchmarkTopic topic) {
    Map<String, String> options = new java.util.HashMap<>();
    for (String kv : System.getProperty("bench.source", "").split(",")) {
      if (!kv.isBlank()) {
        options.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
      }
    }
    options.putAll(
        Map.of(
            "properties.bootstrap.servers",
            bootstrapServers,
            "topic",
            topic.name(),
            "format",
            source == Source.OURS_JSON ? "json" : "raw",
            "scan.startup.mode",
            "earliest-offset",
            "scan.bounded.mode",
            "latest-offset"));
    return options;
  }

  private PipelineOptions options() {
    PipelineOptions options =
        runner == Runner.DIRECT
            // blockOnRun=false only so that waitUntilFinish can apply the timeout and cancel.
            ? PipelineRunners.direct(false, false)
            : runner.streaming()
                ? streamingFlink()
                : PipelineRunners.flink(flinkMaster, flinkParallelism, true);
    if (source == Source.KAFKAIO_SDF) {
      ExperimentalOptions.addExperiment(options.as(ExperimentalOptions.class), "use_sdf_read");
    }
    return options;
  }

  private PipelineOptions streamingFlink() {
    FlinkPipelineOptions options = PipelineRunners.flinkStreamingEndingWithSources();
    options.setFlinkMaster(flinkMaster);
    options.setParallelism(flinkParallelism);
    options.setFasterCopy(runner == Runner.FLINK_STREAMING_FASTER_COPY);
    return options;
  }

  private PipelineResult runDirect(Pipeline pipeline) {
    PipelineResult result = pipeline.run();
    PipelineResult.State state =
        result.waitUntilFinish(org.joda.time.Duration.millis(timeout.toMillis()));
    if (state != PipelineResult.State.DONE) {
      try {
        result.cancel();
      } catch (Exception e) {
        // reported below
      }
      throw new IllegalStateException(
          name() + " ended in state " + state + " (timeout " + timeout + ")");
    }
    return result;
  }

  /** Flink's attached run() blocks to the end; a job that outlives the timeout is fatal. */
  private PipelineResult runFlink(Pipeline pipeline) throws Exception {
    ExecutorService executor =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread thread = new Thread(r, "benchmark-flink-run");
              thread.setDaemon(true);
              return thread;
            });
    try {
      Future<PipelineResult> run =
          executor.submit(
              () -> {
                PipelineResult result = pipeline.run();
                result.waitUntilFinish();
                return result;
              });
      try {
        return run.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        throw new FatalBenchmarkException(
            name() + " did not finish within " + timeout + "; the Flink job cannot be cancelled");
      } catch (java.util.concurrent.ExecutionException e) {
        throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
      }
    } finally {
      executor.shutdown();
    }
  }

  /** Cross-checks the Beam counter against the JVM-wide count, when the runner reports it. */
  private void checkMetric(PipelineResult result, long expectedData) {
    Long attempted = null;
    try {
      MetricQueryResults metrics =
          result
              .metrics()
              .queryMetrics(
                  MetricsFilter.builder()
                      .addNameFilter(
                          MetricNameFilter.named(RecordCounter.NAMESPACE, "data-records"))
                      .build());
      long sum = 0;
      boolean any = false;
      for (MetricResult<Long> counter : metrics.getCounters()) {
        sum += counter.getAttempted();
        any = true;
      }
      attempted = any ? sum : null;
    } catch (RuntimeException e) {
      // a runner without metric support: the JVM-wide count alone decides
    }
    if (attempted != null && attempted != expectedData) {
      throw new IllegalStateException(
          name()
              + ": Beam counter data-records="
              + attempted
              + " but the DoFns counted "
              + expectedData);
    }
  }

  /** A failure after which the benchmark cannot go on (a job it cannot stop is still running). */
  static final class FatalBenchmarkException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FatalBenchmarkException(String message) {
      super(message);
    }
  }
}
