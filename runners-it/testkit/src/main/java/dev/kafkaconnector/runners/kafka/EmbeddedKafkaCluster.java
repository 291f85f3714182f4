package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An Apache Kafka cluster (KRaft mode, each node a combined broker and controller) on {@code
 * 127.0.0.1}, with its data in a fresh temporary directory that {@link #close()} deletes: one node
 * by default, or {@link EmbeddedKafkaClusterBuilder#brokers(int) several} child-process nodes that
 * form a replicated cluster (every node a voter of the controller quorum) whose nodes can be {@link
 * #killBroker(int) killed} and {@link #startBroker(int) started} one by one.
 *
 * <p>The broker runs either inside this JVM ({@link Mode#IN_JVM}: fastest, for most tests) or as a
 * child JVM ({@link Mode#CHILD_PROCESS}: can be {@link #kill() killed} like {@code kill -9} and
 * {@link #restart() restarted}, for fault-injection tests). Both listeners use free ports chosen
 * once; a restart reuses the ports and the directory, so clients' bootstrap servers stay valid.
 *
 * <pre>{@code
 * try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.inJvm().start()) {
 *   kafka.createTopic("orders", 3);
 *   Map<String, Object> props = new HashMap<>(kafka.adminProperties());
 *   ...
 * }
 * }</pre>
 *
 * <p>{@link #start()} returns once the broker is really usable: it answers metadata requests, its
 * group coordinator is loaded and every partition has a leader. Topics are not auto-created unless
 * {@link EmbeddedKafkaClusterBuilder#autoCreateTopics(boolean)} says so. Instances are thread-safe.
 */
public final class EmbeddedKafkaCluster implements AutoCloseable {

  /** Where the broker runs. */
  public enum Mode {
    /** A {@code kafka.server.KafkaRaftServer} inside the current JVM. */
    IN_JVM,
    /** A child JVM running {@code kafka.Kafka server.properties} on the current classpath. */
    CHILD_PROCESS
  }

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafkaCluster.class);

  private final Mode mode;
  private final Path directory;
  private final ClusterNodes nodes;
  private final Duration operationTimeout;
  private final Thread shutdownHook;
  private volatile Admin admin;
  private volatile boolean closed;

  EmbeddedKafkaCluster(EmbeddedKafkaClusterBuilder builder) {
    this.mode = builder.mode;
    this.operationTimeout = builder.operationTimeout;
    try {
      directory =
          builder.parentDirectory == null
              ? Files.createTempDirectory("embedded-kafka-")
              : Files.createTempDirectory(
                  Files.createDirectories(builder.parentDirectory), "embedded-kafka-");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a directory for the embedded Kafka broker", e);
    }
    this.nodes = new ClusterNodes(builder, directory);
    this.shutdownHook = new Thread(this::cleanUpAtJvmExit, "embedded-kafka-cleanup");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * Returns a builder of a cluster whose broker runs inside this JVM.
   *
   * @return a new builder
   */
  public static EmbeddedKafkaClusterBuilder inJvm() {
    return new EmbeddedKafkaClusterBuilder(Mode.IN_JVM);
  }

  /**
   * Returns a builder of a cluster whose broker runs in a child JVM, which can be killed.
   *
   * @return a new builder
   */
  public static EmbeddedKafkaClusterBuilder childProcess() {
    return new EmbeddedKafkaClusterBuilder(Mode.CHILD_PROCESS);
  }

  /**
   * Starts the broker, or every node of a cluster that is not running (formatting its storage the
   * first time), and waits until the cluster is usable; does nothing when every node runs already.
   *
   * @return this cluster
   * @throws EmbeddedKafkaException when the broker is not ready within the startup timeout; the
   *     message includes the tail of a child broker's log
   */
  public synchronized EmbeddedKafkaCluster start() {
    ensureOpen();
    if (!nodes.allRunning()) {
      nodes.startAll(this::operations, this::closeAdmin);
    }
    return this;
  }

  /**
   * Returns the ids of the cluster's nodes.
   *
   * @return {@code [1]} for a single broker, {@code [1, 2, 3]} for {@code brokers(3)}
   */
  public List<Integer> brokerIds() {
    return nodes.ids();
  }

  /**
   * Kills one node abruptly, like {@code kill -9}, and waits until it has exited; the others keep
   * serving (a partition it led gets a new leader from its in-sync replicas once the controller has
   * fenced the node, within about 2 s).
   *
   * @param brokerId the node's id, one of {@link #brokerIds()}
   * @throws UnsupportedOperationException in {@link Mode#IN_JVM} mode
   */
  public synchronized void killBroker(int brokerId) {
    ensureOpen();
    closeAdmin();
    nodes.kill(brokerId);
  }

  /**
   * Starts one node again on its ports and data (or does nothing when it runs) and waits until it
   * is registered and unfenced, every partition has a leader and each replica on a running node is
   * in its partition's in-sync replicas again.
   *
   * @param brokerId the node's id, one of {@link #brokerIds()}
   * @return this cluster
   * @throws EmbeddedKafkaException when the node is not ready within the startup timeout
   */
  public synchronized EmbeddedKafkaCluster startBroker(int brokerId) {
    ensureOpen();
    if (!nodes.isRunning(brokerId)) {
      nodes.startNode(brokerId, this::operations);
    }
    return this;
  }

  /**
   * Returns whether one node runs (launched and not stopped or killed).
   *
   * @param brokerId the node's id, one of {@link #brokerIds()}
   * @return true while it runs
   */
  public boolean isRunning(int brokerId) {
    return nodes.isRunning(brokerId);
  }

  /**
   * Returns the file that receives one child node's standard output and error.
   *
   * @param brokerId the node's id, one of {@link #brokerIds()}
   * @return its {@code broker.log}
   */
  public Path logFile(int brokerId) {
    return nodes.config(brokerId).logFile();
  }

  /**
   * Stops the broker (every node, all together) gracefully, keeping its data; {@link #restart()} or
   * {@link #start()} starts it again on the same ports and data.
   */
  public synchronized void stop() {
    closeAdmin(); // so that it does not log connection failures while the broker is down
    nodes.stopAll();
  }

  /**
   * Kills the broker (every node) abruptly, like {@code kill -9}, and waits until it has exited.
   * Data that the broker acknowledged survives (it is in the operating system's page cache).
   *
   * @throws UnsupportedOperationException in {@link Mode#IN_JVM} mode
   */
  public synchronized void kill() {
    ensureOpen();
    closeAdmin();
    nodes.killAll();
  }

  /**
   * Stops the broker if it is running and starts it again on the same directory and ports, waiting
   * until it is usable.
   *
   * @return this cluster
   * @throws EmbeddedKafkaException when the broker is not ready within the startup timeout
   */
  public synchronized EmbeddedKafkaCluster restart() {
    ensureOpen();
    stop();
    return start();
  }

  /**
   * Returns whether the broker is running (every node launched and not stopped or killed); does not
   * check that it is ready.
   *
   * @return true while running
   */
  public boolean isRunning() {
    return nodes.allRunning();
  }

  /**
   * Returns the bootstrap servers of the PLAINTEXT listener.
   *
   * @return {@code 127.0.0.1:<port>} (of every node, comma-separated, for a cluster of several),
   *     the same for the whole life of a started cluster
   */
  public String bootstrapServers() {
    return nodes.bootstrapServers();
  }

  /**
   * Returns the secured listeners of a cluster built {@link
   * EmbeddedKafkaClusterBuilder#withSecurity() withSecurity()}.
   *
   * @return their addresses, truststores and client properties
   * @throws IllegalStateException when the cluster has PLAINTEXT only
   */
  public SecuredListeners security() {
    return new SecuredListeners(nodes.first(), this);
  }

  /**
   * Returns the client properties to reach this cluster, usable for admin clients, producers and
   * consumers.
   *
   * @return an immutable map holding {@code bootstrap.servers}
   */
  public Map<String, Object> adminProperties() {
    return Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
  }

  /**
   * Creates a topic (replication factor 1, or 3 with {@code min.insync.replicas} 2 on a cluster of
   * three or more nodes) and waits until all its partitions have a leader.
   *
   * @param name the topic name
   * @param partitions the number of partitions
   * @throws EmbeddedKafkaException when the topic exists or cannot be created in time
   */
  public void createTopic(String name, int partitions) {
    createTopic(name, partitions, Map.of());
  }

  /**
   * Creates a topic with topic-level configuration (for example {@code cleanup.policy=compact}) and
   * waits until all its partitions have a leader.
   *
   * @param name the topic name
   * @param partitions the number of partitions
   * @param topicConfig topic configuration entries
   * @throws EmbeddedKafkaException when the topic exists or cannot be created in time
   */
  public void createTopic(String name, int partitions, Map<String, String> topicConfig) {
    operations().createTopic(name, partitions, topicConfig);
  }

  /**
   * Increases the number of partitions of a topic and waits until the new ones have a leader.
   *
   * @param topic the topic name
   * @param totalPartitions the new total number of partitions
   * @throws EmbeddedKafkaException when the change is refused or not visible in time
   */
  public void addPartitions(String topic, int totalPartitions) {
    operations().addPartitions(topic, totalPartitions);
  }

  /**
   * Deletes a topic and waits until it is no longer listed, so that the name can be reused.
   *
   * @param topic the topic name
   * @throws EmbeddedKafkaException when the deletion fails or is not visible in time
   */
  public void deleteTopic(String topic) {
    operations().deleteTopic(topic);
  }

  /**
   * Returns how the broker runs.
   *
   * @return the mode chosen by the builder
   */
  public Mode mode() {
    return mode;
  }

  /**
   * Returns the cluster's directory: {@code server.properties}, {@code data/} and, for a child
   * broker, {@code broker.log}; for a cluster of several nodes, one such directory per node, {@code
   * broker-<id>/}.
   *
   * @return the directory, deleted by {@link #close()}
   */
  public Path directory() {
    return directory;
  }

  /**
   * Returns the file that receives a child broker's standard output and error (the first node's).
   *
   * @return {@code broker.log} in {@link #directory()} (absent in {@link Mode#IN_JVM} mode)
   */
  public Path logFile() {
    return nodes.first().logFile();
  }

  /** Stops the broker and deletes its directory. Calling it again does nothing. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    closeAdmin();
    try {
      nodes.endForClose();
    } finally {
      if (!BrokerConfig.deleteTree(directory)) {
        LOG.warn("Could not delete all of {}", directory);
      }
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException jvmShuttingDown) {
        // the hook runs anyway and finds the cluster closed
      }
    }
  }

  @Override
  public String toString() {
    return "EmbeddedKafkaCluster[" + mode + ", " + bootstrapServers() + ", " + directory() + "]";
  }

  private synchronized AdminOperations operations() {
    ensureOpen();
    if (admin == null) {
      Map<String, Object> props = new LinkedHashMap<>(adminProperties());
      props.put(AdminClientConfig.CLIENT_ID_CONFIG, "embedded-kafka-admin");
      admin = Admin.create(props);
    }
    return new AdminOperations(admin, operationTimeout);
  }

  private synchronized void closeAdmin() {
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
      admin = null;
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException(this + " is closed");
    }
  }

  /** Shutdown hook: must not take this object's lock, a thread holding it may never release it. */
  private void cleanUpAtJvmExit() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Admin current = admin;
      if (current != null) {
        current.close(Duration.ZERO);
      }
      nodes.endAtJvmExit();
    } catch (RuntimeException e) {
      // best effort at JVM exit
    }
    BrokerConfig.deleteTree(directory);
  }
}
