package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fault tests against real processes: a session cluster of child JVMs (a JobManager and two
 * TaskManagers) runs a streaming copy job ({@link CopyJob}) submitted with {@code
 * --flinkMaster}, and TaskManagers are killed with {@code kill -9} at random moments while it
 * runs and its input is being written, each replaced by a new TaskManager. The job has no end of
 * its own: once a read_committed consumer has seen every input record in the output (or after
 * a deadline) it is cancelled through the REST API, and the output is then read again from the
 * start with a read_committed consumer and compared with the input.
 *
 * <p>The size is bounded for CI: {@value #DEFAULT_RECORDS} records and {@value #DEFAULT_KILLS}
 * kills per case by default; the {@code soak} Maven profile sets {@code fault.records}, {@code
 * fault.kills} and {@code fault.rate} (input records written per second) higher. One broker and one
 * cluster for the class.
 */
class FlinkClusterFaultIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = new FlinkClusterExtension();

  static final int DEFAULT_RECORDS = 40_000;
  static final int DEFAULT_KILLS = 3;
  private static final int RECORDS = Integer.getInteger("fault.records", DEFAULT_RECORDS);
  private static final int KILLS = Integer.getInteger("fault.kills", DEFAULT_KILLS);
  private static final int RATE = Integer.getInteger("fault.rate", 1000);
  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final long SEED = Long.getLong("fault.seed", System.nanoTime());

  @Test
  void exactlyOnceUnderTaskManagerKillsLosesAndDuplicatesNothing() throws Exception {
    String prefix = "eos-tm-kill-" + System.nanoTime();
    CopyOutput output = copyWithKills("exactly-once",
        Map.of("sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", prefix));
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(java.util.Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
    assertEquals(RECORDS, output.read());
  }

  @Test
  void atLeastOnceUnderTaskManagerKillsLosesNothing() throws Exception {
    CopyOutput output = copyWithKills("at-least-once",
        Map.of("sink.delivery-guarantee", "at-least-once"));
    assertEquals(0, output.missing(), () -> "lost: " + output);
  }

  /**
   * Copies {@link #RECORDS} records, written while the job runs, with {@link #KILLS} TaskManager
   * kills on the way; returns what a read_committed consumer sees after the job finished.
   */
  private CopyOutput copyWithKills(String guarantee, Map<String, String> sinkOptions)
      throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = KAFKA.newTopicName("kill-in");
    String out = KAFKA.newTopicName("kill-out");
    KAFKA.createTopic(in, CopyJob.PARTITIONS);
    KAFKA.createTopic(out, CopyJob.PARTITIONS);
    String jobName = guarantee + "-" + in;
    long start = System.nanoTime();
    CopyJob.pipeline(CopyJob.options(cluster.flinkMaster(), jobName), KAFKA.bootstrapServers(),
        in, out, sinkOptions).run();
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    Random random = new Random(SEED);
    try (CopyJob.Producing producing =
        CopyJob.produce(KAFKA.bootstrapServers(), in, RECORDS, RATE)) {
      for (int kill = 1; kill <= KILLS; kill++) {
        killAtRandomMoment(cluster, jobId, random, guarantee + ": kill " + kill + " of " + KILLS);
      }
    }
    // The job has no end of its own: once the output holds every record (or the wait is over),
    // it is cancelled, and the output is read again from the start.
    FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, RECORDS, Duration.ofMinutes(5));
    cluster.rest().cancel(jobId);
    assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, jobId, STEP_TIMEOUT));
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    CopyOutput output = CopyOutput.of(
        FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, RECORDS, STEP_TIMEOUT), RECORDS);
    System.out.printf("FAULT RESULT %s: %d records, %d TaskManager kills (seed %d), %d restores,"
            + " %d s: %s%n", guarantee, RECORDS, KILLS, SEED,
        cluster.rest().checkpoints(jobId).restored(), seconds, output);
    return output;
  }

  /**
   * Once the job runs all its tasks and completed a checkpoint since, waits a random time under
   * 1.5 s, kills a random TaskManager with {@code kill -9} and starts a replacement.
   */
  private static void killAtRandomMoment(
      FlinkSessionCluster cluster, String jobId, Random random, String what) {
    FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    long completed = cluster.rest().checkpoints(jobId).completed();
    FaultJobs.awaitCheckpointAfter(cluster, jobId, completed, STEP_TIMEOUT);
    sleep(random.nextInt(1500));
    assertEquals("RUNNING", cluster.rest().jobState(jobId), what
        + ": the job must still run (a job that ended too soon needs more fault.records)");
    String victim = cluster.killTaskManager(random.nextInt(cluster.liveTaskManagers()));
    String replacement = cluster.startTaskManager();
    System.out.printf("%s: %s killed (kill -9), %s started%n", what, victim, replacement);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
