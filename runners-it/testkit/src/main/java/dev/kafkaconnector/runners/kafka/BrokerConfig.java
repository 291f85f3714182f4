package dev.kafkaconnector.runners.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.stream.Stream;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;

/**
 * The files and settings of one KRaft node (broker and controller in one process) of an embedded
 * cluster of one or more nodes: its directory, its ports, the cluster id and its {@code
 * server.properties}. Every node of a cluster is a voter of the controller quorum.
 *
 * <p>Layout of the directory: {@code server.properties}, {@code data/} (log and metadata dirs) and
 * {@code broker.log} (output of a child-process broker).
 */
final class BrokerConfig {

  /** The host every listener binds to and every client connects to. */
  static final String HOST = "127.0.0.1";

  private final Path directory;
  private final String clusterId;
  private final int nodeId;
  private final int clusterSize;
  private final Supplier<String> voters;
  private final boolean autoCreateTopics;
  private final Map<String, String> overrides;
  private final BrokerSecurity security;
  private final Map<String, Integer> securedPorts = new LinkedHashMap<>();
  private int brokerPort;
  private int controllerPort;

  /** A single-node cluster's only node (node id 1, a fresh cluster id). */
  BrokerConfig(
      Path directory,
      boolean autoCreateTopics,
      Map<String, String> overrides,
      BrokerSecurity security) {
    this(
        directory, Uuid.randomUuid().toString(), 1, 1, null, autoCreateTopics, overrides, security);
  }

  /**
   * @param clusterId the id shared by all nodes of the cluster
   * @param nodeId this node's id, 1 to {@code clusterSize}
   * @param clusterSize how many nodes the cluster has (sets the replication defaults)
   * @param voters gives {@code controller.quorum.voters} of the whole cluster, or null for a single
   *     node (then this node is the only voter)
   * @param security the secured listeners to add, or null for PLAINTEXT (and CONTROLLER) only
   */
  BrokerConfig(
      Path directory,
      String clusterId,
      int nodeId,
      int clusterSize,
      Supplier<String> voters,
      boolean autoCreateTopics,
      Map<String, String> overrides,
      BrokerSecurity security) {
    this.directory = directory;
    this.clusterId = clusterId;
    this.nodeId = nodeId;
    this.clusterSize = clusterSize;
    this.voters = voters == null ? this::voter : voters;
    this.autoCreateTopics = autoCreateTopics;
    this.overrides = new LinkedHashMap<>(overrides);
    this.security = security;
  }

  /** How many ports this node listens on. */
  int portCount() {
    return 2 + (security == null ? 0 : BrokerSecurity.LISTENERS.size());
  }

  /**
   * Takes {@link #portCount()} ports from {@code ports} starting at {@code from}: {@link
   * ClusterNodes} chooses the ports of all nodes at once, so that no two nodes get the same one.
   */
  void usePorts(int[] ports, int from) {
    brokerPort = ports[from];
    controllerPort = ports[from + 1];
    securedPorts.clear();
    for (int i = 2; i < portCount(); i++) {
      securedPorts.put(BrokerSecurity.LISTENERS.get(i - 2), ports[from + i]);
    }
  }

  /** This node's id. */
  int nodeId() {
    return nodeId;
  }

  /** This node's entry of {@code controller.quorum.voters}: {@code <id>@127.0.0.1:<port>}. */
  String voter() {
    return nodeId + "@" + HOST + ":" + controllerPort;
  }

  /** The secured listeners, or null when the broker has PLAINTEXT only. */
  BrokerSecurity security() {
    return security;
  }

  /**
   * The bootstrap servers of a secured listener.
   *
   * @throws IllegalStateException when the broker has no such listener
   */
  String bootstrapServers(String listener) {
    Integer port = securedPorts.get(listener);
    if (port == null) {
      throw new IllegalStateException(
          "No " + listener + " listener: build the cluster withSecurity(...)");
    }
    return HOST + ":" + port;
  }

  Path directory() {
    return directory;
  }

  Path dataDirectory() {
    return directory.resolve("data");
  }

  Path propertiesFile() {
    return directory.resolve("server.properties");
  }

  Path logFile() {
    return directory.resolve("broker.log");
  }

  String bootstrapServers() {
    return HOST + ":" + brokerPort;
  }

