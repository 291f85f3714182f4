package dev.kafkaconnector.examples.pipeline;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/bin/kafka-pipeline}'s launcher checks the Kafka clusters of a job's {@code kafka}
 * blocks before it builds the job: a cluster that does not answer ends it with status 1 and a line
 * naming the block's {@code properties.bootstrap.servers}; a real broker lets the job run.
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

  /** What a launcher run returned and printed on standard error. */
  record Run(int status, String err) {}

  private Run launch(String servers, String topic) throws Exception {
    Path job = dir.resolve("job.yaml");
    Files.writeString(job, JOB, StandardCharsets.UTF_8);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      int status =
          KafkaPipelineLauncher.run(
              new String[] {job.toString(), "-Dservers=" + servers, "-Dtopic=" + topic});
      return new Run(status, err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(original);
    }
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
