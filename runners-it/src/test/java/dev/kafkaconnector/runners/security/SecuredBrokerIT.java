package dev.kafkaconnector.runners.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import dev.kafkaconnector.runners.kafka.SecuredListeners;
import dev.kafkaconnector.runners.read.CollectingSink;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads and writes through the secured listeners of one broker (SASL_PLAINTEXT with PLAIN and both
 * SCRAM mechanisms, SSL, SASL_SSL) with spec option keys only, and checks that wrong credentials
 * and an untrusted certificate fail within 30 s, naming the mechanism (or SSL) and {@code
 * properties.bootstrap.servers}, never the password. The matrix runs on the DirectRunner, one
 * round trip on embedded Flink.
 */
class SecuredBrokerIT {
  private static final String USER = "alice";
  private static final String PASSWORD = "canary-right-" + UUID.randomUUID();
  private static final String WRONG = "canary-wrong-" + UUID.randomUUID();
  /** A SCRAM user whose credentials a case deletes while its job runs. */
  private static final String REVOKED_USER = "bob";
  private static final String REVOKED_PASSWORD = "canary-revoked-" + UUID.randomUUID();
  private static final Duration FAILURE_BOUND = Duration.ofSeconds(30);
  private static final Schema SCHEMA =
      Schema.builder().addInt64Field("id").addStringField("name").build();
  private static final AtomicInteger TOPICS = new AtomicInteger();
  private static final String FLINK_SHADED = "org.apache.flink.kafka.shaded.";

  private static EmbeddedKafkaCluster kafka;

  @BeforeAll
  static void startBroker() {
    kafka =
        EmbeddedKafkaCluster.inJvm()
            .withSaslUser(USER, PASSWORD)
            .withSaslUser(REVOKED_USER, REVOKED_PASSWORD)
            .start();
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
    String topic = newTopic();
    Map<String, String> security = options(protocol, mechanism, PASSWORD);
    if (flinkShaded) {
      security.computeIfPresent(
          "properties.sasl.jaas.config",
          (k, jaas) -> jaas.replace("org.apache.kafka.", FLINK_SHADED + "org.apache.kafka."));
    }
    roundTrip(topic, security, () -> PipelineRunners.direct(true, true));
  }

  /** One FlinkRunner case (embedded Flink, parallelism 2): SCRAM-SHA-512 over SASL_SSL. */
  @Test
  void flinkRunnerWritesAndReadsThroughSaslSsl() {
    String topic = newTopic();
    Map<String, String> security = options(SecuredListeners.SASL_SSL, "SCRAM-SHA-512", PASSWORD);
    roundTrip(topic, security, () -> PipelineRunners.flink("[local]", 2, true));
  }

  private static void roundTrip(
      String topic, Map<String, String> security, Supplier<PipelineOptions> options) {
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < 30; i++) {
      rows.add(Row.withSchema(SCHEMA).addValues(i, "n" + i).build());
    }
    KafkaConnectorWrite write = write(topic, security);
    assertNoSecret(write.toString(), "write toString()");
    Pipeline writing = Pipeline.create(options.get());
    writing.apply(Create.of(rows).withRowSchema(SCHEMA)).apply(write);
    assertEquals(PipelineResult.State.DONE, writing.run().waitUntilFinish());

