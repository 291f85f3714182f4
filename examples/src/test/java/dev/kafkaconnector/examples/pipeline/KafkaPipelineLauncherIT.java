package dev.kafkaconnector.examples.pipeline;

import static dev.kafkaconnector.examples.pipeline.LauncherRun.assertLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.FreePorts;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/bin/kafka-pipeline}'s launcher checks the Kafka clusters of a job's {@code kafka}
 * blocks before it builds the job: a cluster that does not answer ends it with status 1 and a line
 * naming the block's {@code properties.bootstrap.servers}; a real broker lets the job run. And its
 * command line: {@code --help} (status 0, standard output), usage errors (status 2, standard
 * error), a failing job (status 1).
 */
class KafkaPipelineLauncherIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  private static final String JOB =
      """
      source:
        type: kafka
        properties.bootstrap.servers: ${servers}
        topic: ${topic}
        value.format: canal-json
        scan.startup.mode: earliest-offset
        scan.bounded.mode: latest-offset
      sink:
        type: print
      """;

  @TempDir Path dir;

  /** What a launcher run returned and printed on standard output and standard error. */
  record Run(int status, String out, String err) {}

  private Run launch(String servers, String topic, String... more) throws Exception {
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, JOB, StandardCharsets.UTF_8);
    List<String> args =
        new ArrayList<>(List.of(job.toString(), "-Dservers=" + servers, "-D", "topic=" + topic));
    args.addAll(List.of(more));
    return run(args.toArray(String[]::new));
  }

  /** {@link KafkaPipelineLauncher#run} with its standard output and error captured. */
  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream originalOut = System.out;
    PrintStream originalErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int status = KafkaPipelineLauncher.run(args);
      return new Run(
          status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(originalOut);
      System.setErr(originalErr);
    }
  }

  @Test
  void helpPrintsTheUsageOnStandardOutput() {
    for (String flag : new String[] {"--help", "-h"}) {
      Run run = run(flag);
      assertEquals(0, run.status(), run.err());
      assertTrue(run.out().startsWith("Usage: examples/bin/kafka-pipeline job.yaml"), run.out());
      for (String option :
          new String[] {
            "--embedded-kafka",
            "-D=name=value",
            "--catalogs=catalogs.yaml",
            "--runner=runner",
            "--flink-master=host:port",
            "Exit status:"
          }) {
        assertTrue(run.out().contains(option), option + " missing in\n" + run.out());
      }
      assertFalse(run.out().contains("--flinkMaster"), run.out());
      assertEquals("", run.err());
    }
    Run version = run("--version");
    assertEquals(0, version.status(), version.err());
    assertTrue(version.out().startsWith("kafka-pipeline 0."), version.out());
  }

  @Test
  void usageErrorsEndWithStatusTwo() throws Exception {
    Run none = run();
    assertEquals(2, none.status(), none.err());
    assertTrue(none.err().contains("Missing required parameter: 'job.yaml'"), none.err());
    assertTrue(none.err().contains("Usage: examples/bin/kafka-pipeline"), none.err());
    assertEquals("", none.out());

    Run unknown = run("job.yaml", "--no-such-option");
    assertEquals(2, unknown.status(), unknown.err());
    assertTrue(unknown.err().contains("Unknown option: '--no-such-option'"), unknown.err());
    assertTrue(unknown.err().contains("Usage: examples/bin/kafka-pipeline"), unknown.err());

    Run missing = run("job.yaml", "--catalogs");
    assertEquals(2, missing.status(), missing.err());
    assertTrue(
        missing.err().contains("Missing required parameter for option '--catalogs'"),
        missing.err());

    // -D without '=': refused without echoing what may be a secret value
    Run variable = run("job.yaml", "-Dcanary-secret");
    assertEquals(2, variable.status(), variable.err());
    assertFalse(variable.err().contains("canary-secret"), variable.err());

    // a Beam option that Beam does not know, after the job file has been read
    String topic = KAFKA.newTopicName("launcher-usage");
    KAFKA.createTopic(topic, 1);
    Run beam = launch(KAFKA.bootstrapServers(), topic, "--checkpointingIntervall=1000");
    assertEquals(2, beam.status(), beam.err());
    assertTrue(beam.err().contains("checkpointingIntervall"), beam.err());
  }

  @Test
  void aJobThatFailsEndsWithStatusOne() throws Exception {
    String topic = KAFKA.newTopicName("launcher-failing");
    KAFKA.createTopic(topic, 1);
    try (var producer =
        new org.apache.kafka.clients.producer.KafkaProducer<String, String>(
            java.util.Map.of("bootstrap.servers", KAFKA.bootstrapServers()),
            new org.apache.kafka.common.serialization.StringSerializer(),
            new org.apache.kafka.common.serialization.StringSerializer())) {
      producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>(topic, "not json"));
    }
    Run run = launch(KAFKA.bootstrapServers(), topic, "--runner=DirectRunner");
    assertEquals(1, run.status(), run.err());
    assertTrue(run.err().contains("kafka-pipeline: the job failed: "), run.err());
    assertTrue(
        run.err().indexOf("kafka-pipeline: FAILED after ")
            < run.err().indexOf("kafka-pipeline: the job failed: "),
        "the summary, then why: " + run.err());
    assertTrue(run.err().contains("kafka-pipeline: FAILED after "), run.err());
  }

  @Test
  void aClusterThatDoesNotAnswerEndsTheLauncherBeforeTheJobIsBuilt() throws Exception {
    String nobody = "127.0.0.1:" + FreePorts.take("127.0.0.1", 1)[0];
    Run run = launch(nobody, "nowhere");
    assertEquals(1, run.status(), run.err());
    assertTrue(
        run.err()
            .contains(
                "kafka-pipeline: source.properties.bootstrap.servers: Kafka at '"
                    + nobody
                    + "' is not reachable"),
        run.err());
  }

  /** The summary line of a job that ended well and read {@code records} records. */
  private static final String FINISHED =
      "kafka-pipeline: FINISHED after [0-9.]+ s: in %d records [0-9]+ bytes"
          + " \\| out 0 records 0 bytes \\| errors 0, dead letters 0 \\| [0-9]+ records/s";

  @Test
  void aJobOnTheDirectRunnerPrintsTheJobAndASummary() throws Exception {
    String topic = KAFKA.newTopicName("launcher-summary");
    KAFKA.createTopic(topic, 1);
    SampleChanges.send(KAFKA.bootstrapServers(), topic);
    Run run = launch(KAFKA.bootstrapServers(), topic, "--runner=DirectRunner");
    assertEquals(0, run.status(), run.err());
    assertLine(
        "kafka-pipeline: job '.+' on the DirectRunner, in this JVM \\(no job id\\)", run.err());
    assertLine(String.format(FINISHED, SampleChanges.messages().size()), run.err());
    assertFalse(run.err().contains("| lag "), "no progress lines when not asked: " + run.err());
  }

  @Test
  void aJobOnEmbeddedFlinkPrintsItsJobIdAndASummary() throws Exception {
    String topic = KAFKA.newTopicName("launcher-flink-summary");
    KAFKA.createTopic(topic, 1);
    SampleChanges.send(KAFKA.bootstrapServers(), topic);
    Run run =
        launch(KAFKA.bootstrapServers(), topic, "--runner=FlinkRunner", "--flink-master=[local]");
    assertEquals(0, run.status(), run.err());
    assertLine(
        "kafka-pipeline: job '.+' on the FlinkRunner \\(embedded Flink, REST API"
            + " http://127\\.0\\.0\\.1:[0-9]+\\)",
        run.err());
    assertLine("kafka-pipeline: Flink job id [0-9a-f]{32}", run.err());
    assertLine(
        String.format(FINISHED, SampleChanges.messages().size()) + " \\| Flink job id [0-9a-f]{32}",
        run.err());
  }

  /**
   * With {@code --progress}, progress lines while the job runs: a bounded read that ends at an
   * offset not written yet waits for it, so the line that shows the first records read comes before
   * the rest are written; the summary counts them all.
   */
  @Test
  void progressLinesShowTheRecordsReadWhileTheJobRuns() throws Exception {
    String topic = KAFKA.newTopicName("launcher-progress");
    KAFKA.createTopic(topic, 1);
    SampleChanges.send(KAFKA.bootstrapServers(), topic);
    int first = SampleChanges.messages().size();
    Path job = dir.resolve("waiting.yaml");
    Files.writeString(
        job,
        JOB.replace(
            "scan.bounded.mode: latest-offset",
            "scan.bounded.mode: specific-offsets\n"
                + "  scan.bounded.specific-offsets: partition:0,offset:"
                + 2 * first),
        StandardCharsets.UTF_8);
    try (LauncherRun run =
        LauncherRun.start(
            job.toString(),
            "-Dservers=" + KAFKA.bootstrapServers(),
            "-Dtopic=" + topic,
            "--runner=DirectRunner",
            "--progress")) {
      run.awaitLine(
          "kafka-pipeline: [0-9]+:[0-9]{2} in "
              + first
              + " records [0-9]+ bytes \\| out 0 records 0 bytes \\| lag [0-9-]+ \\| errors 0,"
              + " dead letters 0");
      SampleChanges.send(KAFKA.bootstrapServers(), topic);
      assertEquals(0, run.status(), run.err());
      assertLine(String.format(FINISHED, 2 * first), run.err());
    }
  }

  @Test
  void aClusterThatAnswersRunsTheJob() throws Exception {
    String topic = KAFKA.newTopicName("launcher");
    KAFKA.createTopic(topic, 1);
    SampleChanges.send(KAFKA.bootstrapServers(), topic);
    Run run = launch(KAFKA.bootstrapServers(), topic);
    assertEquals(0, run.status(), run.err());
    assertFalse(run.err().contains("not reachable"), run.err());
  }
}
