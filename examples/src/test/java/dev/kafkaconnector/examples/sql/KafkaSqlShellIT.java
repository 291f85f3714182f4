package dev.kafkaconnector.examples.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/bin/kafka-sql -f script.sql --outputformat=csv} as a user runs it: a real process
 * from the project root, its standard output and exit status checked (and, for statements typed on
 * standard input, its history file). The launcher gets this test's class path ({@code
 * KAFKA_SQL_CLASSPATH}) instead of building one with Maven.
 */
class KafkaSqlShellIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  @TempDir Path dir;

  /** What a shell run printed and returned. */
  record Run(int exitCode, String out, String err) {}

  Run shell(String script, String... args) throws Exception {
    Path file = dir.resolve("script.sql");
    Files.writeString(file, script, StandardCharsets.UTF_8);
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(List.of("-f", file.toString(), "--outputformat=csv"));
    return launch(null, all);
  }

  /** The shell with {@code input} typed on its standard input (a pipe, not a script file). */
  Run typed(String input, String... args) throws Exception {
    Path in = dir.resolve("typed.txt");
    Files.writeString(in, input, StandardCharsets.UTF_8);
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.add("--outputformat=csv");
    return launch(in, all);
  }

  private Run launch(Path input, List<String> args) throws Exception {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<String> command =
        new java.util.ArrayList<>(
            List.of("bash", root.resolve("examples/bin/kafka-sql").toString()));
    command.addAll(args);
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(root.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    if (input != null) {
      pb.redirectInput(input.toFile());
    }
    pb.environment().put("KAFKA_SQL_CLASSPATH", System.getProperty("java.class.path"));
    Process p = pb.start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("the shell did not end: " + Files.readString(err));
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /**
   * A script whose output goes to a file, in sqlline's default table format: the rows are printed
   * in full (a dumb terminal is 0 columns wide, which left every cell empty).
   */
  @Test
  void scriptOverTheEmbeddedBrokersSampleTable() throws Exception {
    Path file = dir.resolve("script.sql");
    Files.writeString(
        file,
        "SELECT id, product, price, part FROM orders WHERE price > 10 ORDER BY id LIMIT 10;\n",
        StandardCharsets.UTF_8);
    Run run = launch(null, List.of("-f", file.toString()));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(
        run.out()
            .contains(
                "| id |  product   | price | part |\n"
                    + "+----+------------+-------+------+\n"
                    + "| 1  | teddy bear | 12.5  | 0    |\n"
                    + "| 4  | kite       | 15.0  | 1    |\n"
                    + "| 5  | rake       | 21.0  | 0    |\n"
                    + "| 6  | cookbook   | 19.9  | 1    |\n"),
        run.out());
    assertTrue(run.err().contains("CREATE TABLE orders ("), run.err());
  }

  /** {@code --help} and {@code --version}: standard output, status 0, no broker started. */
  @Test
  void helpPrintsTheUsageOnStandardOutput() throws Exception {
    for (String flag : List.of("--help", "-h")) {
      Run run = launch(null, List.of(flag));
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().startsWith("Usage: examples/bin/kafka-sql"), run.out());
      for (String option :
          List.of("--bootstrap-servers=host:port", "-f=script.sql", "--outputformat=csv", "Exit")) {
        assertTrue(run.out().contains(option), option + " missing in\n" + run.out());
      }
      assertFalse(run.err().contains("starting an embedded Kafka broker"), run.err());
    }
    Run version = launch(null, List.of("--version"));
    assertEquals(0, version.exitCode(), version.err());
    assertTrue(version.out().startsWith("kafka-sql 0."), version.out());
  }

  /**
   * A usage error ends the shell with status 2 and the error on standard error: a missing value of
   * the shell's own option (the usage follows), and an option that sqlline refuses.
   */
  @Test
  void usageErrorsEndWithStatusTwo() throws Exception {
    Run missing = launch(null, List.of("--bootstrap-servers"));
    assertEquals(2, missing.exitCode(), missing.err());
    assertTrue(
        missing.err().contains("Missing required parameter for option '--bootstrap-servers'"),
        missing.err());
    assertTrue(missing.err().contains("Usage: examples/bin/kafka-sql"), missing.err());
    assertEquals("", missing.out());

    Run unknown =
        launch(
            null,
            List.of(
                "--bootstrap-servers=" + KAFKA.bootstrapServers(),
                "--no-such-option=1",
                "-e",
                "SELECT 'not reached';"));
    assertEquals(2, unknown.exitCode(), unknown.out() + unknown.err());
    assertTrue(unknown.err().contains("kafka-sql: sqlline refused an argument"), unknown.err());
    assertFalse(unknown.out().contains("not reached"), unknown.out());
  }

  @Test
  void aFailingStatementEndsTheScriptWithStatusOne() throws Exception {
    Run run =
        shell(
            """
        CREATE TABLE t (a INT) PARTITIONED BY (a) WITH ('connector' = 'kafka', 'topic' = 't');
        SELECT 'not reached';
        """,
            "--bootstrap-servers=" + KAFKA.bootstrapServers());
    assertEquals(1, run.exitCode(), run.out() + run.err());
    String all = run.out() + run.err();
    assertTrue(all.contains("Flink DDL of table 't': PARTITIONED BY"), all);
    assertTrue(!run.out().contains("not reached"), run.out());
  }

  /**
   * Flink DDL, an INSERT and a SELECT all on FlinkRunner (the SELECT's rows come back to the shell
   * through a temporary topic), then sqlline's {@code !tables} listing both tables; on standard
   * error, each job's runner, Flink job id and summary.
   */
  @Test
  void flinkDdlCopyOnFlinkAgainstAGivenBroker() throws Exception {
    String source = KAFKA.newTopicName("shell-source");
    String sink = KAFKA.newTopicName("shell-sink");
    KAFKA.createTopic(source, 2);
    KAFKA.createTopic(sink, 1);
    try (var producer =
        new org.apache.kafka.clients.producer.KafkaProducer<String, String>(
            java.util.Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
            new org.apache.kafka.common.serialization.StringSerializer(),
            new org.apache.kafka.common.serialization.StringSerializer())) {
      for (int i = 0; i < 6; i++) {
        producer.send(
            new org.apache.kafka.clients.producer.ProducerRecord<>(
                source, i % 2, null, i + ",name " + i + "," + (20 + i)));
      }
    }
    String table =
        """
        CREATE TEMPORARY TABLE %s (
          id INT,
          name STRING,
          age INT
        ) WITH (
          'connector' = 'kafka',
          'topic' = '%s',
          'properties.bootstrap.servers' = '%s',
          'properties.group.id' = 'shell',
          'scan.startup.mode' = 'earliest-offset',
          'scan.bounded.mode' = 'latest-offset',
          'format' = 'csv'
        );
        """;
    Run run =
        shell(
            table.formatted("kafka_source", source, KAFKA.bootstrapServers())
                + table.formatted("kafka_sink", sink, KAFKA.bootstrapServers())
                + "SET runner = 'FlinkRunner';\n"
                + "SET parallelism = '2';\n"
                + "INSERT INTO kafka_sink SELECT id, name, age FROM kafka_source;\n"
                + "SELECT id, name, age FROM kafka_sink ORDER BY id LIMIT 100;\n"
                + "!tables\n",
            "--bootstrap-servers=" + KAFKA.bootstrapServers());
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertTrue(
        run.out()
            .contains(
                "'id','name','age'\n'0','name 0','20'\n'1','name 1','21'\n"
                    + "'2','name 2','22'\n'3','name 3','23'\n'4','name 4','24'\n'5','name 5','25'\n"),
        run.out());
    assertTrue(
        run.out().contains("'KAFKA_SOURCE'") || run.out().contains("'kafka_source'"), run.out());
    assertTrue(run.out().contains("kafka_sink"), run.out());
    // the jobs of the INSERT and the SELECT: runner, REST address, job id, summary (stderr)
    assertTrue(run.err().contains("kafka-sql: job '"), run.err());
    assertTrue(
        run.err().contains("on the FlinkRunner (embedded Flink, REST API http://"), run.err());
    assertTrue(run.err().contains("kafka-sql: Flink job id "), run.err());
    assertEquals(2, run.err().split("kafka-sql: FINISHED after ", -1).length - 1, run.err());
  }

  /**
   * The Kafka JSON catalog in the shell: CREATE CATALOG, USE, a bounded SELECT with inferred
   * columns, sqlline's {@code !columns} (the JDBC metadata), and the read-only error ending the
   * script.
   */
  @Test
  void catalogInTheShell() throws Exception {
    String topic = KAFKA.newTopicName("shell-catalog");
    KAFKA.createTopic(topic, 1);
    try (var producer =
        new org.apache.kafka.clients.producer.KafkaProducer<String, String>(
            java.util.Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
            new org.apache.kafka.common.serialization.StringSerializer(),
            new org.apache.kafka.common.serialization.StringSerializer())) {
      producer.send(
          new org.apache.kafka.clients.producer.ProducerRecord<>(
              topic, "{\"id\": 1}", "{\"name\": \"a\", \"price\": 10}"));
      producer.send(
          new org.apache.kafka.clients.producer.ProducerRecord<>(
              topic, "{\"id\": 2}", "{\"name\": \"b\", \"price\": 12.5}"));
    }
    Run run =
        shell(
            "CREATE CATALOG kc TYPE 'kafka' PROPERTIES ('properties.bootstrap.servers' = '"
                + KAFKA.bootstrapServers()
                + "', 'format' = 'json', 'default-database' = 'cluster1',"
                + " 'scan.bounded.mode' = 'latest-offset');\n"
                + "USE CATALOG kc;\n"
                + "SELECT key_id, value_name, value_price FROM cluster1.`"
                + topic
                + "`"
                + " ORDER BY key_id LIMIT 10;\n"
                + "!columns "
                + topic
                + "\n"
                + "INSERT INTO cluster1.`"
                + topic
                + "` SELECT * FROM cluster1.`"
                + topic
                + "`;\n",
            "--bootstrap-servers=" + KAFKA.bootstrapServers());
    assertTrue(
        run.out()
            .contains("'key_id','value_name','value_price'\n'1','a','10.0'\n" + "'2','b','12.5'\n"),
        run.out() + run.err());
    assertTrue(run.out().contains("'value_price'") && run.out().contains("DOUBLE"), run.out());
    assertEquals(1, run.exitCode(), "the INSERT into a catalog table fails");
    assertTrue((run.out() + run.err()).contains("read-only"), run.out() + run.err());
  }

  /**
   * Statements typed in the shell land in sqlline's history file ({@code --historyFile}) with their
   * secret values masked: a JAAS password and a truststore password in Beam's TBLPROPERTIES, a
   * keystore password in Flink's WITH (...) over several lines, a registry credential in CREATE
   * CATALOG. The statements still run as typed.
   */
  @Test
  void typedSecretsAreMaskedInTheHistoryFile() throws Exception {
    Path history = dir.resolve("history");
    String jaas =
        "org.apache.kafka.common.security.plain.PlainLoginModule required"
            + " username=\\\"alice\\\" password=\\\"canary-secret-123\\\";";
    Run run =
        typed(
            "CREATE EXTERNAL TABLE secured (id INT, name VARCHAR) TYPE 'kafka-connector'"
                + " TBLPROPERTIES '{\"topic\": \"secured\", \"properties.bootstrap.servers\": \""
                + KAFKA.bootstrapServers()
                + "\", \"properties.security.protocol\": \"SASL_SSL\","
                + " \"properties.sasl.mechanism\": \"PLAIN\", \"properties.sasl.jaas.config\": \""
                + jaas
                + "\", \"properties.ssl.truststore.password\": \"canary-trust-456\","
                + " \"format\": \"json\"}';\n"
                + "CREATE TABLE flink_secured (id INT) WITH (\n"
                + "  'connector' = 'kafka', 'topic' = 'secured', 'format' = 'json',\n"
                + "  'properties.bootstrap.servers' = '"
                + KAFKA.bootstrapServers()
                + "',\n"
                + "  'properties.ssl.keystore.password' = 'canary-keystore-789'\n"
                + ");\n"
                + "CREATE CATALOG kc TYPE 'kafka' PROPERTIES ('properties.bootstrap.servers' = '"
                + KAFKA.bootstrapServers()
                + "', 'properties.basic.auth.user.info' = 'bob:canary-reg-1',"
                + " 'format' = 'json');\n"
                + "SELECT 'typed' AS probe;\n"
                + "!quit\n",
            "--bootstrap-servers=" + KAFKA.bootstrapServers(),
            "--historyFile=" + history);
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertFalse(run.out().contains("Error:"), run.out());
    assertTrue(run.out().contains("'probe'\n'typed'\n"), run.out());
    assertTrue(Files.exists(history), "no history file " + history);
    String saved = Files.readString(history);
    for (String canary :
        List.of("canary-secret-123", "canary-trust-456", "canary-keystore-789", "canary-reg-1")) {
      assertFalse(saved.contains(canary), canary + " in the history file:\n" + saved);
    }
    assertTrue(saved.contains("CREATE EXTERNAL TABLE secured (id INT, name VARCHAR)"), saved);
    assertTrue(saved.contains("username=\\\\\"alice\\\\\" password=\\\\\"******\\\\\""), saved);
    assertTrue(saved.contains("\"properties.ssl.truststore.password\": \"******\""), saved);
    assertTrue(saved.contains("'properties.ssl.keystore.password' = '******'"), saved);
    assertTrue(saved.contains("'properties.basic.auth.user.info' = '******'"), saved);
    assertTrue(saved.contains("SELECT 'typed' AS probe;"), saved);
  }
}
