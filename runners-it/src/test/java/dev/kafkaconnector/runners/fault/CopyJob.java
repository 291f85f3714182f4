package dev.kafkaconnector.runners.fault;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The job of the fault tests: a finite streaming Flink job that copies a topic to another one
 * (keys and values as raw bytes), throttled so that faults can be injected while it runs.
 *
 * <p>Input record {@code i} has value {@code r<i>}, is in partition {@code i % PARTITIONS}, and
 * has one of {@value #KEYS_PER_PARTITION} keys of that partition: {@code p<partition>-k<j>}. The
 * sink's default partitioner puts each key in one output partition, so the records of a key keep
 * the order of their input partition when the output numbers grow with the offset.
 */
final class CopyJob {
  static final int PARTITIONS = 4;
  static final int KEYS_PER_PARTITION = 5;

  private CopyJob() {}

  /** Writes {@code count} input records to {@code topic}. */
  static void produce(String bootstrapServers, String topic, int count) {
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
        ProducerConfig.LINGER_MS_CONFIG, 5))) {
      for (int i = 0; i < count; i++) {
        int partition = i % PARTITIONS;
        String key = "p" + partition + "-k" + (i / PARTITIONS) % KEYS_PER_PARTITION;
        producer.send(new ProducerRecord<>(topic, partition,
            key.getBytes(StandardCharsets.UTF_8), ("r" + i).getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
  }

  /**
   * Options of a detached streaming job on the cluster at {@code flinkMaster}: parallelism 2, a
   * checkpoint every second, retained when the job is cancelled; the job ends when its finite
   * source has. Only the job's own classes (this module's test classes) are staged: the cluster's
   * class path holds Flink, Beam and the connector, as a cluster whose {@code lib/} has them.
   */
  static FlinkPipelineOptions options(String flinkMaster, String jobName) {
    FlinkPipelineOptions options = PipelineRunners.flink(flinkMaster, 2, false);
    options.setJobName(jobName);
    options.setStreaming(true);
    options.setCheckpointingInterval(1000L);
    options.setShutdownSourcesAfterIdleMs(0L);
    options.setExternalizedCheckpointsEnabled(true);
    options.setRetainExternalizedCheckpointsOnCancellation(true);
    options.setFilesToStage(List.of(jobClasses()));
    return options;
  }

  /**
   * The copy pipeline: {@code in} from the earliest to the latest offset seen at the start, at
   * most {@code recordsPerSecond} per reader instance, written to {@code out} with {@code
   * sinkOptions} ({@code sink.delivery-guarantee}, …).
   */
  static Pipeline pipeline(FlinkPipelineOptions options, String bootstrapServers, String in,
      String out, int recordsPerSecond, Map<String, String> sinkOptions) {
    Pipeline pipeline = Pipeline.create(options);
    Schema schema = Schema.builder().addStringField("k").addStringField("value").build();
    Map<String, String> layout =
        Map.of("key.format", "raw", "key.fields", "k", "value.fields-include", "EXCEPT_KEY");
    Map<String, String> sink = new HashMap<>(sinkOptions);
    sink.put("properties.bootstrap.servers", bootstrapServers);
    sink.put("topic", out);
    sink.put("format", "raw");
    pipeline
        .apply(KafkaConnectorIO.read()
            .withOptions(Map.of(
                "properties.bootstrap.servers", bootstrapServers,
                "topic", in,
                "format", "raw",
                "properties.group.id", "copy-" + in,
                "scan.startup.mode", "earliest-offset",
                "scan.bounded.mode", "latest-offset"))
            .withOptions(layout)
            .withSchema(schema))
        .apply("Throttle", ParDo.of(new ThrottleFn(recordsPerSecond)))
        .setRowSchema(schema)
        .apply(KafkaConnectorIO.write().withOptions(sink).withOptions(layout));
    return pipeline;
  }

  private static String jobClasses() {
    try {
      return Path.of(CopyJob.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Cannot locate the test classes", e);
    }
  }

  /** Passes rows through at no more than a given rate per instance (a load shape, not a wait). */
  static final class ThrottleFn extends DoFn<Row, Row> {
    private final int recordsPerSecond;
    private transient long startNanos;
    private transient long count;

    ThrottleFn(int recordsPerSecond) {
      this.recordsPerSecond = recordsPerSecond;
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) throws InterruptedException {
      if (count++ == 0) {
        startNanos = System.nanoTime();
      }
      long dueNanos = startNanos + count * 1_000_000_000L / recordsPerSecond;
      long aheadMillis = (dueNanos - System.nanoTime()) / 1_000_000;
      if (aheadMillis > 0) {
        Thread.sleep(aheadMillis);
      }
      out.output(row);
    }
  }
}
