package dev.kafkaconnector.runners.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.io.catalog.KafkaCatalog;
import dev.kafkaconnector.io.sink.SinkOptionsParser;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.io.sql.FlinkDdl;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import dev.kafkaconnector.runners.kafka.SecuredListeners;
import dev.kafkaconnector.runners.read.CollectingSink;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.sql.SqlTransform;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The secret canary check (issue #13): real pipelines on the DirectRunner and on embedded Flink
 * against the secured listeners of one embedded broker, with a unique canary in every secret
 * option: the SASL user's password inside {@code properties.sasl.jaas.config} (the broker's user,
 * so jobs really authenticate with it), {@code properties.ssl.truststore.password}, {@code
 * properties.ssl.keystore.password} and {@code properties.ssl.key.password} (client stores made
 * with those passwords, so the client really opens them) and {@code
 * properties.basic.auth.user.info} (passed through). While the class runs, {@link SecretCanary}
 * captures every log event of the JVM at DEBUG and above, java.util.logging and the standard
 * streams; each case also scans the exceptions of deliberately failing runs (with causes and
 * suppressed), {@code toString()} of transforms, options and specs, the display data of every
 * transform, the metric names of the result and the translated Flink plan. Each case fails naming
 * where a canary appeared.
 *
 * <p>Covered: bounded read, inferred-schema read, write at-least-once, write exactly-once, Beam SQL
 * tables with TBLPROPERTIES (INSERT ... SELECT), the Kafka catalog (JDBC, DirectRunner), and
 * failures: wrong SASL password, wrong keystore password, an unbounded read with a wrong password,
 * bad option values next to secret options, malformed Flink DDL next to secret values; and the
 * parsed source and sink specifications.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SecretCanaryIT {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  private static final String USER = "alice";
  private static final String SASL_PASSWORD = SecretCanary.create("SaslPassword");
  private static final String TRUSTSTORE_PASSWORD = SecretCanary.create("TruststorePassword");
  private static final String KEYSTORE_PASSWORD = SecretCanary.create("KeystorePassword");
  private static final String KEY_PASSWORD = SecretCanary.create("KeyPassword");
  private static final String BASIC_AUTH = SecretCanary.create("BasicAuthUserInfo");
  private static final String WRONG_PASSWORD = SecretCanary.create("WrongSaslPassword");
  private static final String WRONG_KEYSTORE_PASSWORD =
      SecretCanary.create("WrongKeystorePassword");
  private static final Duration FAILURE_BOUND = Duration.ofSeconds(30);
  private static final Schema SCHEMA =
      Schema.builder().addInt64Field("id").addStringField("name").build();
  private static final AtomicInteger TOPICS = new AtomicInteger();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path stores;
  private static EmbeddedKafkaCluster kafka;
  private static SecuredListeners.ClientStores clientStores;
  private static long started;

  enum Runner {
    DIRECT,
    FLINK;

    PipelineOptions bounded() {
      return this == DIRECT
          ? PipelineRunners.direct(true, true)
          : PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
    }

    /** Exactly-once on Flink needs a streaming job with checkpoints. */
    PipelineOptions exactlyOnce() {
      return this == DIRECT
          ? PipelineRunners.direct(true, true)
          : PipelineRunners.flinkStreamingEndingWithSources();
    }
  }

  /** Kafka's clients log their whole configuration at INFO, with passwords as {@code [hidden]}. */
  private static final String[][] KAFKA_CONFIG_LOGS = {
    {
      "org.apache.kafka.clients.consumer.ConsumerConfig",
      "sasl.jaas.config = [hidden]",
      "ssl.truststore.password = [hidden]",
      "ssl.keystore.password = [hidden]",
      "ssl.key.password = [hidden]"
    },
    {
      "org.apache.kafka.clients.producer.ProducerConfig",
      "sasl.jaas.config = [hidden]",
      "ssl.truststore.password = [hidden]",
      "ssl.keystore.password = [hidden]",
      "ssl.key.password = [hidden]"
    },
    {
      "org.apache.kafka.clients.admin.AdminClientConfig",
      "sasl.jaas.config = [hidden]",
      "ssl.truststore.password = [hidden]"
    },
  };

  @BeforeAll
  static void startBrokerWhileCapturing() {
    started = System.nanoTime();
    SecretCanary.start();
    for (String[] watch : KAFKA_CONFIG_LOGS) {
      SecretCanary.watch(watch[0], java.util.Arrays.copyOfRange(watch, 1, watch.length));
    }
    kafka = EmbeddedKafkaCluster.inJvm().withSaslUser(USER, SASL_PASSWORD).start();
    clientStores =
        kafka
            .security()
            .createClientStores(stores, TRUSTSTORE_PASSWORD, KEYSTORE_PASSWORD, KEY_PASSWORD);
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
          "Secret canary check: "
              + SecretCanary.coverage()
              + " in "
              + Duration.ofNanos(System.nanoTime() - started).toSeconds()
              + " s");
    }
  }

  /** The canary options of one secured listener: every secret option set, each its canary. */
  private static Map<String, String> secured(String protocol, String mechanism, String password) {
    Map<String, String> out = new LinkedHashMap<>();
    kafka
        .security()
        .clientProperties(protocol, mechanism == null ? "PLAIN" : mechanism, USER, password)
        .forEach((k, v) -> out.put("properties." + k, v));
    if (SecuredListeners.SSL.equals(protocol)) {
      // Not used on the SSL listener, but given like the others, to be shown nowhere either.
      out.put(
          "properties.sasl.jaas.config",
          "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
              + USER
              + "\" password=\""
              + password
              + "\";");
    }
    out.put("properties.ssl.truststore.location", clientStores.truststore().toString());
    out.put("properties.ssl.truststore.password", TRUSTSTORE_PASSWORD);
    out.put("properties.ssl.truststore.type", "PKCS12");
    out.put("properties.ssl.keystore.location", clientStores.keystore().toString());
    out.put("properties.ssl.keystore.password", KEYSTORE_PASSWORD);
    out.put("properties.ssl.keystore.type", "JKS");
    out.put("properties.ssl.key.password", KEY_PASSWORD);
    out.put("properties.basic.auth.user.info", USER + ":" + BASIC_AUTH);
    return out;
  }

  private static Map<String, String> sasl() {
    return secured(SecuredListeners.SASL_SSL, "SCRAM-SHA-512", SASL_PASSWORD);
  }

  private static String newTopic() {
    String topic = "canary-" + TOPICS.incrementAndGet() + "-" + System.nanoTime();
    kafka.createTopic(topic, 2);
    return topic;
  }

  private static Map<String, String> with(Map<String, String> base, String... more) {
    Map<String, String> out = new LinkedHashMap<>(base);
    for (int i = 0; i < more.length; i += 2) {
      out.put(more[i], more[i + 1]);
    }
    return out;
  }

  private static List<Row> rows(int n) {
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      rows.add(Row.withSchema(SCHEMA).addValues(i, "n" + i).build());
    }
    return rows;
  }

  private static KafkaConnectorWrite write(
      Map<String, String> security, String topic, String... more) {
    KafkaConnectorWrite write =
        KafkaConnectorIO.write().withOptions(with(security, with(Map.of(), more), topic));
    SecretCanary.scan("write toString()", write.toString());
    return write;
  }

  private static Map<String, String> with(
      Map<String, String> security, Map<String, String> more, String topic) {
    Map<String, String> out = new LinkedHashMap<>(security);
    out.put("topic", topic);
    out.put("format", "json");
    out.putAll(more);
    return out;
  }

  private static KafkaConnectorRead boundedRead(Map<String, String> security, String topic) {
    KafkaConnectorRead read =
        KafkaConnectorIO.read()
            .withOptions(
                with(
                    security,
                    Map.of(
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "latest-offset"),
                    topic));
    SecretCanary.scan("read toString()", read.toString());
    return read;
  }

  /**
   * Inspects and runs a pipeline built by {@code build}, which must end DONE: on Flink the plan is
   * translated first from a second copy of the pipeline; the graph is inspected before and after
   * the run (runners replace transforms), then the result's metrics.
   */
  private static void runToTheEnd(
      String label, Runner runner, Supplier<PipelineOptions> options, Consumer<Pipeline> build)
      throws Exception {
    label = label + " on " + runner;
    if (runner == Runner.FLINK) {
      Pipeline copy = Pipeline.create(options.get());
      build.accept(copy);
      PipelineInspection.flinkPlan(label, copy, copy.getOptions().as(FlinkPipelineOptions.class));
    }
    Pipeline pipeline = Pipeline.create(options.get());
    build.accept(pipeline);
    PipelineInspection.graph(label, pipeline);
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish(), label);
    PipelineInspection.graph(label + " (after the run)", pipeline);
    PipelineInspection.metrics(label, result);
    SecretCanary.assertNoLeak(label);
  }

  /** Runs a pipeline that must fail within the bound; scans and returns its failure. */
  private static Throwable runToFailure(
      String label, Runner runner, Supplier<PipelineOptions> options, Consumer<Pipeline> build)
      throws Exception {
    label = label + " on " + runner;
    Pipeline pipeline = Pipeline.create(options.get());
    build.accept(pipeline);
    PipelineInspection.graph(label, pipeline);
    Throwable failure;
    PipelineResult result = null;
    try {
      result = pipeline.run();
      if (!(options.get() instanceof FlinkPipelineOptions flink) || flink.getAttachedMode()) {
        PipelineResult.State state =
            result.waitUntilFinish(org.joda.time.Duration.millis(FAILURE_BOUND.toMillis()));
        try {
          result.cancel();
        } catch (java.io.IOException | RuntimeException e) {
          // ended
        }
        return fail(label + " did not fail within " + FAILURE_BOUND.toSeconds() + " s: " + state);
      }
      failure = FlinkJobs.failure(result, FAILURE_BOUND);
    } catch (RuntimeException e) {
      failure = e;
    }
    SecretCanary.scan(label + ": the failure (with causes and suppressed)", failure);
    SecretCanary.scan(label + ": the failure's toString()", failure.toString());
    SecretCanary.assertNoLeak(label);
    return failure;
  }

  private static String causes(Throwable failure) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
      out.append(t).append(" <- ");
    }
    return out.toString();
  }

  @Order(1)
  @ParameterizedTest(name = "{0}")
  @EnumSource(Runner.class)
  void writeAtLeastOnceAndReadBoundedAndInferred(Runner runner) throws Exception {
    String topic = newTopic();
    List<Row> rows = rows(20);
    runToTheEnd(
        "write at-least-once (SASL_SSL SCRAM-SHA-512)",
        runner,
        runner::bounded,
        p ->
            p.apply(Create.of(rows).withRowSchema(SCHEMA))
                .apply(write(sasl(), topic, "sink.delivery-guarantee", "at-least-once")));

    CollectingSink read = new CollectingSink();
    Map<String, String> ssl = secured(SecuredListeners.SSL, null, SASL_PASSWORD);
    runToTheEnd(
        "bounded read (SSL)",
        runner,
        runner::bounded,
        p -> p.apply(boundedRead(ssl, topic).withSchema(SCHEMA)).apply(read));
    assertEquals(names(rows), names(read.rows()));

    CollectingSink inferred = new CollectingSink();
    Map<String, String> plain = secured(SecuredListeners.SASL_SSL, "PLAIN", SASL_PASSWORD);
    runToTheEnd(
        "inferred-schema read (SASL_SSL PLAIN)",
        runner,
        runner::bounded,
        p -> p.apply(boundedRead(plain, topic)).apply(inferred));
    assertEquals(rows.size(), inferred.rows().size());
    // The capture saw the Kafka clients' configuration (printed only from WARN here), masked.
    for (String[] watch : KAFKA_CONFIG_LOGS) {
      assertTrue(
          SecretCanary.seen(watch[0], java.util.Arrays.copyOfRange(watch, 1, watch.length)) > 0,
          "no INFO event of "
              + watch[0]
              + " with "
              + String.join(", ", List.of(watch).subList(1, watch.length)));
    }
  }

  @Order(2)
  @ParameterizedTest(name = "{0}")
  @EnumSource(Runner.class)
  void writeExactlyOnce(Runner runner) throws Exception {
    String topic = newTopic();
    List<Row> rows = rows(20);
    runToTheEnd(
        "write exactly-once (SASL_SSL SCRAM-SHA-256)",
        runner,
        runner::exactlyOnce,
        p ->
            p.apply(Create.of(rows).withRowSchema(SCHEMA))
                .apply(
                    write(
                        secured(SecuredListeners.SASL_SSL, "SCRAM-SHA-256", SASL_PASSWORD),
                        topic,
                        "sink.delivery-guarantee",
                        "exactly-once",
                        "sink.transactional-id-prefix",
                        "canary-eos-" + System.nanoTime())));
    assertEquals(rows.size(), readCommitted(topic, rows.size()).size());
  }

  @Order(3)
  @ParameterizedTest(name = "{0}")
  @EnumSource(Runner.class)
  void sqlTablesWithSecretsInTblproperties(Runner runner) throws Exception {
    String source = newTopic();
    String sink = newTopic();
    List<Row> rows = rows(10);
    runToTheEnd(
        "write the SQL source",
        Runner.DIRECT,
        Runner.DIRECT::bounded,
        p -> p.apply(Create.of(rows).withRowSchema(SCHEMA)).apply(write(sasl(), source)));
    Map<String, String> sourceProps =
        with(
            sasl(),
            Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset"),
            source);
    Map<String, String> sinkProps =
        with(
            secured(SecuredListeners.SASL_PLAINTEXT, "SCRAM-SHA-256", SASL_PASSWORD),
            Map.of(),
            sink);
    String ddlSource = table("canary_source", sourceProps);
    String ddlSink = table("canary_sink", sinkProps);
    CollectingSink out = new CollectingSink();
    runToTheEnd(
        "Beam SQL INSERT INTO canary_sink SELECT ... FROM canary_source",
        runner,
        runner::bounded,
        p -> {
          PCollection<Row> inserted =
              p.apply(
                  SqlTransform.query("INSERT INTO canary_sink SELECT id, name FROM canary_source")
                      .withDdlString(ddlSource)
                      .withDdlString(ddlSink));
          inserted.apply(out);
        });
    assertEquals(rows.size(), readCommitted(sink, rows.size()).size());
  }

  /** The Kafka catalog through Beam's JDBC driver (DirectRunner): CREATE CATALOG with secrets. */
  @Order(4)
  @Test
  void kafkaCatalogWithSecretsInProperties() throws Exception {
    String topic = newTopic();
    // All records in partition 0 (on the PLAINTEXT listener): the schema sampler must cope with
    // the empty partition 1.
    Map<String, Object> producerProps = new HashMap<>();
    producerProps.put("bootstrap.servers", kafka.bootstrapServers());
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(producerProps, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (int i = 0; i < 5; i++) {
        producer.send(
            new ProducerRecord<>(
                topic,
                0,
                null,
                ("{\"id\": " + i + ", \"name\": \"n" + i + "\"}")
                    .getBytes(StandardCharsets.UTF_8)));
      }
    }
    Map<String, String> catalogProperties =
        with(sasl(), "format", "json", "scan.bounded.mode", "latest-offset");
    SecretCanary.scan(
        "KafkaCatalog toString()", new KafkaCatalog("canary", catalogProperties).toString());
    StringBuilder properties = new StringBuilder();
    catalogProperties.forEach(
        (k, v) ->
            properties
                .append(properties.length() == 0 ? "" : ", ")
                .append('\'')
                .append(k)
                .append("' = '")
                .append(v.replace("'", "''"))
                .append('\''));
    List<String> names = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:beam:");
        Statement s = c.createStatement()) {
      s.execute("CREATE CATALOG canary TYPE 'kafka' PROPERTIES (" + properties + ")");
      s.execute("USE CATALOG canary");
      try (ResultSet rs = s.executeQuery("SELECT value_name FROM `" + topic + "`")) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    assertEquals(5, names.size(), String.valueOf(names));
    SecretCanary.assertNoLeak("the Kafka catalog (CREATE CATALOG, USE CATALOG, SELECT)");
  }

  @Order(5)
  @ParameterizedTest(name = "{0}")
  @EnumSource(Runner.class)
  void wrongPasswordsFailWithoutShowingThem(Runner runner) throws Exception {
    String topic = newTopic();
    Map<String, String> wrongSasl =
        secured(SecuredListeners.SASL_SSL, "SCRAM-SHA-256", WRONG_PASSWORD);
    Throwable write =
        runToFailure(
            "write with a wrong SASL password",
            runner,
            runner::bounded,
            p -> p.apply(Create.of(rows(1)).withRowSchema(SCHEMA)).apply(write(wrongSasl, topic)));
    assertTrue(causes(write).contains("SCRAM-SHA-256"), causes(write));
    Throwable read =
        runToFailure(
            "bounded read with a wrong SASL password",
            runner,
            runner::bounded,
            p -> p.apply(boundedRead(wrongSasl, topic).withSchema(SCHEMA)));
    assertTrue(causes(read).contains("SCRAM-SHA-256"), causes(read));
    Supplier<PipelineOptions> unbounded =
        runner == Runner.DIRECT
            ? () -> PipelineRunners.direct(false, true)
            : PipelineRunners::flinkStreaming;
    Throwable endless =
        runToFailure(
            "unbounded read with a wrong SASL password",
            runner,
            unbounded,
            p ->
                p.apply(
                    KafkaConnectorIO.read()
                        .withOptions(
                            with(
                                wrongSasl,
                                Map.of(
                                    "scan.startup.mode",
                                    "earliest-offset",
                                    "scan.topic-partition-discovery.interval",
                                    "1 s"),
                                topic))
                        .withSchema(SCHEMA)));
    assertTrue(causes(endless).contains("SCRAM-SHA-256"), causes(endless));

    Map<String, String> wrongKeystore =
        with(sasl(), "properties.ssl.keystore.password", WRONG_KEYSTORE_PASSWORD);
    runToFailure(
        "write with a wrong keystore password",
        runner,
        runner::bounded,
        p -> p.apply(Create.of(rows(1)).withRowSchema(SCHEMA)).apply(write(wrongKeystore, topic)));
    runToFailure(
        "bounded read with a wrong keystore password",
        runner,
        runner::bounded,
        p -> p.apply(boundedRead(wrongKeystore, topic).withSchema(SCHEMA)));
  }

  /** Options rejected when the transform is applied, next to (or in) secret options. */
  @Order(6)
  @Test
  void badOptionValuesNextToSecretsFailWithoutShowingThem() {
    String topic = newTopic();
    Map<String, Map<String, String>> cases = new LinkedHashMap<>();
    cases.put("a bad scan.startup.mode", with(sasl(), "scan.startup.mode", "sometime"));
    cases.put("a misspelt key", with(sasl(), "scan.startup.mod", "earliest-offset"));
    cases.put("a bad client property value", with(sasl(), "properties.request.timeout.ms", "soon"));
    cases.put("a bad security protocol", with(sasl(), "properties.security.protocol", "SASL_TLS"));
    cases.put(
        "an invalid JAAS configuration holding the password",
        with(sasl(), "properties.sasl.jaas.config", "username=alice password=" + WRONG_PASSWORD));
    for (Map.Entry<String, Map<String, String>> c : cases.entrySet()) {
      Map<String, String> options = with(c.getValue(), "topic", topic, "format", "json");
      for (String side : List.of("read", "write")) {
        String label = side + " with " + c.getKey();
        Throwable failure =
            assertThrows(
                RuntimeException.class,
                () -> {
                  Pipeline p = Pipeline.create(PipelineRunners.direct(true, true));
                  if (side.equals("read")) {
                    p.apply(KafkaConnectorIO.read().withOptions(options).withSchema(SCHEMA));
                  } else {
                    p.apply(Create.of(rows(1)).withRowSchema(SCHEMA))
                        .apply(KafkaConnectorIO.write().withOptions(options));
                  }
                },
                label);
        SecretCanary.scan(label + ": the failure", failure);
      }
      String label = "SQL table with " + c.getKey();
      Throwable failure =
          assertThrows(
              RuntimeException.class,
              () -> {
                Pipeline p = Pipeline.create(PipelineRunners.direct(true, true));
                p.apply(
                    SqlTransform.query("SELECT id FROM bad_table")
                        .withDdlString(
                            table(
                                "bad_table",
                                with(
                                    options,
                                    Map.of("scan.bounded.mode", "latest-offset"),
                                    topic))));
              },
              label);
      SecretCanary.scan(label + ": the failure", failure);
      SecretCanary.assertNoLeak(c.getKey());
    }
    // Flink DDL (translated by FlinkDdl) that is malformed next to a secret value.
    String flink =
        "CREATE TABLE t (id BIGINT) WITH ('connector' = 'kafka', 'topic' = '"
            + topic
            + "', 'format' = 'json', ";
    Map<String, String> ddls = new LinkedHashMap<>();
    ddls.put(
        "no '=' before a password",
        flink + "'properties.ssl.truststore.password' '" + TRUSTSTORE_PASSWORD + "')");
    ddls.put(
        "an unquoted JAAS configuration",
        flink + "'properties.sasl.jaas.config' = " + SASL_PASSWORD + ")");
    ddls.put(
        "a stray token after a password",
        flink + "'properties.ssl.key.password' = 'x'" + KEY_PASSWORD + ", 'a' = 'b')");
    ddls.put(
        "an unterminated password",
        flink + "'properties.ssl.keystore.password' = '" + KEYSTORE_PASSWORD + ")");
    ddls.forEach(
        (what, ddl) -> {
          Throwable failure =
              assertThrows(IllegalArgumentException.class, () -> FlinkDdl.toBeamSql(ddl), what);
          SecretCanary.scan("Flink DDL with " + what + ": the failure", failure);
        });
    SecretCanary.assertNoLeak("malformed Flink DDL");
  }

  /** The parsed source and sink specifications the DoFns carry, and their parse results. */
  @Order(7)
  @Test
  void specsShowNoSecret() {
    Map<String, String> options = with(sasl(), Map.of("scan.startup.mode", "earliest-offset"), "t");
    SourceOptionsParser.ParsedSource source =
        SourceOptionsParser.parse("canary-source", options, SCHEMA, List.of());
    SecretCanary.scan("SourceSpec toString()", source.spec().toString());
    SecretCanary.scan(
        "SourceSpec redactedClientProperties()",
        String.valueOf(source.spec().redactedClientProperties()));
    SecretCanary.scan("ParsedSource toString()", source.toString());
    SinkOptionsParser.ParsedSink sink =
        SinkOptionsParser.parse("canary-sink", with(sasl(), Map.of(), "t"), SCHEMA, List.of());
    SecretCanary.scan("SinkSpec toString()", sink.spec().toString());
    SecretCanary.scan("ParsedSink toString()", sink.toString());
    SecretCanary.assertNoLeak("the source and sink specifications");
  }

  private static String table(String name, Map<String, String> properties) {
    try {
      return "CREATE EXTERNAL TABLE "
          + name
          + " (id BIGINT, name VARCHAR) TYPE 'kafka-connector'"
          + " TBLPROPERTIES '"
          + JSON.writeValueAsString(properties).replace("'", "''")
          + "'";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static TreeSet<String> names(List<Row> rows) {
    TreeSet<String> out = new TreeSet<>();
    rows.forEach(r -> out.add(r.getString("name")));
    return out;
  }

  /** The committed records of {@code topic}, read on the PLAINTEXT listener. */
  private static List<ConsumerRecord<byte[], byte[]>> readCommitted(String topic, int expected) {
    Map<String, Object> props = new HashMap<>();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.GROUP_ID_CONFIG, "canary-check-" + System.nanoTime());
    List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (out.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
      }
    }
    return out;
  }
}
