package dev.kafkaconnector.examples.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runnable distribution ({@code kafka-connector-<version>-bin.tar.gz}, built at {@code
 * package}) unpacked into a temporary folder and its three tools run from there, with a {@code
 * PATH} that has a shell and a few core utilities but no Maven, and Java from {@code JAVA_HOME}:
 * {@code --help} and {@code --version} of each, then {@code bin/kafka-broker} started, a script of
 * {@code bin/kafka-sql} and a YAML job of {@code bin/kafka-pipeline} run against it.
 */
class DistributionIT {
  static final String VERSION = System.getProperty("project.version");
  static final List<String> TOOLS = List.of("kafka-broker", "kafka-sql", "kafka-pipeline");

  @TempDir static Path dir;
  static Path home;
  static Path path;

  /** What a tool printed and returned. */
  record Run(int status, String out, String err) {}

  @BeforeAll
  static void unpack() throws Exception {
    Path archive = Path.of(System.getProperty("distribution.archive"));
    assertTrue(Files.isRegularFile(archive), "no " + archive + " (built by mvn package)");
    Process tar =
        new ProcessBuilder("tar", "xzf", archive.toString(), "-C", dir.toString())
            .inheritIO()
            .start();
    assertTrue(tar.waitFor(2, TimeUnit.MINUTES) && tar.exitValue() == 0, "tar failed");
    home = dir.resolve("kafka-connector-" + VERSION);
    path = Files.createDirectories(dir.resolve("path"));
    for (String tool : List.of("env", "bash", "dirname", "readlink", "sed", "basename")) {
      Files.createSymbolicLink(path.resolve(tool), which(tool));
    }
  }

