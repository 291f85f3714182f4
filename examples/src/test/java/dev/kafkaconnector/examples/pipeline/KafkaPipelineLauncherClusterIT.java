package dev.kafkaconnector.examples.pipeline;

import static dev.kafkaconnector.examples.pipeline.LauncherRun.assertLine;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.examples.cli.JobProgress;
import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * A bounded job: Beam's FlinkRunner hands a batch step's metrics to Flink only at the step's end,
   * so while the read waits for its end offset the progress line says no counts are reported yet
   * (not zeros); the summary has them all.
   */
  @Test
  void onASessionClusterTheLauncherPrintsTheWebUiJobIdProgressAndSummary() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String topic = KAFKA.newTopicName("launcher-cluster");
    KAFKA.createTopic(topic, 1);
    SampleChanges.send(KAFKA.bootstrapServers(), topic);
    int first = SampleChanges.messages().size();
    try (LauncherRun run = launch(cluster, JOB, topic, "-Dstop=" + 2 * first)) {
      run.awaitLine("kafka-pipeline: [0-9]+:[0-9]{2} " + Pattern.quote(JobProgress.NOT_REPORTED));
      SampleChanges.send(KAFKA.bootstrapServers(), topic);
      assertEquals(0, run.status(), run.err());
      String webUi = Pattern.quote("http://" + cluster.flinkMaster());
      assertLine(
          "kafka-pipeline: job '.+' on the FlinkRunner \\(Flink cluster, web UI " + webUi + "\\)",
          run.err());
      assertLine("kafka-pipeline: Flink job id [0-9a-f]{32}", run.err());
      assertLine(
          "kafka-pipeline: FINISHED after [0-9.]+ s: in "
              + 2 * first
              + " records [0-9]+ bytes \\| out 0 records 0 bytes \\| errors 0, dead letters 0"
              + " \\| [0-9]+ records/s \\| Flink job id [0-9a-f]{32}",
          run.err());
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
    String continuous =
        JOB.replace("  scan.bounded.mode: specific-offsets\n", "")
            .replace("  scan.bounded.specific-offsets: partition:0,offset:${stop}\n", "");
    try (LauncherRun run = launch(cluster, continuous, topic)) {
      run.awaitLine(
          "kafka-pipeline: [0-9]+:[0-9]{2} in "
              + records
              + " records [0-9]+ bytes \\| out 0 records 0 bytes \\| lag 0 \\| errors 0,"
              + " dead letters 0");
      Matcher id = run.awaitLine("kafka-pipeline: Flink job id ([0-9a-f]{32})");
      cluster.rest().cancel(id.group(1));
      assertEquals(1, run.status(), run.err());
      assertLine(
          "kafka-pipeline: CANCELLED after [0-9.]+ s \\(as last seen while running\\): in "
              + records
              + " records [0-9]+ bytes \\| out 0 records 0 bytes \\| errors 0, dead letters 0"
              + " \\| [0-9]+ records/s \\| Flink job id "
              + id.group(1),
          run.err());
      assertLine("kafka-pipeline: the job was cancelled on the cluster: .*", run.err());
    }
  }

  /** Starts the launcher on the cluster with {@code yaml} as the job, reading {@code topic}. */
  private LauncherRun launch(FlinkSessionCluster cluster, String yaml, String topic, String... more)
      throws Exception {
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, yaml, StandardCharsets.UTF_8);
    List<String> args =
        new ArrayList<>(
            List.of(
                job.toString(),
                "-Dservers=" + KAFKA.bootstrapServers(),
                "-Dtopic=" + topic,
                "--runner=FlinkRunner",
                "--flink-master=" + cluster.flinkMaster(),
                // the cluster's class path has the connector: stage only the launcher's own
                "--filesToStage=" + launcherClasses(),
                "--progress"));
    args.addAll(List.of(more));
    return LauncherRun.start(args.toArray(String[]::new));
  }

  /** The directory of the launcher's classes (the module's main classes). */
  private static String launcherClasses() throws URISyntaxException {
    return Path.of(
            KafkaPipelineLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .toString();
  }
}
