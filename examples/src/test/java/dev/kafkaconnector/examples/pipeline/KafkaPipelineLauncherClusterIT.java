package dev.kafkaconnector.examples.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.examples.cli.JobProgress;
import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kafka-pipeline --runner=FlinkRunner --flink-master=host:port} on a Flink session cluster
 * of child JVMs, as an operator runs it: the launcher names the cluster's web UI, finds the job's
 * id through the cluster's REST API, prints progress lines made of the job's metrics there (the
 * records read while the job waits for more) and a summary with the job id at the end.
 */
class KafkaPipelineLauncherClusterIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = FlinkClusterExtension.shared();

  private static final String JOB =
      """
      source:
        type: kafka
        properties.bootstrap.servers: ${servers}
        topic: ${topic}
        value.format: canal-json
        scan.startup.mode: earliest-offset
        scan.bounded.mode: specific-offsets
        scan.bounded.specific-offsets: partition:0,offset:${stop}
      sink:
        type: print
      """;

  @TempDir Path dir;

  @Test
  void onASessionClusterTheLauncherPrintsTheWebUiJobIdProgressAndSummary() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String topic = KAFKA.newTopicName("launcher-cluster");
    KAFKA.createTopic(topic, 1);
    SampleChanges.send(KAFKA.bootstrapServers(), topic);
    int first = SampleChanges.messages().size();
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, JOB, StandardCharsets.UTF_8);
    String launcherClasses = launcherClasses();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream originalErr = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      CompletableFuture<Integer> status =
          CompletableFuture.supplyAsync(
              () ->
                  KafkaPipelineLauncher.run(
                      job.toString(),
                      "-Dservers=" + KAFKA.bootstrapServers(),
                      "-Dtopic=" + topic,
                      "-Dstop=" + 2 * first,
                      "--runner=FlinkRunner",
                      "--flink-master=" + cluster.flinkMaster(),
                      // the cluster's class path has the connector: stage only the launcher's own
                      "--filesToStage=" + launcherClasses,
                      "--progress"));
      // Beam's FlinkRunner hands a batch step's metrics to Flink only at the step's end
      Pattern progress =
          Pattern.compile(
              "^kafka-pipeline: [0-9]+:[0-9]{2} " + Pattern.quote(JobProgress.NOT_REPORTED) + "$",
              Pattern.MULTILINE);
      long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
      while (!progress.matcher(err.toString(StandardCharsets.UTF_8)).find()
          && !status.isDone()
          && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      String seen = err.toString(StandardCharsets.UTF_8);
      assertTrue(progress.matcher(seen).find(), "no progress line in\n" + seen);
      SampleChanges.send(KAFKA.bootstrapServers(), topic);
      assertEquals(0, status.get(2, TimeUnit.MINUTES), err.toString(StandardCharsets.UTF_8));
      String all = err.toString(StandardCharsets.UTF_8);
      String webUi = Pattern.quote("http://" + cluster.flinkMaster());
      assertLine(
          "kafka-pipeline: job '.+' on the FlinkRunner \\(Flink cluster, web UI " + webUi + "\\)",
          all);
      assertLine("kafka-pipeline: Flink job id [0-9a-f]{32}", all);
      assertLine(
          "kafka-pipeline: FINISHED after [0-9.]+ s: in "
              + 2 * first
              + " records [0-9]+ bytes \\| out 0 records 0 bytes \\| errors 0, dead letters 0"
              + " \\| [0-9]+ records/s \\| Flink job id [0-9a-f]{32}",
          all);
    } finally {
      System.setErr(originalErr);
    }
  }

  /**
   * A continuous job (no end offset) on the cluster: Flink streaming hands the metrics over at each
   * bundle's end, so the progress lines count the records read and the lag while it runs; cancelled
   * from outside (the web UI's Cancel, here its REST call), the launcher ends with a summary.
   */
  @Test
  void aContinuousJobShowsItsCountsWhileItRunsAndEndsWhenCancelledOnTheCluster() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String topic = KAFKA.newTopicName("launcher-cluster-streaming");
    KAFKA.createTopic(topic, 1);
    SampleChanges.send(KAFKA.bootstrapServers(), topic);
    int records = SampleChanges.messages().size();
    Path job = dir.resolve("continuous.yaml");
    Files.writeString(
        job,
        JOB.replace("  scan.bounded.mode: specific-offsets\n", "")
            .replace("  scan.bounded.specific-offsets: partition:0,offset:${stop}\n", ""),
        StandardCharsets.UTF_8);
    String launcherClasses = launcherClasses();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream originalErr = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      CompletableFuture<Integer> status =
          CompletableFuture.supplyAsync(
              () ->
                  KafkaPipelineLauncher.run(
                      job.toString(),
                      "-Dservers=" + KAFKA.bootstrapServers(),
                      "-Dtopic=" + topic,
                      "--runner=FlinkRunner",
                      "--flink-master=" + cluster.flinkMaster(),
                      "--filesToStage=" + launcherClasses,
                      "--progress"));
      Pattern progress =
          Pattern.compile(
              "^kafka-pipeline: [0-9]+:[0-9]{2} in "
                  + records
                  + " records [0-9]+ bytes \\| out 0 records 0 bytes \\| lag 0 \\| errors 0,"
                  + " dead letters 0$",
              Pattern.MULTILINE);
      long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
      while (!progress.matcher(err.toString(StandardCharsets.UTF_8)).find()
          && !status.isDone()
          && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      String seen = err.toString(StandardCharsets.UTF_8);
      assertTrue(
          progress.matcher(seen).find(), "no progress line with " + records + " in\n" + seen);
      Matcher id = Pattern.compile("Flink job id ([0-9a-f]{32})").matcher(seen);
      assertTrue(id.find(), seen);
      cluster.rest().cancel(id.group(1));
      int code = status.get(2, TimeUnit.MINUTES);
      String all = err.toString(StandardCharsets.UTF_8);
      assertEquals(1, code, all);
      assertLine(
          "kafka-pipeline: CANCELLED after [0-9.]+ s \\(as last seen while running\\): in "
              + records
              + " records [0-9]+ bytes \\| out 0 records 0 bytes \\| errors 0, dead letters 0"
              + " \\| [0-9]+ records/s \\| Flink job id "
              + id.group(1),
          all);
      assertLine("kafka-pipeline: the job was cancelled on the cluster: .*", all);
    } finally {
      System.setErr(originalErr);
    }
  }

  private static void assertLine(String regex, String err) {
    assertTrue(
        Pattern.compile("^" + regex + "$", Pattern.MULTILINE).matcher(err).find(),
        "no line matching " + regex + " in\n" + err);
  }

  /** The directory of the launcher's classes (the module's main classes). */
  private static String launcherClasses() throws URISyntaxException {
    return Path.of(
            KafkaPipelineLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .toString();
  }
}
