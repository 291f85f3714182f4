package dev.kafkaconnector.runners.kafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Configures an {@link EmbeddedKafkaCluster}; obtained from {@link EmbeddedKafkaCluster#inJvm()} or
 * {@link EmbeddedKafkaCluster#childProcess()}.
 */
public final class EmbeddedKafkaClusterBuilder {
  final EmbeddedKafkaCluster.Mode mode;
  boolean autoCreateTopics;
  final Map<String, String> brokerProperties = new LinkedHashMap<>();
  Duration startupTimeout = Duration.ofSeconds(60);
  Duration operationTimeout = Duration.ofSeconds(30);
  String childClasspath = System.getProperty("java.class.path");
  final List<String> childJvmOptions =
      new ArrayList<>(List.of("-Xmx512m", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
  Path parentDirectory;
  boolean secured;
  int brokers = 1;
  final Map<String, String> saslUsers = new LinkedHashMap<>();

  EmbeddedKafkaClusterBuilder(EmbeddedKafkaCluster.Mode mode) {
    this.mode = mode;
  }

  /**
   * Sets {@code auto.create.topics.enable}; off by default, so a test that forgets to create a
   * topic fails instead of getting a one-partition topic.
   *
   * @param enabled whether producers and consumers create missing topics
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder autoCreateTopics(boolean enabled) {
    this.autoCreateTopics = enabled;
    return this;
  }

  /**
   * Adds or replaces one broker setting; applied after the defaults (overriding listeners or {@code
   * log.dirs} breaks the port and directory management).
   *
   * @param key a broker configuration key, e.g. {@code log.retention.ms}
   * @param value its value
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder brokerProperty(String key, String value) {
    brokerProperties.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, key));
    return this;
  }

  /**
   * Adds or replaces broker settings, as {@link #brokerProperty(String, String)} does.
   *
   * @param properties broker configuration entries
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder brokerProperties(Map<String, String> properties) {
    properties.forEach(this::brokerProperty);
    return this;
  }

  /**
   * Sets how long {@link EmbeddedKafkaCluster#start()} and {@link EmbeddedKafkaCluster#restart()}
   * wait for the broker to be usable.
   *
   * @param timeout the wait, 60 s by default
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder startupTimeout(Duration timeout) {
    this.startupTimeout = requirePositive(timeout, "startupTimeout");
    return this;
  }

  /**
   * Sets how long topic operations wait for their effect to be visible.
   *
   * @param timeout the wait, 30 s by default
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder operationTimeout(Duration timeout) {
    this.operationTimeout = requirePositive(timeout, "operationTimeout");
    return this;
  }

  /**
   * Sets the classpath of a child broker JVM; it must hold {@code kafka_2.13} and its dependencies.
   * Defaults to this JVM's {@code java.class.path}.
   *
   * @param classpath a classpath in the platform's format
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder childClasspath(String classpath) {
    this.childClasspath = Objects.requireNonNull(classpath, "classpath");
    return this;
  }

  /**
   * Adds an option to the child broker JVM's command line, after the defaults {@code -Xmx512m} and
   * {@code -Dorg.slf4j.simpleLogger.defaultLogLevel=warn} (a later option wins).
   *
   * @param option a JVM option such as {@code -Xmx1g}
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder childJvmOption(String option) {
    childJvmOptions.add(Objects.requireNonNull(option, "option"));
    return this;
  }

  /**
   * Sets the directory in which the cluster's temporary directory is created.
   *
   * @param directory a parent directory, created if missing; the system temp dir by default
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder parentDirectory(Path directory) {
    this.parentDirectory = Objects.requireNonNull(directory, "directory");
    return this;
  }

  /**
   * Adds the secured listeners {@code SASL_PLAINTEXT}, {@code SSL}, {@code SASL_SSL} and {@code
   * MTLS} (SASL with PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512; TLS with a certificate generated at
   * the first start; MTLS is SSL with {@code ssl.client.auth=required}) beside the PLAINTEXT one,
   * which stays the listener of {@link EmbeddedKafkaCluster#bootstrapServers()} and of the
   * cluster's own admin client. See {@link EmbeddedKafkaCluster#security()}.
   *
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder withSecurity() {
    this.secured = true;
    return this;
  }

  /**
   * Declares a SASL user, valid for PLAIN and both SCRAM mechanisms, and turns on {@link
   * #withSecurity()}.
   *
   * @param user the user name (letters, digits, {@code -} and {@code _})
   * @param password its password
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder withSaslUser(String user, String password) {
    if (!Objects.requireNonNull(user, "user").matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException("SASL user name must be [A-Za-z0-9_-]+, got " + user);
    }
    saslUsers.put(user, Objects.requireNonNull(password, "password"));
    return withSecurity();
  }

  /**
   * Sets how many nodes the cluster has; 1 by default. Each node is a child JVM running a broker
   * and a controller, and every node is a voter of the controller quorum, so a cluster of 3
   * survives the loss of any one node, the active controller included. With 3 or more nodes, new
   * topics, {@code __consumer_offsets} and {@code __transaction_state} have replication factor 3
   * and {@code min.insync.replicas} 2 (with 2 nodes: 2 and 1); unclean leader election is off.
   * {@link EmbeddedKafkaCluster#killBroker(int)} and {@link EmbeddedKafkaCluster#startBroker(int)}
   * act on one node; {@link EmbeddedKafkaCluster#bootstrapServers()} lists them all.
   *
   * <pre>{@code
   * try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.childProcess().brokers(3).start()) {
   *   kafka.createTopic("orders", 4); // replication factor 3, min.insync.replicas 2
   *   kafka.killBroker(2);            // kill -9 of node 2; the others elect new leaders
   *   kafka.startBroker(2);           // back, and in sync again
   * }
   * }</pre>
   *
   * @param count the number of nodes, 1 to 5; more than 1 needs {@link
   *     EmbeddedKafkaCluster#childProcess()} and no {@link #withSecurity()}
   * @return this builder
   */
  public EmbeddedKafkaClusterBuilder brokers(int count) {
    if (count < 1 || count > 5) {
      throw new IllegalArgumentException("brokers must be 1 to 5, got " + count);
    }
    this.brokers = count;
    return this;
  }

  /**
   * Creates the cluster (its directory and ports) without starting it.
   *
   * @return a cluster to {@link EmbeddedKafkaCluster#start() start}
   * @throws IllegalStateException when {@link #brokers(int)} above 1 is combined with the in-JVM
   *     mode or {@link #withSecurity()}
   */
  public EmbeddedKafkaCluster build() {
    if (brokers > 1 && mode != EmbeddedKafkaCluster.Mode.CHILD_PROCESS) {
      throw new IllegalStateException(
          "brokers("
              + brokers
              + ") needs child-process brokers:"
              + " build the cluster with EmbeddedKafkaCluster.childProcess()");
    }
    if (brokers > 1 && secured) {
      throw new IllegalStateException(
          "brokers("
              + brokers
              + ") with withSecurity() is not"
              + " supported: the secured listeners exist on single-node clusters only");
    }
    return new EmbeddedKafkaCluster(this);
  }

  /**
   * Creates and starts the cluster; closes it again when it cannot start.
   *
   * @return a started cluster
   * @throws EmbeddedKafkaException when the broker is not ready within the startup timeout
   */
  public EmbeddedKafkaCluster start() {
    EmbeddedKafkaCluster cluster = build();
    try {
      return cluster.start();
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  private static Duration requirePositive(Duration timeout, String name) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, got " + timeout);
    }
    return timeout;
  }
}
