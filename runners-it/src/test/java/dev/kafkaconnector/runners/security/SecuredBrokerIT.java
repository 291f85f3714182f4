package dev.kafkaconnector.runners.security;

import static dev.kafkaconnector.runners.security.SecuredJobs.FAILURE_BOUND;
import static dev.kafkaconnector.runners.security.SecuredJobs.SCHEMA;
import static dev.kafkaconnector.runners.security.SecuredJobs.awaitFailure;
import static dev.kafkaconnector.runners.security.SecuredJobs.cancel;
import static dev.kafkaconnector.runners.security.SecuredJobs.row;
import static dev.kafkaconnector.runners.security.SecuredJobs.runAndFail;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import dev.kafkaconnector.runners.kafka.SecuredListeners;
import dev.kafkaconnector.runners.read.CollectingSink;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.transforms.Create;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialDeletion;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads and writes through the secured listeners of one broker (SASL_PLAINTEXT with PLAIN and both
 * SCRAM mechanisms, SSL, SASL_SSL, and mutual TLS) with spec option keys only, and checks that
 * wrong credentials, an untrusted certificate and a missing or untrusted client certificate fail
 * within 30 s, naming the mechanism (or SSL) and {@code properties.bootstrap.servers}, never a
 * password; also when the credentials are revoked while an unbounded read runs. The matrix runs on
 * the DirectRunner, one round trip and the failures of unbounded reads on embedded Flink too.
 */
class SecuredBrokerIT {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  private static final String USER = "alice";
  private static final String PASSWORD = "canary-right-" + UUID.randomUUID();
  private static final String WRONG = "canary-wrong-" + UUID.randomUUID();

  /** A SCRAM user whose credentials a case deletes while its job runs. */
  private static final String REVOKED_USER = "bob";

  private static final String REVOKED_PASSWORD = "canary-revoked-" + UUID.randomUUID();

  /** The password of the SCRAM users the reconnect case creates (and deletes) itself. */
  private static final String RECONNECT_PASSWORD = "canary-reconnect-" + UUID.randomUUID();

  private static final String KEYSTORE_PASSWORD = "canary-keystore-" + UUID.randomUUID();
  private static final String KEY_PASSWORD = "canary-key-" + UUID.randomUUID();
  private static final String CLIENT_TRUSTSTORE_PASSWORD = "canary-trust-" + UUID.randomUUID();
  private static final AtomicInteger TOPICS = new AtomicInteger();
  private static final String FLINK_SHADED = "org.apache.flink.kafka.shaded.";

  @TempDir static Path stores;
  private static EmbeddedKafkaCluster kafka;
  private static SecuredListeners.ClientStores clientStores;
  private static SecuredJobs jobs;

  @BeforeAll
  static void startBroker() {
    kafka =
        EmbeddedKafkaCluster.inJvm()
            .withSaslUser(USER, PASSWORD)
            .withSaslUser(REVOKED_USER, REVOKED_PASSWORD)
            .start();
    clientStores =
        kafka
            .security()
            .createClientStores(
                stores, CLIENT_TRUSTSTORE_PASSWORD, KEYSTORE_PASSWORD, KEY_PASSWORD);
    jobs =
        new SecuredJobs(
            List.of(
                PASSWORD,
                WRONG,
                REVOKED_PASSWORD,
                RECONNECT_PASSWORD,
                KEYSTORE_PASSWORD,
                KEY_PASSWORD,
                CLIENT_TRUSTSTORE_PASSWORD,
                kafka.security().truststorePassword()));
  }

  @AfterAll
  static void stopBroker() {
    if (kafka != null) {
      kafka.close();
    }
  }

  /**
   * The matrix; with {@code flinkShaded} the JAAS login module is written as the spec's examples
   * write it, with Flink's relocated package {@code org.apache.flink.kafka.shaded.}.
   */
  @ParameterizedTest(name = "{0} {1} flink-shaded-jaas={2}")
  @CsvSource({
    "SASL_PLAINTEXT, PLAIN, false",
    "SASL_PLAINTEXT, PLAIN, true",
    "SASL_PLAINTEXT, SCRAM-SHA-256, false",
    "SASL_PLAINTEXT, SCRAM-SHA-512, false",
    "SSL, , false",
    "SASL_SSL, PLAIN, false",
    "SASL_SSL, SCRAM-SHA-256, true",
    "SASL_SSL, SCRAM-SHA-512, false"
  })
  void writesAndReadsWithTheRightCredentials(
      String protocol, String mechanism, boolean flinkShaded) {
    Map<String, String> security = options(protocol, mechanism, PASSWORD);
    if (flinkShaded) {
      security.computeIfPresent(
          "properties.sasl.jaas.config",
          (k, jaas) -> jaas.replace("org.apache.kafka.", FLINK_SHADED + "org.apache.kafka."));
    }
    jobs.roundTrip(newTopic(), security, () -> PipelineRunners.direct(true, true));
  }

