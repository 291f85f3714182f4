package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.utils.AppInfoParser;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Runs an embedded Kafka broker until the process is killed: prints {@code
 * bootstrap.servers=127.0.0.1:<port>} on standard output once the broker is ready.
 *
 * <p>Options (picocli, kebab case, as the project's other tools): {@code --child-process} (run the
 * broker in a child JVM), {@code --brokers=N} (a replicated cluster of N child-process nodes;
 * implies {@code --child-process}), {@code --auto-create-topics}, {@code --topic=NAME[:PARTITIONS]}
 * (repeatable), {@code --bootstrap-file=PATH} (also write the bootstrap servers there, for
 * scripts), {@code --help}, {@code --version}. A value may also follow its option as the next
 * argument. Ends with exit code 2 on bad arguments (the error and the usage on standard error) and
 * 1 when the broker cannot start; {@code --help} and {@code --version} print on standard output and
 * end with 0.
 */
@Command(
    // bin/kafka-broker of the distribution sets kafkaconnector.command
    name = "${sys:kafkaconnector.command:-KafkaBrokerMain}",
    mixinStandardHelpOptions = true,
    versionProvider = KafkaBrokerMain.Version.class,
    usageHelpWidth = 100,
    description = {
      "Runs an embedded Apache Kafka broker (KRaft, PLAINTEXT on 127.0.0.1) until it is stopped;"
          + " prints bootstrap.servers=127.0.0.1:<port> on standard output once it is ready.",
      ""
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:--help, --version (a running broker ends with the JVM)",
      "1:the broker could not start",
      "2:a usage error (unknown option, missing or bad parameter)"
    })
public final class KafkaBrokerMain implements Callable<Integer> {
  private static final int MAX_BROKERS = 5;

  @Option(names = "--child-process", description = "Run the broker in a child JVM.")
  private boolean childProcess;

  @Option(
      names = "--brokers",
      paramLabel = "N",
      description = "A replicated cluster of N (1 to 5) child-process nodes.")
  private int brokers = 1;

  @Option(
      names = "--auto-create-topics",
      description = "Let the broker create topics on first use (off by default).")
  private boolean autoCreate;

  @Option(
      names = "--topic",
      paramLabel = "NAME[:PARTITIONS]",
      description = "Create a topic (1 partition unless given). Repeatable.")
  private List<String> topics = new ArrayList<>();

  @Option(
      names = "--bootstrap-file",
      paramLabel = "PATH",
      description = "Also write the bootstrap servers to PATH, for scripts.")
  private Path bootstrapFile;

  @Spec private CommandSpec spec;

  private KafkaBrokerMain() {}

  /**
   * Starts the broker and blocks until the JVM is ended (Ctrl-C, SIGTERM); the broker's directory
   * is deleted on the way out.
   *
   * @param args command-line options, see the class comment
   */
  public static void main(String[] args) {
    System.exit(
        execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
  }

  /**
   * Parses {@code args} and runs the broker (which then blocks until the JVM ends), printing help
   * and errors on {@code out} and {@code err}.
   *
   * @return 0 for {@code --help} and {@code --version}, 1 when the broker cannot start, 2 for a
   *     usage error
   */
  static int execute(PrintWriter out, PrintWriter err, String... args) {
    CommandLine commandLine = new CommandLine(new KafkaBrokerMain());
    commandLine.setExpandAtFiles(false);
    commandLine.setOut(out);
    commandLine.setErr(err);
    try {
      return commandLine.execute(args);
    } finally {
      out.flush();
      err.flush();
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    if (brokers < 1 || brokers > MAX_BROKERS) {
      throw new ParameterException(
          spec.commandLine(), "--brokers must be 1 to " + MAX_BROKERS + ", got " + brokers);
    }
    Map<String, Integer> topicPartitions = topicPartitions();
    EmbeddedKafkaClusterBuilder builder =
        childProcess || brokers > 1
            ? EmbeddedKafkaCluster.childProcess()
            : EmbeddedKafkaCluster.inJvm();
    EmbeddedKafkaCluster cluster;
    try {
      cluster = builder.brokers(brokers).autoCreateTopics(autoCreate).start();
      topicPartitions.forEach(cluster::createTopic);
      if (bootstrapFile != null) {
        Files.writeString(bootstrapFile, cluster.bootstrapServers() + "\n", StandardCharsets.UTF_8);
      }
    } catch (RuntimeException | IOException e) {
      spec.commandLine().getErr().println("Kafka broker failed to start: " + e.getMessage());
      spec.commandLine().getErr().flush();
      return 1;
    }
    // The cluster's own JVM shutdown hook stops the broker and deletes its directory.
    PrintStream out = System.out;
    out.println("bootstrap.servers=" + cluster.bootstrapServers());
    out.flush();
    new CountDownLatch(1).await(); // until the JVM is ended
    return 0;
  }

  /** The {@code --topic} topics, each {@code NAME[:PARTITIONS]} (1 partition by default). */
  private Map<String, Integer> topicPartitions() {
    Map<String, Integer> partitions = new LinkedHashMap<>();
    for (String topic : topics) {
      int colon = topic.lastIndexOf(':');
      String name = colon < 0 ? topic : topic.substring(0, colon);
      int count;
      try {
        count = colon < 0 ? 1 : Integer.parseInt(topic.substring(colon + 1));
      } catch (NumberFormatException e) {
        count = 0;
      }
      if (name.isEmpty() || count < 1) {
        throw new ParameterException(
            spec.commandLine(),
            "--topic expects NAME[:PARTITIONS] with PARTITIONS at least 1, got '" + topic + "'");
      }
      partitions.put(name, count);
    }
    return partitions;
  }

  /**
   * {@code --version}: the project version, written into {@code version.properties} by the build.
   */
  static final class Version implements IVersionProvider {
    /** {@code kafka-broker} under the distribution's {@code bin/kafka-broker}, else the class. */
    private static String commandName() {
      String command = System.getProperty("kafkaconnector.command");
      return command == null || command.isBlank()
          ? "KafkaBrokerMain"
          : Path.of(command).getFileName().toString();
    }

    @Override
    public String[] getVersion() {
      Properties properties = new Properties();
      try (InputStream in = KafkaBrokerMain.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          properties.load(in);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      String version = properties.getProperty("version", "unknown");
      return new String[] {
        commandName() + " " + (version.startsWith("${") ? "unknown" : version),
        "Apache Kafka " + AppInfoParser.getVersion() + " (KRaft)"
      };
    }
  }
}