  /**
   * Whether the broker's PLAINTEXT port accepts TCP connections (the broker may still be starting).
   * Checked before any Kafka client connects, so that clients do not log connection failures.
   */
  boolean brokerPortAccepts() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, brokerPort), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The broker settings: KRaft defaults for tests, then the caller's overrides. Replication follows
   * the cluster's size: factor {@code min(nodes, 3)} and minimum in-sync replicas one less (at
   * least 1) for new topics, {@code __consumer_offsets} and {@code __transaction_state}; unclean
   * leader election is off.
   */
  Properties properties() {
    int replicas = Math.min(clusterSize, 3);
    String replicationFactor = Integer.toString(replicas);
    String minIsr = Integer.toString(Math.max(1, replicas - 1));
    Properties p = new Properties();
    p.setProperty("process.roles", "broker,controller");
    p.setProperty("node.id", Integer.toString(nodeId));
    p.setProperty("controller.quorum.voters", voters.get());
    p.setProperty(
        "listeners",
        "PLAINTEXT://" + HOST + ":" + brokerPort + ",CONTROLLER://" + HOST + ":" + controllerPort);
    p.setProperty("advertised.listeners", "PLAINTEXT://" + HOST + ":" + brokerPort);
    p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    p.setProperty("inter.broker.listener.name", "PLAINTEXT");
    p.setProperty("controller.listener.names", "CONTROLLER");
    p.setProperty("log.dirs", dataDirectory().toAbsolutePath().toString());
    p.setProperty("num.partitions", "1");
    p.setProperty("default.replication.factor", replicationFactor);
    p.setProperty("min.insync.replicas", minIsr);
    p.setProperty("unclean.leader.election.enable", "false");
    p.setProperty("offsets.topic.replication.factor", replicationFactor);
    p.setProperty("offsets.topic.num.partitions", "4");
    p.setProperty("transaction.state.log.replication.factor", replicationFactor);
    p.setProperty("transaction.state.log.min.isr", minIsr);
    p.setProperty("transaction.state.log.num.partitions", "4");
    p.setProperty("group.initial.rebalance.delay.ms", "0");
    p.setProperty("broker.session.timeout.ms", "1500");
    p.setProperty("broker.heartbeat.interval.ms", "500");
    p.setProperty("auto.create.topics.enable", Boolean.toString(autoCreateTopics));
    // Keep every record: tests and samples write records with timestamps years in the past, which
    // the default 7-day time retention deletes at its next check (every 5 minutes), so a topic
    // read right after such a check starts at a later offset than the test wrote.
    p.setProperty("log.retention.ms", "-1");
    if (security != null) {
      security.addListeners(p, securedPorts, HOST);
    }
    overrides.forEach(p::setProperty);
    return p;
  }

  /** Writes {@code server.properties} from {@link #properties()}, replacing an older copy. */
  void writePropertiesFile() {
    try (OutputStream out = Files.newOutputStream(propertiesFile())) {
      properties()
          .store(out, "Embedded Kafka broker (KRaft, node " + nodeId + " of " + clusterSize + ")");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + propertiesFile(), e);
    }
  }

  /** Deletes {@code directory} and everything in it; false when some file could not be deleted. */
  static boolean deleteTree(Path directory) {
    if (!Files.exists(directory)) {
      return true;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      boolean deletedAll = true;
      for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        deletedAll &= path.toFile().delete();
      }
      return deletedAll;
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  /**
   * Formats the data directory for this cluster id with Kafka's storage tool; a directory that is
   * already formatted is left as it is (so a restart keeps the data).
   */
  void formatStorage() {
    try {
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create " + directory, e);
    }
    if (security != null) {
      security.createStores();
    }
    writePropertiesFile();
    ByteArrayOutputStream output = new ByteArrayOutputStream();
    String[] args = {
      "format", "-t", clusterId, "-c", propertiesFile().toString(), "--ignore-formatted"
    };
    int exitCode;
    try (PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
      exitCode = StorageTool.execute(args, out);
    } catch (RuntimeException e) {
      throw new EmbeddedKafkaException(
          "Kafka storage format failed in "
              + dataDirectory()
              + ": "
              + e.getMessage()
              + "\n"
              + output.toString(StandardCharsets.UTF_8),
          e);
    }
    if (exitCode != 0) {
      throw new EmbeddedKafkaException(
          "Kafka storage format exited with "
              + exitCode
              + " in "
              + dataDirectory()
              + "\n"
              + output.toString(StandardCharsets.UTF_8));
    }
  }
}
