package dev.kafkaconnector.runners.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.io.pipeline.PipelineDefinition;
import dev.kafkaconnector.io.pipeline.PipelineDefinitionParser;
import dev.kafkaconnector.io.pipeline.PipelineJob;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import dev.kafkaconnector.runners.kafka.SecuredListeners;
import dev.kafkaconnector.runners.read.TestProducer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The secret canary check of YAML jobs (issue #13): a Kafka-to-Kafka job whose secret options all
 * come from {@code ${secret_values.*}} placeholders, filled with canaries from {@code -D} arguments
 * ({@link PipelineJob#fromArgs}, {@link PipelineJob#execute}) and from environment variables
 * ({@code SECRET_VALUES_*}). The source reads through SASL_SSL (SCRAM-SHA-512) and the sink writes
 * through mutual TLS, so that the SASL password and the keystore and key passwords are really used.
 * While the class runs {@link SecretCanary} captures every log event and the standard streams
 * (where {@code execute} prints its errors); each case scans the parsed definition's {@code
 * toString()} (the echo of the YAML), the pipeline graph, display data, options and metric names,
 * the Flink plan, and the failures of a wrong password, invalid YAML, a bad option value and a bad
 * value that is itself a secret. On the DirectRunner and embedded Flink.
 */
class YamlSecretCanaryIT {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  private static final String USER = "alice";
  private static final Map<String, String> SECRETS = new LinkedHashMap<>();
  private static final String WRONG_PASSWORD = SecretCanary.create("WrongYamlSaslPassword");
  private static final AtomicInteger TOPICS = new AtomicInteger();

  static {
    SECRETS.put("secret_values.sasl_password", SecretCanary.create("YamlSaslPassword"));
    SECRETS.put("secret_values.truststore_password", SecretCanary.create("YamlTruststorePassword"));
    SECRETS.put("secret_values.keystore_password", SecretCanary.create("YamlKeystorePassword"));
    SECRETS.put("secret_values.key_password", SecretCanary.create("YamlKeyPassword"));
    SECRETS.put("secret_values.basic_auth", SecretCanary.create("YamlBasicAuthUserInfo"));
  }

  /** The connection options of a block; {@code %s} is the SASL password's placeholder name. */
  private static final String SECURITY =
      """
        properties.ssl.truststore.location: ${canary.truststore}
        properties.ssl.truststore.type: PKCS12
        properties.ssl.truststore.password: ${secret_values.truststore_password}
        properties.ssl.keystore.location: ${canary.keystore}
        properties.ssl.keystore.type: JKS
        properties.ssl.keystore.password: ${secret_values.keystore_password}
        properties.ssl.key.password: ${secret_values.key_password}
        properties.basic.auth.user.info: alice:${secret_values.basic_auth}
      """;

  private static final String JOB =
      """
      source:
        type: kafka
        name: Canary Source
        topic: ${canary.in}
        properties.bootstrap.servers: ${canary.sasl.servers}
        properties.security.protocol: SASL_SSL
        properties.sasl.mechanism: SCRAM-SHA-512
        properties.sasl.jaas.config: 'org.apache.kafka.common.security.scram.ScramLoginModule required username="alice" password="${secret_values.sasl_password}";'
      """
          + SECURITY
          + """
        value.format: json
        scan.startup.mode: earliest-offset
        scan.bounded.mode: latest-offset
      sink:
        type: kafka
        name: Canary Sink
        topic: ${canary.out}
        properties.bootstrap.servers: ${canary.mtls.servers}
        properties.security.protocol: SSL
      """
          + SECURITY
          + """
      pipeline:
        name: yaml-canary
        parallelism: 2
      """;

  @TempDir static Path directory;
  private static EmbeddedKafkaCluster kafka;
  private static SecuredListeners.ClientStores clientStores;
  private static long started;

  enum Runner {
    DIRECT,
    FLINK;

    PipelineOptions options() {
      if (this == DIRECT) {
        return PipelineRunners.direct(true, true);
      }
      FlinkPipelineOptions options =
          PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
      options.setNumberOfExecutionRetries(0);
      return options;
    }

    String runnerArg() {
      return this == DIRECT ? "--runner=DirectRunner" : "--runner=FlinkRunner";
    }
  }

  @BeforeAll
  static void startBrokerWhileCapturing() {
    started = System.nanoTime();
    SecretCanary.start();
    kafka =
        EmbeddedKafkaCluster.inJvm()
            .withSaslUser(USER, SECRETS.get("secret_values.sasl_password"))
            .start();
    clientStores =
        kafka
            .security()
            .createClientStores(
                directory,
                SECRETS.get("secret_values.truststore_password"),
                SECRETS.get("secret_values.keystore_password"),
                SECRETS.get("secret_values.key_password"));
    SecretCanary.assertNoLeak("the broker's start");
  }

  @AfterEach
  void noLeak() {
    SecretCanary.assertNoLeak("the last case");
  }

  @AfterAll
  static void stopBroker() {
    try {
      if (kafka != null) {
        kafka.close();
      }
      SecretCanary.assertNoLeak("the broker's stop");
    } finally {
      SecretCanary.stop();
      System.out.println(
          "YAML secret canary check: "
              + SecretCanary.coverage()
              + " in "
              + Duration.ofNanos(System.nanoTime() - started).toSeconds()
              + " s");
    }
  }

  /**
   * The values of the placeholders that are not secret, for a job from {@code in} to {@code out}.
   */
  private static Map<String, String> plainValues(String in, String out) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("canary.in", in);
    values.put("canary.out", out);
    values.put("canary.sasl.servers", kafka.security().bootstrapServers(SecuredListeners.SASL_SSL));
    values.put("canary.mtls.servers", kafka.security().bootstrapServers(SecuredListeners.MTLS));
    values.put("canary.truststore", clientStores.truststore().toString());
    values.put("canary.keystore", clientStores.keystore().toString());
    return values;
  }

  /** {@code job.yaml}, then {@code -Dname=value} for every value, then {@code more}. */
  private static String[] args(String yaml, Map<String, String> values, String... more)
      throws Exception {
    Path file = directory.resolve("job-" + TOPICS.incrementAndGet() + ".yaml");
    Files.writeString(file, yaml, StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>(List.of(file.toString()));
    values.forEach((name, value) -> args.add("-D" + name + "=" + value));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  private static String inputTopic() {
    String topic = "yaml-canary-in-" + TOPICS.incrementAndGet() + "-" + System.nanoTime();
    kafka.createTopic(topic, 2);
    try (TestProducer producer = new TestProducer(kafka.bootstrapServers())) {
      producer.send(topic, 0, null, null, "{\"id\": 1, \"name\": \"a\"}");
      producer.send(topic, 1, null, null, "{\"id\": 2, \"name\": \"b\"}");
      producer.flush();
    }
    return topic;
  }

  private static String outputTopic() {
    String topic = "yaml-canary-out-" + TOPICS.incrementAndGet() + "-" + System.nanoTime();
    kafka.createTopic(topic, 1);
    return topic;
  }

  /**
   * The job with every secret from {@code -D} arguments on the DirectRunner, and from environment
   * variables on Flink; it must copy both records, so the canaries were really the credentials.
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(Runner.class)
  void aYamlJobWithSecretValuesRunsWithoutShowingThem(Runner runner) throws Exception {
    String in = inputTopic();
    String out = outputTopic();
    PipelineJob job;
    if (runner == Runner.DIRECT) {
      Map<String, String> values = plainValues(in, out);
      values.putAll(SECRETS);
      job = PipelineJob.fromArgs(args(JOB, values));
    } else {
      Map<String, String> environment = new HashMap<>();
      SECRETS.forEach(
          (name, value) ->
              environment.put(name.toUpperCase(java.util.Locale.ROOT).replace('.', '_'), value));
      job =
          PipelineJob.of(
              PipelineDefinitionParser.parse(JOB, plainValues(in, out), environment, Map.of()));
    }
    String label = "YAML job on " + runner;
    PipelineDefinition definition = job.definition();
    SecretCanary.scan(
        label + ": the definition's toString() (the YAML echo)", definition.toString());
    SecretCanary.scan(label + ": the source block", definition.source().toString());
    SecretCanary.scan(label + ": the sink block", definition.sink().toString());
    SecretCanary.scan(label + ": the pipeline block", String.valueOf(definition.pipeline()));
    if (runner == Runner.FLINK) {
      Pipeline copy = job.toPipeline(runner.options());
      PipelineInspection.flinkPlan(label, copy, copy.getOptions().as(FlinkPipelineOptions.class));
    }
    Pipeline pipeline = job.toPipeline(runner.options());
    PipelineInspection.graph(label, pipeline);
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish(), label);
    PipelineInspection.graph(label + " (after the run)", pipeline);
    PipelineInspection.metrics(label, result);
    assertEquals(2, recordsIn(out), "records the job wrote to " + out);
    SecretCanary.assertNoLeak(label);
  }

  /**
   * Failing variants through {@link PipelineJob#execute} (what {@code kafka-pipeline} runs; it
   * prints its error to standard error, which the canary check captures) and through {@link
   * PipelineJob#run}: a wrong SASL password (the job fails: exit status 1), invalid YAML, a bad
   * option value next to the secrets, and a secret used where a number belongs, which the error
   * would quote (exit status 2).
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(Runner.class)
  void failingYamlJobsShowNoSecretValue(Runner runner) throws Exception {
    String in = inputTopic();
    String out = outputTopic();
    Map<String, String> values = plainValues(in, out);
    values.putAll(SECRETS);
    Map<String, String> wrong = new LinkedHashMap<>(values);
    wrong.put("secret_values.sasl_password", WRONG_PASSWORD);
    String label = "failing YAML jobs on " + runner;

    assertEquals(
        1, PipelineJob.execute(args(JOB, wrong, runner.runnerArg())), label + ": a wrong password");
    PipelineJob wrongJob = PipelineJob.fromArgs(args(JOB, wrong));
    SecretCanary.scan(
        label + ": the definition with a wrong password", wrongJob.definition().toString());
    RuntimeException failure =
        assertThrows(RuntimeException.class, () -> wrongJob.run(runner.options()));
    SecretCanary.scan(label + ": the failure of a wrong password", failure);
    SecretCanary.scan(label + ": its toString()", failure.toString());

    Map<String, String> definitionErrors = new LinkedHashMap<>();
    definitionErrors.put(
        "invalid YAML (an unclosed sequence)",
        JOB.replace("value.format: json", "value.format: [json"));
    definitionErrors.put(
        "a bad option value next to the secrets",
        JOB.replace("scan.startup.mode: earliest-offset", "scan.startup.mode: sometime"));
    definitionErrors.put(
        "a secret value where a number belongs",
        JOB.replace("parallelism: 2", "parallelism: ${secret_values.key_password}"));
    definitionErrors.forEach(
        (what, yaml) -> {
          try {
            assertEquals(2, PipelineJob.execute(args(yaml, values, runner.runnerArg())), what);
            IllegalArgumentException error =
                assertThrows(
                    IllegalArgumentException.class,
                    () -> PipelineJob.fromArgs(args(yaml, values)).toPipeline(runner.options()),
                    what);
            SecretCanary.scan(label + ": the error of " + what, error);
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
    SecretCanary.assertNoLeak(label);
  }

  /** How many records {@code topic} holds, read on the PLAINTEXT listener. */
  private static long recordsIn(String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = List.of(new TopicPartition(topic, 0));
      return consumer.endOffsets(partitions, Duration.ofSeconds(30)).values().stream()
          .mapToLong(Long::longValue)
          .sum();
    }
  }
}
