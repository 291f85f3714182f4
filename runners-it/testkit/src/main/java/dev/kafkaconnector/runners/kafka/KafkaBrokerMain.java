package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs an embedded Kafka broker until the process is killed: prints {@code
 * bootstrap.servers=127.0.0.1:<port>} on standard output once the broker is ready.
 *
 * <p>Options: {@code --child-process} (run the broker in a child JVM), {@code --brokers N} (a
 * replicated cluster of N child-process nodes; implies {@code --child-process}), {@code
 * --auto-create-topics}, {@code --topic NAME[:PARTITIONS]} (repeatable), {@code --bootstrap-file
 * PATH} (also write the bootstrap servers there, for scripts), {@code --help}. Ends with exit code
 * 2 on bad arguments and 1 when the broker cannot start.
 */
public final class KafkaBrokerMain {

  private static final String USAGE =
      "Usage: KafkaBrokerMain [--child-process] [--brokers N] [--auto-create-topics]"
          + " [--topic NAME[:PARTITIONS]]... [--bootstrap-file PATH]";

  private KafkaBrokerMain() {}

  /**
   * Starts the broker and blocks until the JVM is ended (Ctrl-C, SIGTERM); the broker's directory
   * is deleted on the way out.
   *
   * @param args command-line options, see the class comment
   * @throws InterruptedException when the main thread is interrupted
   */
  public static void main(String[] args) throws InterruptedException {
    boolean childProcess = false;
    boolean autoCreate = false;
    int brokers = 1;
    List<String> topics = new ArrayList<>();
    Path bootstrapFile = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--child-process":
          childProcess = true;
          break;
        case "--brokers":
          brokers = brokerCount(value(args, ++i));
          childProcess = true;
          break;
        case "--auto-create-topics":
          autoCreate = true;
          break;
        case "--topic":
          topics.add(value(args, ++i));
          break;
        case "--bootstrap-file":
          bootstrapFile = Paths.get(value(args, ++i));
          break;
        case "--help":
          System.out.println(USAGE);
          return;
        default:
          exitWithUsage("Unknown option: " + args[i]);
      }
    }
    EmbeddedKafkaClusterBuilder builder =
        childProcess ? EmbeddedKafkaCluster.childProcess() : EmbeddedKafkaCluster.inJvm();
    EmbeddedKafkaCluster cluster;
    try {
      cluster = builder.brokers(brokers).autoCreateTopics(autoCreate).start();
      createTopics(cluster, topics);
      if (bootstrapFile != null) {
        Files.writeString(bootstrapFile, cluster.bootstrapServers() + "\n", StandardCharsets.UTF_8);
      }
    } catch (RuntimeException | IOException e) {
      System.err.println("Kafka broker failed to start: " + e.getMessage());
      System.exit(1);
      return;
    }
    // The cluster's own JVM shutdown hook stops the broker and deletes its directory.
    PrintStream out = System.out;
    out.println("bootstrap.servers=" + cluster.bootstrapServers());
    out.flush();
    new CountDownLatch(1).await(); // until the JVM is ended
  }

  /**
   * Creates the {@code --topic} topics, each {@code NAME[:PARTITIONS]} (1 partition by default).
   */
  private static void createTopics(EmbeddedKafkaCluster cluster, List<String> topics) {
    for (String topic : topics) {
      int colon = topic.lastIndexOf(':');
      if (colon < 0) {
        cluster.createTopic(topic, 1);
      } else {
        cluster.createTopic(
            topic.substring(0, colon), Integer.parseInt(topic.substring(colon + 1)));
      }
    }
  }

  private static String value(String[] args, int index) {
    if (index >= args.length) {
      exitWithUsage("Missing value for " + args[index - 1]);
    }
    return args[index];
  }

  private static int brokerCount(String value) {
    try {
      int count = Integer.parseInt(value);
      if (count >= 1 && count <= 5) {
        return count;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    exitWithUsage("--brokers must be 1 to 5, got " + value);
    return 1;
  }

  private static void exitWithUsage(String problem) {
    System.err.println(problem);
    System.err.println(USAGE);
    System.exit(2);
  }
}