    KafkaConnectorRead read = read(topic, security);
    assertNoSecret(read.toString(), "read toString()");
    CollectingSink collected = new CollectingSink();
    Pipeline reading = Pipeline.create(options.get());
    reading.apply(read).apply(collected);
    assertEquals(PipelineResult.State.DONE, reading.run().waitUntilFinish());
    assertEquals(
        new TreeSet<>(rows.stream().map(Row::toString).toList()),
        new TreeSet<>(collected.rows().stream().map(Row::toString).toList()));
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "SASL_PLAINTEXT, PLAIN",
    "SASL_PLAINTEXT, SCRAM-SHA-256",
    "SASL_SSL, SCRAM-SHA-512"
  })
  void aWrongPasswordFailsTheWriteAndTheReadClearlyAndInTime(String protocol, String mechanism) {
    String topic = newTopic();
    Map<String, String> security = options(protocol, mechanism, WRONG);
    String servers = security.get("properties.bootstrap.servers");
    Throwable writeFailure = runAndFail(p -> p.apply(Create.of(
        Row.withSchema(SCHEMA).addValues(1L, "x").build()).withRowSchema(SCHEMA))
        .apply(write(topic, security)));
    assertNamed(writeFailure, mechanism, servers);
    Throwable readFailure = runAndFail(p -> p.apply(read(topic, security)));
    assertNamed(readFailure, mechanism, servers);
  }

  @Test
  void aWrongPasswordFailsTheExactlyOnceWriteClearlyAndInTime() {
    String topic = newTopic();
    Map<String, String> security = options(SecuredListeners.SASL_SSL, "SCRAM-SHA-256", WRONG);
    security.put("sink.delivery-guarantee", "exactly-once");
    security.put("sink.transactional-id-prefix", "secured-eos-" + System.nanoTime());
    Throwable failure = runAndFail(p -> p.apply(Create.of(
        Row.withSchema(SCHEMA).addValues(1L, "x").build()).withRowSchema(SCHEMA))
        .apply(write(topic, security)));
    assertNamed(failure, "SCRAM-SHA-256", security.get("properties.bootstrap.servers"));
  }

  /**
   * An unbounded read (partition discovery on) with a wrong password fails the job instead of
   * retrying: on the DirectRunner and on embedded Flink in streaming mode with checkpoints, whose
   * default restart strategy would otherwise restart the job for ever.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"DirectRunner", "FlinkRunner"})
  void aWrongPasswordFailsAnUnboundedReadInsteadOfRetrying(String runner) throws Exception {
    String topic = newTopic();
    Map<String, String> security =
        options(SecuredListeners.SASL_PLAINTEXT, "SCRAM-SHA-256", WRONG);
    String servers = security.get("properties.bootstrap.servers");
    Map<String, String> unbounded = new LinkedHashMap<>(security);
    unbounded.put("topic", topic);
    unbounded.put("format", "json");
    unbounded.put("scan.startup.mode", "earliest-offset");
    unbounded.put("scan.topic-partition-discovery.interval", "1 s");
    KafkaConnectorRead read = KafkaConnectorIO.read().withOptions(unbounded).withSchema(SCHEMA);
    if (runner.equals("DirectRunner")) {
      assertNamed(runAndFail(p -> p.apply(read)), "SCRAM-SHA-256", servers);
      return;
    }
    Pipeline pipeline = Pipeline.create(PipelineRunners.flinkStreaming());
    pipeline.apply(read);
    long start = System.nanoTime();
    PipelineResult result = pipeline.run();
    Throwable failure = FlinkJobs.failure(result, FAILURE_BOUND);
    System.out.println("Flink job failed after "
        + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms: " + failure);
    assertNamed(failure, "SCRAM-SHA-256", servers);
  }

  /**
   * Credentials revoked while an unbounded read runs: the next periodic partition discovery is
   * refused and fails the job (before, it logged the failure and tried again every interval for
   * ever). The read's own connections, opened before, stay authenticated. Each runner revokes
   * another mechanism's credentials of the user.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"DirectRunner, SCRAM-SHA-256", "FlinkRunner, SCRAM-SHA-512"})
  void revokedCredentialsFailTheNextPartitionDiscovery(String runner, String mechanism)
      throws Exception {
    String topic = newTopic();
    Map<String, String> security = new LinkedHashMap<>();
    kafka.security()
        .clientProperties(SecuredListeners.SASL_PLAINTEXT, mechanism, REVOKED_USER, REVOKED_PASSWORD)
        .forEach((k, v) -> security.put("properties." + k, v));
    String servers = security.get("properties.bootstrap.servers");
    Map<String, String> unbounded = new LinkedHashMap<>(security);
    unbounded.put("topic", topic);
    unbounded.put("format", "json");
    unbounded.put("scan.startup.mode", "earliest-offset");
    unbounded.put("scan.topic-partition-discovery.interval", "1 s");
    CollectingSink collected = new CollectingSink();
    boolean flink = runner.equals("FlinkRunner");
    Pipeline pipeline =
        Pipeline.create(flink ? PipelineRunners.flinkStreaming() : PipelineRunners.direct(false, true));
    pipeline.apply(KafkaConnectorIO.read().withOptions(unbounded).withSchema(SCHEMA)).apply(collected);
    PipelineResult result = pipeline.run();
    try {
      try (org.apache.kafka.clients.producer.KafkaProducer<byte[], byte[]> producer =
          new org.apache.kafka.clients.producer.KafkaProducer<>(
              Map.of("bootstrap.servers", kafka.bootstrapServers()),
              new org.apache.kafka.common.serialization.ByteArraySerializer(),
              new org.apache.kafka.common.serialization.ByteArraySerializer())) {
        producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>(
            topic, "{\"id\": 1, \"name\": \"a\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      }
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (collected.rows().isEmpty()) {
        assertTrue(System.nanoTime() < deadline, "the read never delivered the first record");
        Thread.sleep(100);
      }
      try (org.apache.kafka.clients.admin.Admin admin =
          org.apache.kafka.clients.admin.Admin.create(kafka.adminProperties())) {
        admin.alterUserScramCredentials(List.of(
                new org.apache.kafka.clients.admin.UserScramCredentialDeletion(
                    REVOKED_USER,
                    org.apache.kafka.clients.admin.ScramMechanism.fromMechanismName(mechanism))))
            .all().get(30, java.util.concurrent.TimeUnit.SECONDS);
      }
    } catch (RuntimeException | InterruptedException | java.util.concurrent.ExecutionException e) {
      cancel(result);
      throw e;
    }
    long start = System.nanoTime();
    Throwable failure;
    if (flink) {
      failure = FlinkJobs.failure(result, FAILURE_BOUND);
    } else {
      try {
        PipelineResult.State state =
            result.waitUntilFinish(org.joda.time.Duration.millis(FAILURE_BOUND.toMillis()));
        cancel(result);
        failure = fail("the job did not fail within " + FAILURE_BOUND.toSeconds() + " s: " + state);
      } catch (RuntimeException e) {
        failure = e;
      }
    }
    System.out.println("Failed " + Duration.ofNanos(System.nanoTime() - start).toMillis()
        + " ms after the credentials were revoked: " + failure);
    assertNamed(failure, mechanism, servers);
  }

  @Test
  void anUntrustedCertificateFailsTheWriteAndTheReadClearlyAndInTime() {
    String topic = newTopic();
    Map<String, String> security = options(SecuredListeners.SSL, null, PASSWORD);
    security.put(
        "properties.ssl.truststore.location",
        kafka.security().untrustedTruststoreLocation().toString());
    String servers = security.get("properties.bootstrap.servers");
    Throwable writeFailure = runAndFail(p -> p.apply(Create.of(
        Row.withSchema(SCHEMA).addValues(1L, "x").build()).withRowSchema(SCHEMA))
        .apply(write(topic, security)));
    assertNamed(writeFailure, "SSL", servers);
    Throwable readFailure = runAndFail(p -> p.apply(read(topic, security)));
    assertNamed(readFailure, "SSL", servers);
  }

  private static String newTopic() {
    String topic = "secured-" + TOPICS.incrementAndGet() + "-" + System.nanoTime();
    kafka.createTopic(topic, 2);
    return topic;
  }

  /** The secured listener's client properties as connector options ({@code properties.*}). */
  private static Map<String, String> options(String protocol, String mechanism, String password) {
    Map<String, String> out = new LinkedHashMap<>();
    kafka.security()
        .clientProperties(protocol, mechanism, USER, password)
        .forEach((k, v) -> out.put("properties." + k, v));
    return out;
  }

  private static KafkaConnectorWrite write(String topic, Map<String, String> security) {
    Map<String, String> options = new LinkedHashMap<>(security);
    options.put("topic", topic);
    options.put("format", "json");
    return KafkaConnectorIO.write().withOptions(options);
  }

  private static KafkaConnectorRead read(String topic, Map<String, String> security) {
    Map<String, String> options = new LinkedHashMap<>(security);
    options.put("topic", topic);
    options.put("format", "json");
    options.put("scan.startup.mode", "earliest-offset");
    options.put("scan.bounded.mode", "latest-offset");
    return KafkaConnectorIO.read().withOptions(options).withSchema(SCHEMA);
  }

  private static Throwable runAndFail(java.util.function.Consumer<Pipeline> build) {
    Pipeline pipeline = Pipeline.create(PipelineRunners.direct(false, true));
    build.accept(pipeline);
    long start = System.nanoTime();
    PipelineResult result = null;
    try {
      result = pipeline.run();
      PipelineResult.State state =
          result.waitUntilFinish(org.joda.time.Duration.millis(FAILURE_BOUND.toMillis() * 2));
      cancel(result);
      return fail("the pipeline did not fail in " + FAILURE_BOUND.toSeconds() * 2 + " s: " + state);
    } catch (RuntimeException e) {
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      System.out.println("Failed after " + took.toMillis() + " ms: " + e);
      assertTrue(
          took.compareTo(FAILURE_BOUND) < 0, "failed only after " + took.toMillis() + " ms: " + e);
      return e;
    }
  }

  private static void cancel(PipelineResult result) {
    try {
      result.cancel();
    } catch (java.io.IOException | RuntimeException e) {
      // already ended
    }
  }

  /** Some message of the chain names the mechanism and the servers; none holds a password. */
  private static void assertNamed(Throwable failure, String mechanism, String servers) {
    String naming = null;
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String message = String.valueOf(t.getMessage());
      assertNoSecret(message, t.getClass().getName() + " message");
      for (Throwable s : t.getSuppressed()) {
        assertNoSecret(String.valueOf(s.getMessage()), "suppressed message");
      }
      if (naming == null
          && message.contains(mechanism)
          && message.contains("properties.bootstrap.servers=" + servers)) {
        naming = message;
      }
    }
    assertNotNull(naming, "no message names " + mechanism + " and the servers: " + failure);
  }

  private static void assertNoSecret(String text, String where) {
    assertFalse(text.contains(PASSWORD), where + " holds the password: " + text);
    assertFalse(text.contains(WRONG), where + " holds the (wrong) password: " + text);
    assertFalse(text.contains(REVOKED_PASSWORD), where + " holds the revoked password: " + text);
    assertFalse(
        text.contains(kafka.security().truststorePassword()),
        where + " holds the truststore password: " + text);
  }
}