  /** One FlinkRunner case (embedded Flink, parallelism 2): SCRAM-SHA-512 over SASL_SSL. */
  @Test
  void flinkRunnerWritesAndReadsThroughSaslSsl() {
    Map<String, String> security = options(SecuredListeners.SASL_SSL, "SCRAM-SHA-512", PASSWORD);
    jobs.roundTrip(
        newTopic(),
        security,
        () -> PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true));
  }

  /**
   * Mutual TLS ({@code ssl.client.auth=required}): a client keystore whose certificate the broker
   * trusts, given by {@code properties.ssl.keystore.location/password} and {@code
   * properties.ssl.key.password} (a JKS store whose key has its own password), on both runners.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"DirectRunner", "FlinkRunner"})
  void writesAndReadsThroughMutualTls(String runner) {
    Supplier<PipelineOptions> options =
        runner.equals("DirectRunner")
            ? () -> PipelineRunners.direct(true, true)
            : () -> PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
    jobs.roundTrip(
        newTopic(),
        mutualTls(clientStores.keystore(), "JKS", KEYSTORE_PASSWORD, KEY_PASSWORD),
        options);
  }

  /**
   * A client without a keystore, and one whose certificate the broker does not trust, fail the
   * write and the read within 30 s naming SSL, the servers and the keystore option (DirectRunner);
   * an unbounded read with the untrusted certificate on Flink fails instead of restarting.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"no keystore", "untrusted client certificate"})
  void mutualTlsWithoutATrustedClientCertificateFailsClearlyAndInTime(String what)
      throws Exception {
    String topic = newTopic();
    Map<String, String> security =
        what.equals("no keystore")
            ? mutualTls(null, null, null, null)
            : mutualTls(
                kafka.security().untrustedClientKeystoreLocation(),
                "PKCS12",
                kafka.security().truststorePassword(),
                kafka.security().truststorePassword());
    String servers = security.get("properties.bootstrap.servers");
    jobs.assertNamed(
        runAndFail(
            p ->
                p.apply(Create.of(row(1)).withRowSchema(SCHEMA))
                    .apply(jobs.write(topic, security))),
        "SSL",
        servers,
        "properties.ssl.keystore.location");
    jobs.assertNamed(runAndFail(p -> p.apply(jobs.read(topic, security))), "SSL", servers);
    if (!what.equals("no keystore")) {
      Pipeline pipeline = Pipeline.create(PipelineRunners.flinkStreaming());
      pipeline.apply(unboundedRead(topic, security, "1 s"));
      jobs.assertNamed(awaitFailure(pipeline.run(), true), "SSL", servers);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"SASL_PLAINTEXT, PLAIN", "SASL_PLAINTEXT, SCRAM-SHA-256", "SASL_SSL, SCRAM-SHA-512"})
  void aWrongPasswordFailsTheWriteAndTheReadClearlyAndInTime(String protocol, String mechanism) {
    String topic = newTopic();
    Map<String, String> security = options(protocol, mechanism, WRONG);
    String servers = security.get("properties.bootstrap.servers");
    jobs.assertNamed(
        runAndFail(
            p ->
                p.apply(Create.of(row(1)).withRowSchema(SCHEMA))
                    .apply(jobs.write(topic, security))),
        mechanism,
        servers);
    jobs.assertNamed(runAndFail(p -> p.apply(jobs.read(topic, security))), mechanism, servers);
  }

  @Test
  void aWrongPasswordFailsTheExactlyOnceWriteClearlyAndInTime() {
    String topic = newTopic();
    Map<String, String> security = options(SecuredListeners.SASL_SSL, "SCRAM-SHA-256", WRONG);
    security.put("sink.delivery-guarantee", "exactly-once");
    security.put("sink.transactional-id-prefix", "secured-eos-" + System.nanoTime());
    Throwable failure =
        runAndFail(
            p ->
                p.apply(Create.of(row(1)).withRowSchema(SCHEMA))
                    .apply(jobs.write(topic, security)));
    jobs.assertNamed(failure, "SCRAM-SHA-256", security.get("properties.bootstrap.servers"));
  }

  /**
   * An unbounded read (partition discovery on) with a wrong password fails the job instead of
   * retrying: on the DirectRunner and on embedded Flink in streaming mode with checkpoints, whose
   * default restart strategy would otherwise restart the job for ever.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"DirectRunner", "FlinkRunner"})
  void aWrongPasswordFailsAnUnboundedReadInsteadOfRetrying(String runner) throws Exception {
    Map<String, String> security = options(SecuredListeners.SASL_PLAINTEXT, "SCRAM-SHA-256", WRONG);
    KafkaConnectorRead read = unboundedRead(newTopic(), security, "1 s");
    boolean flink = runner.equals("FlinkRunner");
    Pipeline pipeline =
        Pipeline.create(
            flink ? PipelineRunners.flinkStreaming() : PipelineRunners.direct(false, true));
    pipeline.apply(read);
    jobs.assertNamed(
        awaitFailure(pipeline.run(), flink),
        "SCRAM-SHA-256",
        security.get("properties.bootstrap.servers"));
  }

  /**
   * Credentials revoked while an unbounded read runs: the next periodic partition discovery is
   * refused and fails the job (before, it logged the failure and tried again every interval for
   * ever). Each runner revokes another mechanism's credentials of the user.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"DirectRunner, SCRAM-SHA-256", "FlinkRunner, SCRAM-SHA-512"})
  void revokedCredentialsFailTheNextPartitionDiscovery(String runner, String mechanism)
      throws Exception {
    String topic = newTopic();
    Map<String, String> security = scram(mechanism, REVOKED_USER, REVOKED_PASSWORD);
    Throwable failure =
        failAfterRevoking(
            runner,
            topic,
            security,
            "1 s",
            () -> {
              alterScram(
                  new UserScramCredentialDeletion(
                      REVOKED_USER, ScramMechanism.fromMechanismName(mechanism)));
            });
    jobs.assertNamed(failure, mechanism, security.get("properties.bootstrap.servers"));
  }

  /**
   * The partition readers' own path: partition discovery off, so nothing but the readers talks to
   * the broker. The user's credentials are deleted while the readers poll, and the broker is
   * restarted so that their consumers lose their (authenticated) connections and reconnect; the new
   * authentication is refused, and the job fails, not retried by the DirectRunner's reader nor
   * restarted by Flink, naming the mechanism, the servers and the topic-partition. The user is
   * created by this case (not declared to the cluster, whose start creates its users again).
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"DirectRunner, SCRAM-SHA-256", "FlinkRunner, SCRAM-SHA-512"})
  void aReaderRefusedAfterAReconnectFailsTheJobNamingItsPartition(String runner, String mechanism)
      throws Exception {
    String user = "carol-" + runner.toLowerCase(java.util.Locale.ROOT);
    ScramMechanism scram = ScramMechanism.fromMechanismName(mechanism);
    alterScram(
        new UserScramCredentialUpsertion(
            user, new ScramCredentialInfo(scram, 4096), RECONNECT_PASSWORD));
    String topic = newTopic();
    Map<String, String> security = scram(mechanism, user, RECONNECT_PASSWORD);
    awaitLogin(security);
    Throwable failure =
        failAfterRevoking(
            runner,
            topic,
            security,
            "0 s",
            () -> {
              alterScram(new UserScramCredentialDeletion(user, scram));
              kafka.restart();
            });
    String message =
        jobs.assertNamed(
            failure,
            mechanism,
            security.get("properties.bootstrap.servers"),
            "of topic '" + topic + "'");
    assertTrue(message.contains("Could not read partition "), message);
  }

  /**
   * Runs an unbounded read of {@code topic}, waits until it delivered a record, runs {@code revoke}
   * and returns the job's failure, which must come within 30 s.
   */
  private static Throwable failAfterRevoking(
      String runner,
      String topic,
      Map<String, String> security,
      String discovery,
      ThrowingRunnable revoke)
      throws Exception {
    CollectingSink collected = new CollectingSink();
    boolean flink = runner.equals("FlinkRunner");
    Pipeline pipeline =
        Pipeline.create(
            flink ? PipelineRunners.flinkStreaming() : PipelineRunners.direct(false, true));
    pipeline.apply(unboundedRead(topic, security, discovery)).apply(collected);
    PipelineResult result = pipeline.run();
    try {
      try (KafkaProducer<byte[], byte[]> producer =
          new KafkaProducer<>(
              Map.of("bootstrap.servers", kafka.bootstrapServers()),
              new ByteArraySerializer(),
              new ByteArraySerializer())) {
        producer.send(
            new ProducerRecord<>(
                topic, "{\"id\": 1, \"name\": \"a\"}".getBytes(StandardCharsets.UTF_8)));
      }
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (collected.rows().isEmpty()) {
        assertTrue(System.nanoTime() < deadline, "the read never delivered the first record");
        Thread.sleep(100);
      }
      revoke.run();
    } catch (Exception | AssertionError e) {
      cancel(result);
      throw e;
    }
    long start = System.nanoTime();
    Throwable failure = awaitFailure(result, flink);
    System.out.println(
        "Failed "
            + Duration.ofNanos(System.nanoTime() - start).toMillis()
            + " ms after the credentials were revoked: "
            + failure);
    return failure;
  }

  private interface ThrowingRunnable {
    void run() throws Exception;
  }

  private static void alterScram(UserScramCredentialAlteration alteration) throws Exception {
    try (Admin admin = Admin.create(kafka.adminProperties())) {
      admin.alterUserScramCredentials(List.of(alteration)).all().get(30, TimeUnit.SECONDS);
    }
  }

  /** Waits until a SCRAM login with {@code security} succeeds (credentials propagate). */
  private static void awaitLogin(Map<String, String> security) throws InterruptedException {
    Map<String, Object> props = new LinkedHashMap<>();
    security.forEach((k, v) -> props.put(k.substring("properties.".length()), v));
    long deadline = System.nanoTime() + FAILURE_BOUND.toNanos();
    while (true) {
      try (Admin admin = Admin.create(props)) {
        admin.describeCluster().nodes().get(10, TimeUnit.SECONDS);
        return;
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        assertTrue(System.nanoTime() < deadline, "the SCRAM login never succeeded: " + e);
        Thread.sleep(100);
      }
    }
  }

  private static KafkaConnectorRead unboundedRead(
      String topic, Map<String, String> security, String discovery) {
    Map<String, String> unbounded = new LinkedHashMap<>(security);
    unbounded.put("topic", topic);
    unbounded.put("format", "json");
    unbounded.put("scan.startup.mode", "earliest-offset");
    unbounded.put("scan.topic-partition-discovery.interval", discovery);
    return KafkaConnectorIO.read().withOptions(unbounded).withSchema(SCHEMA);
  }

  @Test
  void anUntrustedCertificateFailsTheWriteAndTheReadClearlyAndInTime() {
    String topic = newTopic();
    Map<String, String> security = options(SecuredListeners.SSL, null, PASSWORD);
    security.put(
        "properties.ssl.truststore.location",
        kafka.security().untrustedTruststoreLocation().toString());
    String servers = security.get("properties.bootstrap.servers");
    jobs.assertNamed(
        runAndFail(
            p ->
                p.apply(Create.of(row(1)).withRowSchema(SCHEMA))
                    .apply(jobs.write(topic, security))),
        "SSL",
        servers);
    jobs.assertNamed(runAndFail(p -> p.apply(jobs.read(topic, security))), "SSL", servers);
  }

  private static String newTopic() {
    String topic = "secured-" + TOPICS.incrementAndGet() + "-" + System.nanoTime();
    kafka.createTopic(topic, 2);
    return topic;
  }

  /** The secured listener's client properties as connector options ({@code properties.*}). */
  private static Map<String, String> options(String protocol, String mechanism, String password) {
    return prefixed(kafka.security().clientProperties(protocol, mechanism, USER, password));
  }

  private static Map<String, String> scram(String mechanism, String user, String password) {
    return prefixed(
        kafka
            .security()
            .clientProperties(SecuredListeners.SASL_PLAINTEXT, mechanism, user, password));
  }

  /** The MTLS listener's options with the client keystore given (none when null). */
  private static Map<String, String> mutualTls(
      Path keystore, String type, String keystorePassword, String keyPassword) {
    Map<String, String> out = options(SecuredListeners.MTLS, null, null);
    if (keystore != null) {
      out.put("properties.ssl.keystore.location", keystore.toString());
      out.put("properties.ssl.keystore.type", type);
      out.put("properties.ssl.keystore.password", keystorePassword);
      out.put("properties.ssl.key.password", keyPassword);
    }
    return out;
  }

  private static Map<String, String> prefixed(Map<String, String> clientProperties) {
    Map<String, String> out = new LinkedHashMap<>();
    clientProperties.forEach((k, v) -> out.put("properties." + k, v));
    return out;
  }
}
