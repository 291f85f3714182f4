package dev.kafkaconnector.examples.pipeline;

import dev.kafkaconnector.examples.cli.JobProgress;
import dev.kafkaconnector.examples.cli.ProgressOption;
import dev.kafkaconnector.examples.cli.RunnerOptions;
import dev.kafkaconnector.examples.cli.ToolCommandLine;
import dev.kafkaconnector.examples.cli.ToolVersion;
import dev.kafkaconnector.io.pipeline.ConnectorDefinition;
import dev.kafkaconnector.io.pipeline.PipelineDefinitionException;
import dev.kafkaconnector.io.pipeline.PipelineJob;
import dev.kafkaconnector.runners.Reachability;
import dev.kafkaconnector.runners.UnreachableException;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.AdminClientConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code examples/bin/kafka-pipeline}: runs a YAML job with {@link PipelineJob}. With {@code
 * --embedded-kafka} a Kafka broker starts in this JVM first, with the demo topic {@code inventory}
 * (Canal JSON changes of two tables, one gaining a column), and the placeholder {@code
 * ${kafka.bootstrap.servers}} is its address. The broker stops when the job ends. Without it, the
 * Kafka clusters of the job's {@code kafka} blocks are checked first: one that does not answer
 * within {@value #CHECK_SECONDS} s ends the launcher with status 1 before the job is built (which
 * would wait for the clients' {@code default.api.timeout.ms}, 60 s).
 *
 * <p>The launcher's own options are parsed by picocli ({@link ToolCommandLine}); other {@code
 * --name=value} arguments are Beam pipeline options, handed to Beam as given (Beam's camelCase
 * spelling, e.g. {@code --checkpointingInterval=10000}).
 */
@Command(
    name = "kafka-pipeline",
    mixinStandardHelpOptions = true,
    versionProvider = ToolVersion.class,
    usageHelpWidth = 100,
    customSynopsis = {
      ToolVersion.COMMAND
          + "examples/bin/kafka-pipeline} job.yaml [--embedded-kafka]"
          + " [-Dname=value ...]",
      "         [--catalogs=catalogs.yaml] [--runner=DirectRunner|FlinkRunner]",
      "         [--flink-master=host:port] [--parallelism=N] [other Beam pipeline options]"
    },
    description = {
      "Runs a YAML job (Flink CDC's pipeline format: source, sink, route, transform, pipeline) on"
          + " a Beam runner.",
      ""
    },
    footer = {
      "",
      "On standard error: the runner and the job (on Flink the REST address, the web UI of a"
          + " cluster, and the job id), with --progress a line every few seconds (records and"
          + " bytes in and out, lag per source, errors, dead letters), and at the end a summary"
          + " (FINISHED, FAILED, or STOPPED on Ctrl-C; duration, counts, records/s).",
      "",
      "Other --name=value arguments are Beam pipeline options, in Beam's spelling (e.g."
          + " --checkpointingInterval=10000, --streaming); an unknown one is a usage error."
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:the job ended; --help, --version",
      "1:the job failed, or a Kafka cluster of the job did not answer within 10 s",
      "2:a usage error, or a bad job file (one line naming the YAML path)"
    })
public final class KafkaPipelineLauncher implements Callable<Integer> {
  static final String SERVERS_VARIABLE = "kafka.bootstrap.servers";
  static final int CHECK_SECONDS = 10;
  private static final String PROPERTIES = "properties.";

  @Parameters(
      index = "0",
      paramLabel = "job.yaml",
      description = "A Flink CDC pipeline definition (source, sink, route, pipeline).")
  private String job;

  @Option(
      names = "--embedded-kafka",
      description =
          "Start a Kafka broker in this JVM with the demo topic 'inventory';"
              + " $${kafka.bootstrap.servers} is its address.")
  private boolean embeddedKafka;

  @Option(
      names = "-D",
      paramLabel = "name=value",
      description =
          "-Dname=value or -D name=value: the value of the placeholder $${name} (else the"
              + " environment variable name or NAME_IN_UPPER_CASE). Repeatable.")
  private List<String> variables = new ArrayList<>();

  @Option(
      names = "--catalogs",
      paramLabel = "catalogs.yaml",
      description = "Catalog definitions for using.built-in-catalog.")
  private String catalogs;

  @Mixin private ProgressOption progress = new ProgressOption();

  @Mixin private RunnerOptions runner = new RunnerOptions();

  @Unmatched private List<String> beamOptions = new ArrayList<>();

  @Spec private CommandSpec spec;

  private KafkaPipelineLauncher() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * Runs the launcher.
   *
   * @return 0 when the job ended, 1 when it failed, 2 for a usage error or a bad job file
   */
  static int run(String... args) {
    return ToolCommandLine.execute(new KafkaPipelineLauncher(), args);
  }

  @Override
  public Integer call() throws Exception {
    List<String> args = jobArgs();
    if (!embeddedKafka) {
      PipelineJob pipelineJob;
      try {
        pipelineJob = PipelineJob.fromArgs(args.toArray(String[]::new));
      } catch (PipelineDefinitionException e) {
        return PipelineJob.execute(args.toArray(String[]::new)); // which reports it
      }
      return unreachableKafka(pipelineJob)
          ? ToolCommandLine.FAILURE
          : PipelineJob.execute(pipelineJob, progress());
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
      args.add(1, "-D" + SERVERS_VARIABLE + "=" + kafka.bootstrapServers());
      return PipelineJob.execute(args.toArray(String[]::new), progress());
    }
  }

  /** What the launcher prints while the job runs and at its end. */
  private JobProgress progress() {
    return progress.listener("kafka-pipeline", System.err);
  }

  /**
   * The arguments of {@link PipelineJob}: the job file, the variables, the catalogs and the Beam
   * options. A leftover argument that is not a Beam option ({@code --name=value} with a Java
   * property name) is a usage error here; Beam checks the names of the others.
   */
  private List<String> jobArgs() {
    List<String> args = new ArrayList<>();
    args.add(job);
    for (String variable : variables) {
      args.add("-D" + variable); // PipelineJob checks the form without echoing the value
    }
    if (catalogs != null) {
      args.add("--catalogs=" + catalogs);
    }
    args.addAll(runner.beamArgs());
    for (String arg : beamOptions) {
      if (!RunnerOptions.isBeamOption(arg)) {
        throw ToolCommandLine.usageError(
            spec.commandLine(),
            (arg.startsWith("-") ? "Unknown option: '" : "Unexpected argument: '") + arg + "'");
      }
      args.add(arg);
    }
    return args;
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
}