  private static Path which(String tool) {
    for (String folder : System.getenv("PATH").split(":")) {
      Path candidate = Path.of(folder, tool);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new AssertionError(tool + " not on the PATH");
  }

  private static ProcessBuilder tool(String name, Path out, Path err, String... args) {
    List<String> command = new ArrayList<>(List.of(home.resolve("bin/" + name).toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(home.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    Map<String, String> env = pb.environment();
    env.clear();
    env.put("PATH", path.toString());
    env.put("HOME", dir.toString());
    env.put("JAVA_HOME", System.getProperty("java.home"));
    return pb;
  }

  private static Run run(String name, String... args) throws Exception {
    Path out = Files.createTempFile(dir, name, ".out");
    Path err = Files.createTempFile(dir, name, ".err");
    Process p = tool(name, out, err, args).start();
    if (!p.waitFor(2, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError(name + " did not end: " + Files.readString(err));
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  @Test
  void theArchiveHoldsTheToolsAndEveryJar() throws Exception {
    for (String tool : TOOLS) {
      assertTrue(Files.isExecutable(home.resolve("bin/" + tool)), tool);
    }
    List<String> jars;
    try (var files = Files.list(home.resolve("lib"))) {
      jars = files.map(f -> f.getFileName().toString()).sorted().toList();
    }
    for (String jar :
        List.of(
            "kafka-connector-io-",
            "kafka-connector-examples-",
            "kafka-connector-testkit-",
            "slf4j-simple-2.",
            "sqlline-",
            "beam-runners-flink-1.19-",
            "kafka_2.13-")) {
      assertTrue(jars.stream().anyMatch(j -> j.startsWith(jar)), jar + " missing in " + jars);
    }
    assertTrue(Files.isRegularFile(home.resolve("jobs/kafka-to-print.yaml")));
    assertTrue(Files.readString(home.resolve("README.md")).contains("bin/kafka-sql"));
  }

  @Test
  void helpAndVersionOfEachTool() throws Exception {
    for (String tool : TOOLS) {
      Run help = run(tool, "--help");
      assertEquals(0, help.status(), help.err());
      assertTrue(help.out().startsWith("Usage: bin/" + tool), help.out());
      assertTrue(help.out().contains("Exit status:"), help.out());
      Run version = run(tool, "--version");
      assertEquals(0, version.status(), version.err());
      assertTrue(version.out().startsWith(tool + " " + VERSION), version.out());
      // the shell hands unknown options to sqlline: a missing value is its own usage error
      Run usage = run(tool, tool.equals("kafka-sql") ? "--bootstrap-servers" : "--no-such-option");
      assertEquals(2, usage.status(), usage.out() + usage.err());
      assertTrue(usage.err().contains("Usage: bin/" + tool), usage.err());
    }
  }

  @Test
  void brokerThenSqlScriptAndYamlJobAgainstIt() throws Exception {
    Path bootstrap = dir.resolve("bootstrap");
    Path brokerOut = dir.resolve("broker.out");
    Path brokerErr = dir.resolve("broker.err");
    Process broker =
        tool(
                "kafka-broker",
                brokerOut,
                brokerErr,
                "--topic=orders:1",
                "--topic=inventory:1",
                "--bootstrap-file=" + bootstrap)
            .start();
    try {
      Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
      while (!(Files.exists(bootstrap) && Files.readString(bootstrap).endsWith("\n"))) {
        assertTrue(broker.isAlive(), "the broker ended: " + Files.readString(brokerErr));
        assertTrue(Instant.now().isBefore(deadline), "no broker: " + Files.readString(brokerErr));
        Thread.sleep(100);
      }
      String servers = Files.readString(bootstrap).strip();
      assertTrue(Files.readString(brokerOut).contains("bootstrap.servers=" + servers));
      send(servers);

      Path script = dir.resolve("orders.sql");
      Files.writeString(
          script,
          """
          CREATE TABLE orders (id INT, product STRING, price DOUBLE) WITH (
            'connector' = 'kafka', 'topic' = 'orders', 'format' = 'csv',
            'properties.bootstrap.servers' = '%s',
            'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset');
          SELECT id, product FROM orders WHERE price > 10 ORDER BY id LIMIT 10;
          """
              .formatted(servers),
          StandardCharsets.UTF_8);
      Run sql =
          run(
              "kafka-sql",
              "--bootstrap-servers=" + servers,
              "-f",
              script.toString(),
              "--outputformat=csv");
      assertEquals(0, sql.status(), sql.out() + sql.err());
      assertTrue(sql.out().contains("'id','product'\n'1','kite'\n'3','rake'\n"), sql.out());

      Path job = dir.resolve("job.yaml");
      Files.writeString(
          job,
          """
          source:
            type: kafka
            properties.bootstrap.servers: ${servers}
            topic: inventory
            value.format: canal-json
            scan.startup.mode: earliest-offset
            scan.bounded.mode: latest-offset
          sink:
            type: print
          """,
          StandardCharsets.UTF_8);
      Run pipeline =
          run("kafka-pipeline", job.toString(), "-Dservers=" + servers, "--runner=DirectRunner");
      assertEquals(0, pipeline.status(), pipeline.out() + pipeline.err());
      assertTrue(
          pipeline.out().contains("DataChangeEvent{tableId=shop.products, op=INSERT, before=[],"),
          pipeline.out());
      // the job and its summary on standard error; no progress lines without a terminal
      assertTrue(pipeline.err().contains("on the DirectRunner, in this JVM"), pipeline.err());
      assertTrue(pipeline.err().contains("kafka-pipeline: FINISHED after "), pipeline.err());
      assertFalse(pipeline.err().contains("| lag "), pipeline.err());
    } finally {
      broker.destroy(); // SIGTERM: the broker stops and deletes its directory
      if (!broker.waitFor(30, TimeUnit.SECONDS)) {
        broker.destroyForcibly();
      }
    }
  }

  /** Three CSV orders and one Canal JSON change, written with the test's own Kafka client. */
  private static void send(String servers) throws Exception {
    try (KafkaProducer<String, String> producer =
        new KafkaProducer<>(
            Map.of("bootstrap.servers", servers), new StringSerializer(), new StringSerializer())) {
      for (String order : List.of("1,kite,15.0", "2,pencil,1.5", "3,rake,21.0")) {
        producer.send(new ProducerRecord<>("orders", order)).get(30, TimeUnit.SECONDS);
      }
      String change =
          "{\"data\":[{\"id\":1,\"name\":\"scooter\"}],\"database\":\"shop\",\"table\":\"products\","
              + "\"isDdl\":false,\"old\":null,\"pkNames\":[\"id\"],\"type\":\"INSERT\"}";
      producer.send(new ProducerRecord<>("inventory", change)).get(30, TimeUnit.SECONDS);
    }
  }
}
