package dev.kafkaconnector.runners.fault;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The job of the fault tests: a streaming Flink job that copies a topic to another one (keys and
 * values as raw bytes) while the test writes the input at a steady rate, so that faults can be
 * injected while it runs; the test cancels it once the output is complete.
 *
 * <p>Input record {@code i} has value {@code r<i>}, is in partition {@code i % PARTITIONS}, and has
 * one of {@value #KEYS_PER_PARTITION} keys of that partition: {@code p<partition>-k<j>}. The sink's
 * default partitioner puts each key in one output partition, so the records of a key keep the order
 * of their input partition when the output numbers grow with the offset.
 */
final class CopyJob {
  static final int PARTITIONS = 4;
  static final int KEYS_PER_PARTITION = 5;

  private CopyJob() {}

  /**
   * Starts writing {@code count} input records to {@code topic} at about {@code perSecond} records
   * per second, in a thread of its own; {@link Producing#close()} waits for the end.
   */
  static Producing produce(String bootstrapServers, String topic, int count, int perSecond) {
    return produce(bootstrapServers, topic, 0, count, perSecond, PARTITIONS);
  }

  /**
   * Like {@link #produce(String, String, int, int)}, for the records numbered {@code first} to
   * {@code first + count - 1}, record {@code i} in partition {@code i % partitions}.
   */
  static Producing produce(
      String bootstrapServers, String topic, int first, int count, int perSecond, int partitions) {
    Producing producing =
        new Producing(bootstrapServers, topic, first, count, perSecond, partitions);
    producing.thread.start();
    return producing;
  }

  /** The background writer of the input records. */
  static final class Producing implements AutoCloseable {
    private final Thread thread;
    private final AtomicInteger sent = new AtomicInteger();
    private volatile Throwable failure;
    private volatile boolean ending;

    private Producing(
        String bootstrapServers,
        String topic,
        int first,
        int count,
        int perSecond,
        int partitions) {
      this.thread =
          new Thread(
              () -> {
                try {
                  write(bootstrapServers, topic, first, count, perSecond, partitions, sent, this);
                } catch (InterruptedException stopped) {
                  // stop(): the test has what it needs
                } catch (Throwable t) {
                  failure = t;
                }
              },
              "fault-test-producer-" + topic);
    }

    /** How many records have been handed to the producer so far (not all acknowledged yet). */
    int sent() {
      return sent.get();
    }

    /** Whether every record has been written. */
    boolean done() {
      return !thread.isAlive();
    }

    /** Stops writing (the records not written yet are not written) and waits for the thread. */
    void stop() throws InterruptedException {
      thread.interrupt();
      thread.join();
    }

    /**
     * Ends the writing after the record being handed over now (the later ones are not written),
     * waits until every record handed over is acknowledged, and rethrows a failure as {@link
     * #close()} does: unlike {@link #stop()}, the input is then exactly the records {@code first}
     * to {@code first + n - 1}.
     *
     * @return {@code n}, how many records were written
     */
    int end() throws InterruptedException {
      ending = true;
      close();
      return sent.get();
    }

    /**
     * Waits until every record is written; rethrows the writer's failure, or the first record the
     * broker did not take (the input must be complete for the comparison with the output).
     */
    @Override
    public void close() throws InterruptedException {
      thread.join();
      if (failure != null) {
        throw new IllegalStateException("Writing the input records failed", failure);
      }
    }

    private void failed(int record, Exception e) {
      if (failure == null) {
        failure = new IllegalStateException("input record r" + record + " was not written", e);
      }
    }

    /**
     * One request in flight: with more, Kafka brokers before KAFKA-15591's fix can append a later
     * batch to a partition created a moment ago and then refuse the first one for ever as out of
     * sequence (seen here: the first records of partitions added under load expired after {@code
     * delivery.timeout.ms}, so the input lacked them). Every send is checked.
     */
    private static void write(
        String bootstrapServers,
        String topic,
        int first,
        int count,
        int perSecond,
        int partitions,
        AtomicInteger sent,
        Producing producing)
        throws InterruptedException {
      try (KafkaProducer<byte[], byte[]> producer =
          new KafkaProducer<>(
              Map.of(
                  ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                  bootstrapServers,
                  ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                  ByteArraySerializer.class,
                  ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                  ByteArraySerializer.class,
                  ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
                  1,
                  ProducerConfig.LINGER_MS_CONFIG,
                  5))) {
        long start = System.nanoTime();
        for (int n = 0; n < count && !producing.ending; n++) {
          int i = first + n;
          int partition = i % partitions;
          String key = "p" + partition + "-k" + (i / partitions) % KEYS_PER_PARTITION;
          producer.send(
              new ProducerRecord<>(
                  topic,
                  partition,
                  key.getBytes(StandardCharsets.UTF_8),
                  ("r" + i).getBytes(StandardCharsets.UTF_8)),
              (metadata, e) -> {
                if (e != null) {
                  producing.failed(i, e);
                }
              });
          sent.incrementAndGet();
          long aheadMillis =
              (start + (n + 1) * 1_000_000_000L / perSecond - System.nanoTime()) / 1_000_000;
          if (aheadMillis > 0) {
            Thread.sleep(aheadMillis);
          }
        }
        producer.flush();
      }
    }
  }

  /**
   * Options of a detached streaming job on the cluster at {@code flinkMaster}: parallelism 2, a
   * checkpoint every second, retained when the job is cancelled. Only the job's own classes (this
   * module's test classes) are staged: the cluster's class path holds Flink, Beam and the
   * connector, as a cluster whose {@code lib/} has them.
   */
  static FlinkPipelineOptions options(String flinkMaster, String jobName) {
    return options(flinkMaster, jobName, 2);
  }

  /** Like {@link #options(String, String)} with another parallelism. */
  static FlinkPipelineOptions options(String flinkMaster, String jobName, int parallelism) {
    FlinkPipelineOptions options = PipelineRunners.flink(flinkMaster, parallelism, false);
    options.setJobName(jobName);
    options.setStreaming(true);
    options.setCheckpointingInterval(1000L);
    options.setExternalizedCheckpointsEnabled(true);
    options.setRetainExternalizedCheckpointsOnCancellation(true);
    options.setFilesToStage(List.of(jobClasses()));
    return options;
  }

  /**
   * The copy pipeline: all of {@code in} from the earliest offset, without end (the read of a
   * finite range would be one bounded step that Flink cannot checkpoint until it is done), written
   * to {@code out} with {@code sinkOptions} ({@code sink.delivery-guarantee}, …).
   */
  static Pipeline pipeline(
      FlinkPipelineOptions options,
      String bootstrapServers,
      String in,
      String out,
      Map<String, String> sinkOptions) {
    return pipeline(options, bootstrapServers, in, out, Map.of(), sinkOptions);
  }

  /** The copy pipeline with more source options ({@code readOptions}). */
  static Pipeline pipeline(
      FlinkPipelineOptions options,
      String bootstrapServers,
      String in,
      String out,
      Map<String, String> readOptions,
      Map<String, String> sinkOptions) {
    return pipeline(options, bootstrapServers, in, readOptions, bootstrapServers, out, sinkOptions);
  }

  /**
   * The copy pipeline from {@code in} on the brokers at {@code sourceServers} to {@code out} on the
   * brokers at {@code sinkServers} (which may be another cluster).
   */
  static Pipeline pipeline(
      FlinkPipelineOptions options,
      String sourceServers,
      String in,
      Map<String, String> readOptions,
      String sinkServers,
      String out,
      Map<String, String> sinkOptions) {
    Pipeline pipeline = Pipeline.create(options);
    Schema schema = Schema.builder().addStringField("k").addStringField("value").build();
    Map<String, String> layout =
        Map.of("key.format", "raw", "key.fields", "k", "value.fields-include", "EXCEPT_KEY");
    Map<String, String> sink = new HashMap<>(sinkOptions);
    sink.put("properties.bootstrap.servers", sinkServers);
    sink.put("topic", out);
    sink.put("format", "raw");
    pipeline
        .apply(
            KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers",
                        sourceServers,
                        "topic",
                        in,
                        "format",
                        "raw",
                        "properties.group.id",
                        "copy-" + in,
                        "scan.startup.mode",
                        "earliest-offset"))
                .withOptions(readOptions)
                .withOptions(layout)
                .withSchema(schema))
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
}
