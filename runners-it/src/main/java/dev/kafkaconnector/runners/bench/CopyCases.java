package dev.kafkaconnector.runners.bench;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.kafka.KafkaIO;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Values;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The copy jobs the latency benchmark measures, each started on a fresh input and output topic and
 * stopped by closing what {@link #start} returns. All copy values unchanged (keys are null).
 */
final class CopyCases {
  /** The cases, in the order they run. */
  static final List<String> NAMES =
      List.of("plain-loop", "ours-flink", "ours-flink-eos", "kafkaio-flink", "ours-direct");

  /** A running copy; {@link #close()} stops it. */
  interface Running extends AutoCloseable {
    @Override
    void close() throws Exception;
  }

  private final LatencyConfig config;

  CopyCases(LatencyConfig config) {
    this.config = config;
  }

  /** Whether the case's output is transactional (read it {@code read_committed}). */
  static boolean transactional(String name) {
    return name.endsWith("-eos");
  }

  /** Starts case {@code name} copying {@code in} to {@code out}. */
  Running start(String name, String bootstrapServers, String in, String out) {
    return switch (name) {
      case "plain-loop" -> plainLoop(bootstrapServers, in, out);
      case "ours-flink" -> run(ours(flink(), bootstrapServers, in, out, "at-least-once"));
      case "ours-flink-eos" -> run(ours(flink(), bootstrapServers, in, out, "exactly-once"));
      case "kafkaio-flink" -> run(kafkaIo(flink(), bootstrapServers, in, out));
      case "ours-direct" ->
          run(
              ours(
                  PipelineRunners.direct(false, false),
                  bootstrapServers,
                  in,
                  out,
                  "at-least-once"));
      default -> throw new IllegalArgumentException("unknown case " + name);
    };
  }

  /**
   * The limit: {@code parallelism} threads, each a consumer of its share of the partitions and a
   * producer, sending every polled record at once (no offsets committed: nothing to restart from,
   * as no job is).
   */
  private Running plainLoop(String bootstrapServers, String in, String out) {
    int threads = config.parallelism;
    List<Thread> loops = new ArrayList<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    AtomicBoolean stop = new AtomicBoolean();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      List<TopicPartition> mine =
          IntStream.range(0, config.partitions)
              .filter(p -> p % threads == thread)
              .mapToObj(p -> new TopicPartition(in, p))
              .toList();
      Thread loop =
          new Thread(
              () -> {
                try (KafkaConsumer<byte[], byte[]> consumer =
                        new KafkaConsumer<>(
                            Map.of(
                                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                                    ByteArrayDeserializer.class,
                                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                                    ByteArrayDeserializer.class));
                    KafkaProducer<byte[], byte[]> producer =
                        new KafkaProducer<>(
                            Map.of(
                                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                                    ByteArraySerializer.class,
                                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                                    ByteArraySerializer.class))) {
                  consumer.assign(mine);
                  consumer.seekToBeginning(mine);
                  while (!stop.get()) {
                    for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(20))) {
                      producer.send(new ProducerRecord<>(out, r.partition(), null, r.value()));
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              },
              "plain-loop-" + t);
      loop.setDaemon(true);
      loop.start();
      loops.add(loop);
    }
    return () -> {
      stop.set(true);
      for (Thread loop : loops) {
        loop.join();
      }
      if (!failures.isEmpty()) {
        throw new IllegalStateException("The plain loop failed", failures.get(0));
      }
    };
  }

  /**
   * Embedded Flink in streaming mode, checkpoints every {@code --checkpointMillis} to files: an
   * exactly-once sink keeps the records of a checkpoint interval in state, more than the JobManager
   * storage's 5 MB limit at these rates (its checkpoints would fail and nothing would ever be
   * committed).
   */
  private FlinkPipelineOptions flink() {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", config.parallelism, false);
    options.setStreaming(true);
    options.setCheckpointingInterval(config.checkpointMillis);
    options.setStateBackend("filesystem");
    options.setStateBackendStoragePath(
        Path.of(System.getProperty("java.io.tmpdir"), "latency-bench-checkpoints")
            .toUri()
            .toString());
    if (config.maxBundleMillis > 0) {
      options.setMaxBundleTimeMills(config.maxBundleMillis);
    }
    options.setFasterCopy(config.fasterCopy);
    return options;
  }

  private static Pipeline ours(
      PipelineOptions options, String bootstrapServers, String in, String out, String guarantee) {
    Pipeline pipeline = Pipeline.create(options);
    Map<String, String> sink =
        new HashMap<>(
            Map.of(
                "properties.bootstrap.servers", bootstrapServers,
                "topic", out,
                "format", "raw",
                "sink.delivery-guarantee", guarantee));
    if (guarantee.equals("exactly-once")) {
      sink.put("sink.transactional-id-prefix", "latency-" + out);
    }
    pipeline
        .apply(
            KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers",
                        bootstrapServers,
                        "topic",
                        in,
                        "format",
                        "raw",
                        "scan.startup.mode",
                        "earliest-offset"))
                .withSchema(Schema.builder().addByteArrayField("value").build()))
        .apply(KafkaConnectorIO.write().withOptions(sink));
    return pipeline;
  }

  private static Pipeline kafkaIo(
      PipelineOptions options, String bootstrapServers, String in, String out) {
    Pipeline pipeline = Pipeline.create(options);
    pipeline
        .apply(
            KafkaIO.<byte[], byte[]>read()
                .withBootstrapServers(bootstrapServers)
                .withTopic(in)
                .withKeyDeserializer(ByteArrayDeserializer.class)
                .withValueDeserializer(ByteArrayDeserializer.class)
                .withConsumerConfigUpdates(
                    Map.of(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"))
                .withoutMetadata())
        .apply(Values.create())
        .apply(
            KafkaIO.<Void, byte[]>write()
                .withBootstrapServers(bootstrapServers)
                .withTopic(out)
                .withValueSerializer(ByteArraySerializer.class)
                .values());
    return pipeline;
  }

  private static Running run(Pipeline pipeline) {
    PipelineResult result = pipeline.run();
    return () -> {
      try {
        result.cancel();
      } catch (IOException | UnsupportedOperationException e) {
        System.err.println("Cancelling the job failed: " + e);
      }
    };
  }
}
