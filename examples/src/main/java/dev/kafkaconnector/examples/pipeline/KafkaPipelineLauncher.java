package dev.kafkaconnector.examples.pipeline;

import dev.kafkaconnector.io.pipeline.PipelineJob;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code examples/bin/kafka-pipeline}: runs a YAML job with {@link PipelineJob}. With {@code
 * --embedded-kafka} a Kafka broker starts in this JVM first, with the demo topic {@code inventory}
 * (Canal JSON changes of two tables, one gaining a column), and the placeholder {@code
 * ${kafka.bootstrap.servers}} is its address. The broker stops when the job ends.
 */
public final class KafkaPipelineLauncher {
  static final String EMBEDDED_FLAG = "--embedded-kafka";
  static final String SERVERS_VARIABLE = "kafka.bootstrap.servers";

  private KafkaPipelineLauncher() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args));
  }

  static int run(String[] args) throws Exception {
    List<String> rest = new ArrayList<>(Arrays.asList(args));
    if (rest.contains("-h") || rest.contains("--help") || rest.isEmpty()) {
      System.err.println(usage());
      return rest.isEmpty() ? 2 : 0;
    }
    if (!rest.remove(EMBEDDED_FLAG)) {
      return PipelineJob.execute(args);
    }
    System.err.println("kafka-pipeline: starting an embedded Kafka broker ...");
    try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.inJvm().autoCreateTopics(true).start()) {
      SampleChanges.write(kafka);
      System.err.println(
          "kafka-pipeline: embedded Kafka broker at "
              + kafka.bootstrapServers()
              + " (${"
              + SERVERS_VARIABLE
              + "}), topic '"
              + SampleChanges.TOPIC
              + "' with "
              + SampleChanges.messages().size()
              + " Canal JSON changes of shop.products and"
              + " shop.customers");
      rest.add(0, "-D" + SERVERS_VARIABLE + "=" + kafka.bootstrapServers());
      return PipelineJob.execute(rest.toArray(String[]::new));
    }
  }

  static String usage() {
    return """
        Usage: examples/bin/kafka-pipeline job.yaml [--embedded-kafka] [-Dname=value ...]
                 [--catalogs=catalogs.yaml] [--runner=DirectRunner|FlinkRunner]
                 [--flinkMaster=host:port] [other Beam pipeline options]

          job.yaml          a Flink CDC pipeline definition (source, sink, route, pipeline)
          --embedded-kafka  start a Kafka broker in this JVM with the demo topic 'inventory';
                            ${kafka.bootstrap.servers} is its address
          -Dname=value      the value of the placeholder ${name} (else the environment variable
                            name or NAME_IN_UPPER_CASE)
          --catalogs=file   catalog definitions for using.built-in-catalog

        Exit status: 0 when the job ended, 1 when it failed, 2 for a bad job file or argument.""";
  }
}
