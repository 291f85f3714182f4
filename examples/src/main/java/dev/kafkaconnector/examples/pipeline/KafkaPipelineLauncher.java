package dev.kafkaconnector.examples.pipeline;

import dev.kafkaconnector.io.pipeline.ConnectorDefinition;
import dev.kafkaconnector.io.pipeline.PipelineDefinitionException;
import dev.kafkaconnector.io.pipeline.PipelineJob;
import dev.kafkaconnector.runners.Reachability;
import dev.kafkaconnector.runners.UnreachableException;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * {@code examples/bin/kafka-pipeline}: runs a YAML job with {@link PipelineJob}. With {@code
 * --embedded-kafka} a Kafka broker starts in this JVM first, with the demo topic {@code inventory}
 * (Canal JSON changes of two tables, one gaining a column), and the placeholder {@code
 * ${kafka.bootstrap.servers}} is its address. The broker stops when the job ends. Without it, the
 * Kafka clusters of the job's {@code kafka} blocks are checked first: one that does not answer
 * within {@value #CHECK_SECONDS} s ends the launcher with status 1 before the job is built (which
 * would wait for the clients' {@code default.api.timeout.ms}, 60 s).
 */
public final class KafkaPipelineLauncher {
  static final String EMBEDDED_FLAG = "--embedded-kafka";
  static final String SERVERS_VARIABLE = "kafka.bootstrap.servers";
  static final int CHECK_SECONDS = 10;
  private static final String PROPERTIES = "properties.";

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
      PipelineJob job;
      try {
        job = PipelineJob.fromArgs(args);
      } catch (PipelineDefinitionException e) {
        return PipelineJob.execute(args); // which reports it
      }
      return unreachableKafka(job) ? 1 : PipelineJob.execute(job);
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

  /**
   * Whether a {@code kafka} block of the job names a cluster that does not answer, which it then
   * says on standard error.
   */
  static boolean unreachableKafka(PipelineJob job) {
    for (ConnectorDefinition block : List.of(job.definition().source(), job.definition().sink())) {
      String servers = block.options().get(PROPERTIES + AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG);
      if (!block.type().equals("kafka") || servers == null) {
        continue;
      }
      try {
        Reachability.checkKafka(
            servers, adminProperties(block.options()), Duration.ofSeconds(CHECK_SECONDS));
      } catch (UnreachableException e) {
        System.err.println(
            "kafka-pipeline: "
                + block.path()
                + ".properties.bootstrap.servers: "
                + job.definition().mask(e.getMessage()));
        return true;
      }
    }
    return false;
  }

  /** The block's {@code properties.*} that an admin client takes (security settings, ...). */
  private static Map<String, Object> adminProperties(Map<String, String> options) {
    Map<String, Object> admin = new HashMap<>();
    options.forEach(
        (key, value) -> {
          String name = key.startsWith(PROPERTIES) ? key.substring(PROPERTIES.length()) : null;
          if (name != null
              && AdminClientConfig.configNames().contains(name)
              && !name.equals(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            admin.put(name, value);
          }
        });
    return admin;
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

        Exit status: 0 when the job ended, 1 when it failed (or a Kafka cluster of the job did not
        answer within 10 s), 2 for a bad job file or argument.""";
  }
}
