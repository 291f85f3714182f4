package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node Apache Kafka broker (KRaft mode, combined broker and controller) on {@code
 * 127.0.0.1}, with its data in a fresh temporary directory that {@link #close()} deletes.
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
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration KILL_TIMEOUT = Duration.ofSeconds(30);
  private static final int START_ATTEMPTS = 3;

  private final Mode mode;
  private final BrokerConfig config;
  private final BrokerRunner runner;
  private final Duration startupTimeout;
  private final Duration operationTimeout;
  private final Thread shutdownHook;
  private volatile Admin admin;
  private boolean everReady;
  private volatile boolean closed;

  EmbeddedKafkaCluster(EmbeddedKafkaClusterBuilder builder) {
    this.mode = builder.mode;
    this.startupTimeout = builder.startupTimeout;
    this.operationTimeout = builder.operationTimeout;
    Path directory;
    try {
      directory =
          builder.parentDirectory == null
              ? Files.createTempDirectory("embedded-kafka-")
              : Files.createTempDirectory(
                  Files.createDirectories(builder.parentDirectory), "embedded-kafka-");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create a directory for the embedded Kafka broker", e);
    }
    BrokerSecurity security =
        builder.secured ? new BrokerSecurity(directory, builder.saslUsers) : null;
    this.config =
        new BrokerConfig(directory, builder.autoCreateTopics, builder.brokerProperties, security);
    this.runner =
        mode == Mode.IN_JVM
            ? new InJvmBrokerRunner(config)
            : new ChildProcessBrokerRunner(config, builder.childClasspath, builder.childJvmOptions);
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
   * Starts the broker (formatting its storage the first time) and waits until it is usable; does
   * nothing when it is running already.
   *
   * @return this cluster
   * @throws EmbeddedKafkaException when the broker is not ready within the startup timeout; the
   *     message includes the tail of a child broker's log
   */
  public synchronized EmbeddedKafkaCluster start() {
    ensureOpen();
    if (runner.isAlive()) {
      return this;
    }
    for (int attempt = 1; ; attempt++) {
      try {
        launchAndAwaitReady();
        everReady = true;
        return this;
      } catch (RuntimeException e) {
        boolean retry = !everReady && attempt < START_ATTEMPTS && runner.portWasTaken(e);
        endBrokerAfterFailedStart();
        if (!retry) {
          throw e;
        }
        LOG.info("Port of the embedded Kafka broker was taken; retrying on other ports");
        closeAdmin();
        config.choosePorts();
      }
    }
  }

  /**
   * Stops the broker gracefully, keeping its data; {@link #restart()} or {@link #start()} starts it
   * again on the same ports and data.
   */
  public synchronized void stop() {
    closeAdmin(); // so that it does not log connection failures while the broker is down
    runner.stop(STOP_TIMEOUT);
  }

  /**
   * Kills the broker abruptly, like {@code kill -9}, and waits until it has exited. Data that the
   * broker acknowledged survives (it is in the operating system's page cache).
   *
   * @throws UnsupportedOperationException in {@link Mode#IN_JVM} mode
   */
  public synchronized void kill() {
    ensureOpen();
    closeAdmin();
    runner.kill(KILL_TIMEOUT);
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
   * Returns whether the broker is running (launched and not stopped or killed); does not check that
   * it is ready.
   *
   * @return true while running
   */
  public boolean isRunning() {
    return runner.isAlive();
  }

  /**
   * Returns the bootstrap servers of the PLAINTEXT listener.
   *
   * @return {@code 127.0.0.1:<port>}, the same for the whole life of a started cluster
   */
  public String bootstrapServers() {
    return config.bootstrapServers();
  }

  /**
   * Returns the secured listeners of a cluster built {@link
   * EmbeddedKafkaClusterBuilder#withSecurity() withSecurity()}.
   *
   * @return their addresses, truststores and client properties
   * @throws IllegalStateException when the cluster has PLAINTEXT only
   */
  public SecuredListeners security() {
    return new SecuredListeners(config, this);
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
   * Creates a topic (replication factor 1) and waits until all its partitions have a leader.
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
   * broker, {@code broker.log}.
   *
   * @return the directory, deleted by {@link #close()}
   */
  public Path directory() {
    return config.directory();
  }

  /**
   * Returns the file that receives a child broker's standard output and error.
   *
   * @return {@code broker.log} in {@link #directory()} (absent in {@link Mode#IN_JVM} mode)
   */
  public Path logFile() {
    return config.logFile();
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
      runner.stop(STOP_TIMEOUT);
    } finally {
      if (!config.deleteDirectory()) {
        LOG.warn("Could not delete all of {}", config.directory());
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

  private void launchAndAwaitReady() {
    Deadline deadline = Deadline.after(startupTimeout);
    long startNanos = System.nanoTime();
    runner.start();
    Supplier<String> brokerEnded = () -> runner.isAlive() ? null : "the broker has ended";
    String problem = awaitPortAccepts(deadline, brokerEnded);
    if (problem == null) {
      problem = operations().awaitBrokerReady(deadline, brokerEnded);
    }
    if (problem == null && config.security() != null) {
      config.security().createScramUsers(
          admin, config.bootstrapServers(SecuredListeners.SASL_PLAINTEXT), deadline);
    }
    if (problem != null) {
      throw new EmbeddedKafkaException(String.format(
          "Embedded Kafka broker (%s) at %s did not become ready (startup timeout %d s): %s%n%s",
          mode, bootstrapServers(), startupTimeout.toSeconds(), problem, runner.diagnostics()));
    }
    long tookMillis = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
    LOG.info("Kafka broker ({}) ready at {} in {} ms", mode, bootstrapServers(), tookMillis);
  }

  private String awaitPortAccepts(Deadline deadline, Supplier<String> brokerEnded) {
    while (!deadline.isExpired()) {
      String problem = brokerEnded.get();
      if (problem != null || config.brokerPortAccepts()) {
        return problem;
      }
      deadline.pauseBeforeNextPoll();
    }
    return "port of " + bootstrapServers() + " not accepting connections";
  }

  private void endBrokerAfterFailedStart() {
    try {
      if (mode == Mode.CHILD_PROCESS) {
        runner.kill(KILL_TIMEOUT);
      } else {
        runner.stop(STOP_TIMEOUT);
      }
    } catch (RuntimeException e) {
      LOG.warn("Could not end the Kafka broker after a failed start", e);
    }
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
      if (runner instanceof ChildProcessBrokerRunner) {
        ((ChildProcessBrokerRunner) runner).killNow();
      } else {
        runner.stop(STOP_TIMEOUT);
      }
    } catch (RuntimeException e) {
      // best effort at JVM exit
    }
    config.deleteDirectory();
  }
}
