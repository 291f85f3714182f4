package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.util.HashMap;
import java.util.List;
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
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The Beam jobs of {@link WriteBenchmark}: N records of {@link WriteBenchmark#value} written by
 * {@code KafkaConnectorIO.write()} or Beam's {@code KafkaIO.write()}, at least once or exactly
 * once, run with a time limit. Kept apart from the benchmark's loop over cases and runs.
 */
final class BeamWriteJobs {
  /** Record numbers per input element of the Beam cases. */
  private static final int CHUNK = 1000;

  /** A job still running after this is cancelled and its case reported as failed. */
  private static final org.joda.time.Duration JOB_LIMIT = org.joda.time.Duration.standardMinutes(5);

  private final EmbeddedKafkaCluster kafka;

  BeamWriteJobs(EmbeddedKafkaCluster kafka) {
    this.kafka = kafka;
  }

  /**
   * Embedded Flink, parallelism 2, streaming with a checkpoint every second; ends with its input.
   */
  static PipelineOptions streamingFlink() {
    return streamingFlink(false);
  }

  /**
   * {@link #streamingFlink()}, with Flink's copy of every element between chained operators and
   * into heap state through its coder ({@code --fasterCopy=false}, the default) or without it.
   */
  static PipelineOptions streamingFlink(boolean fasterCopy) {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, true);
    options.setFasterCopy(fasterCopy);
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

  /**
   * Writes {@code records} records to {@code topic} with our sink ({@code ours}) or KafkaIO's,
   * exactly once when {@code eos}, and waits for the job to end.
   */
  void run(PipelineOptions options, String topic, long records, boolean ours, boolean eos) {
    Pipeline pipeline = Pipeline.create(options);
    // The input: chunks of CHUNK record numbers, each expanded by one DoFn call, so that the
    // bounded source's per-element cost (on Flink a metrics update per element read) is paid per
    // chunk; the same for every Beam case.
    var chunks = pipeline.apply(GenerateSequence.from(0).to((records + CHUNK - 1) / CHUNK));
    if (ours) {
      writeWithOurSink(chunks, topic, records, eos);
    } else {
      writeWithKafkaIo(chunks, topic, records, eos);
    }
    runWithLimit(pipeline);
  }

  private void writeWithOurSink(PCollection<Long> chunks, String topic, long records, boolean eos) {
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
  }

  private void writeWithKafkaIo(PCollection<Long> chunks, String topic, long records, boolean eos) {
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

  /** Runs {@code pipeline}; fails when it does not end DONE within {@link #JOB_LIMIT}. */
  private static void runWithLimit(Pipeline pipeline) {
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
        out.output(Row.withSchema(schema).attachValues(List.of(WriteBenchmark.value(i))));
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
        out.output(WriteBenchmark.value(i));
      }
    }
  }
}
