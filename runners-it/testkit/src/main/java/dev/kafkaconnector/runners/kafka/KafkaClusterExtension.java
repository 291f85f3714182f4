package dev.kafkaconnector.runners.kafka;

import dev.kafkaconnector.runners.JvmScoped;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that gives a test class a Kafka cluster.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
 *
 * @Test
 * void roundTrip() {
 *   String topic = KAFKA.newTopicName("orders");
 *   KAFKA.createTopic(topic, 3);
 *   ... KAFKA.bootstrapServers() ...
 * }
 * }</pre>
 *
 * <p>When the environment variable {@value #BOOTSTRAP_SERVERS_ENV} is set, the extension uses that
 * external cluster and never starts or stops a broker. Otherwise it uses one in-JVM {@link
 * EmbeddedKafkaCluster} shared by every test class of the JVM: started by the first class that
 * needs it and closed when the JVM exits ({@link JvmScoped}). Test classes therefore must not rely
 * on a topic being absent unless they named it with {@link #newTopicName(String)}.
 *
 * <p>Register it on a {@code static} field: the cluster and {@link #admin()} are set up in {@code
 * beforeAll}.
 */
public final class KafkaClusterExtension implements BeforeAllCallback, AfterAllCallback {

  /** Environment variable naming an external cluster's bootstrap servers. */
  public static final String BOOTSTRAP_SERVERS_ENV = "KAFKA_BOOTSTRAP_SERVERS";

  private static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(30);
  private static final AtomicLong TOPIC_COUNTER = new AtomicLong();
  private static final Object SHARED_LOCK = new Object();
  private static EmbeddedKafkaCluster shared;

  private volatile String bootstrapServers;
  private volatile EmbeddedKafkaCluster embedded;
  private volatile Admin admin;
  private String ownerId;

  /** Creates the extension; nothing starts before JUnit calls {@code beforeAll}. */
  public KafkaClusterExtension() {}

  @Override
  public synchronized void beforeAll(ExtensionContext context) {
    if (admin != null) {
      return; // a @Nested class of the class that set the extension up
    }
    ownerId = context.getUniqueId();
    String external = System.getenv(BOOTSTRAP_SERVERS_ENV);
    if (external != null && !external.isBlank()) {
      embedded = null;
      bootstrapServers = external.trim();
    } else {
      embedded = sharedCluster();
      bootstrapServers = embedded.bootstrapServers();
    }
    admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.CLIENT_ID_CONFIG,
                "kafka-cluster-extension"));
  }

  @Override
  public synchronized void afterAll(ExtensionContext context) {
    if (!context.getUniqueId().equals(ownerId)) {
      return;
    }
    ownerId = null;
    Admin current = admin;
    admin = null;
    if (current != null) {
      current.close(Duration.ofSeconds(5));
    }
  }

  /**
   * Returns the bootstrap servers of the cluster.
   *
   * @return the external cluster's servers or {@code 127.0.0.1:<port>} of the embedded broker
   */
  public String bootstrapServers() {
    String servers = bootstrapServers;
    if (servers == null) {
      throw notInitialised();
    }
    return servers;
  }

  /**
   * Returns an admin client of the cluster, owned by the extension (closed after the test class).
   *
   * @return the admin client
   */
  public Admin admin() {
    Admin current = admin;
    if (current == null) {
      throw notInitialised();
    }
    return current;
  }

  /**
   * Returns the embedded cluster, for tests that need more than a bootstrap address.
   *
   * @return the shared embedded cluster, or empty when an external cluster is used
   */
  public Optional<EmbeddedKafkaCluster> embeddedCluster() {
    return Optional.ofNullable(embedded);
  }

  /**
   * Returns whether the cluster is the external one named by {@value #BOOTSTRAP_SERVERS_ENV}.
   *
   * @return true for an external cluster
   */
  public boolean isExternal() {
    bootstrapServers();
    return embedded == null;
  }

  /**
   * Returns a topic name that no other call in any JVM returns: the prefix, a counter and a random
   * suffix.
   *
   * @param prefix a readable prefix, e.g. the test's subject
   * @return a legal, unique topic name
   */
  public String newTopicName(String prefix) {
    String clean = prefix.replaceAll("[^A-Za-z0-9._-]", "_");
    String random = UUID.randomUUID().toString().substring(0, 8).toLowerCase(Locale.ROOT);
    return clean + "-" + TOPIC_COUNTER.incrementAndGet() + "-" + random;
  }

  /**
   * Creates a topic with the cluster's default replication factor and waits until all its
   * partitions have a leader.
   *
   * @param name the topic name
   * @param partitions the number of partitions
   * @throws EmbeddedKafkaException when the topic exists or cannot be created in time
   */
  public void createTopic(String name, int partitions) {
    createTopic(name, partitions, Map.of());
  }

  /**
   * Creates a topic with topic-level configuration and waits until all its partitions have a
   * leader.
   *
   * @param name the topic name
   * @param partitions the number of partitions
   * @param topicConfig topic configuration entries
   * @throws EmbeddedKafkaException when the topic exists or cannot be created in time
   */
  public void createTopic(String name, int partitions, Map<String, String> topicConfig) {
    new AdminOperations(admin(), OPERATION_TIMEOUT).createTopic(name, partitions, topicConfig);
  }

  private static EmbeddedKafkaCluster sharedCluster() {
    synchronized (SHARED_LOCK) {
      if (shared == null) {
        shared = EmbeddedKafkaCluster.inJvm().start();
        JvmScoped.closeAtExit("Kafka broker", shared);
      }
      return shared;
    }
  }

  private static IllegalStateException notInitialised() {
    return new IllegalStateException(
        "KafkaClusterExtension is not initialised: register it with @RegisterExtension on a "
            + "static field and use it from test methods or @BeforeAll");
  }
}
