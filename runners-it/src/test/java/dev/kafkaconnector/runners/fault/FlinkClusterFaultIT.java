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
 * TaskManagers) runs a finite streaming copy job ({@link CopyJob}) submitted with {@code
 * --flinkMaster}, and TaskManagers are killed with {@code kill -9} at random moments while it
 * runs, each replaced by a new TaskManager. Each case checks the output topic with a
 * read_committed consumer after the job finished.
 *
 * <p>The size is bounded for CI: {@value #DEFAULT_RECORDS} records and {@value #DEFAULT_KILLS}
 * kills per case by default; the {@code soak} Maven profile sets {@code fault.records}, {@code
 * fault.kills} and {@code fault.rate} (records per second per reader) higher. One broker and one
 * cluster for the class.
 */
class FlinkClusterFaultIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = new FlinkClusterExtension();

  static final int DEFAULT_RECORDS = 30_000;
  static final int DEFAULT_KILLS = 3;
  private static final int RECORDS = Integer.getInteger("fault.records", DEFAULT_RECORDS);
  private static final int KILLS = Integer.getInteger("fault.kills", DEFAULT_KILLS);
  private static final int RATE = Integer.getInteger("fault.rate", 500);
  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final long SEED = Long.getLong("fault.seed", System.nanoTime());

  @Test
  void exactlyOnceUnderTaskManagerKillsLosesAndDuplicatesNothing() {
    String prefix = "eos-tm-kill-" + System.nanoTime();
    CopyOutput output = copyWithKills("exactly-once",
        Map.of("sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", prefix));
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(java.util.Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
    assertEquals(RECORDS, output.read());
  }

  @Test
  void atLeastOnceUnderTaskManagerKillsLosesNothing() {
    CopyOutput output = copyWithKills("at-least-once",
        Map.of("sink.delivery-guarantee", "at-least-once"));
    assertEquals(0, output.missing(), () -> "lost: " + output);
  }

  /** Copies {@link #RECORDS} records with {@link #KILLS} TaskManager kills on the way. */
  private CopyOutput copyWithKills(String guarantee, Map<String, String> sinkOptions) {
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = KAFKA.newTopicName("kill-in");
    String out = KAFKA.newTopicName("kill-out");
    KAFKA.createTopic(in, CopyJob.PARTITIONS);
    KAFKA.createTopic(out, CopyJob.PARTITIONS);
    CopyJob.produce(KAFKA.bootstrapServers(), in, RECORDS);
    String jobName = guarantee + "-" + in;
    FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), jobName);
    long start = System.nanoTime();
    CopyJob.pipeline(options, KAFKA.bootstrapServers(), in, out, RATE, sinkOptions).run();
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    Random random = new Random(SEED);
    for (int kill = 1; kill <= KILLS; kill++) {
      FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
      long completed = cluster.rest().checkpoints(jobId).completed();
      FaultJobs.awaitCheckpointAfter(cluster, jobId, completed, STEP_TIMEOUT);
      sleep(random.nextInt(1500));
      String state = cluster.rest().jobState(jobId);
      assertEquals("RUNNING", state, "job state before kill " + kill + " of " + KILLS
          + " (a job that finished too soon needs more fault.records or a lower fault.rate)");
      String victim = cluster.killTaskManager(random.nextInt(cluster.liveTaskManagers()));
      String replacement = cluster.startTaskManager();
      System.out.printf("%s: kill %d: %s killed (kill -9), %s started%n",
          guarantee, kill, victim, replacement);
    }
    String end = FaultJobs.awaitEnd(cluster, jobId, Duration.ofMinutes(10));
    assertEquals("FINISHED", end, () -> cluster.rest().rootException(jobId));
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    CopyOutput output = CopyOutput.of(
        FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, RECORDS), RECORDS);
    System.out.printf("FAULT RESULT %s: %d records, %d TaskManager kills (seed %d), %d restores,"
            + " %d s: %s%n", guarantee, RECORDS, KILLS, SEED,
        cluster.rest().checkpoints(jobId).restored(), seconds, output);
    return output;
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
