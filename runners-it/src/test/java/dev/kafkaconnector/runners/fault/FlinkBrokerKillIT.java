package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The broker killed with {@code kill -9} and started again on the same ports and data while an
 * exactly-once copy job ({@link CopyJob}) on the child-JVM Flink cluster reads and writes through
 * it (and the test writes its input through it): the job recovers without operator action (its
 * tasks fail and Flink restarts them from the last checkpoint until the broker is back), and a
 * read_committed consumer then sees every input record exactly once, in order. The broker is a
 * child JVM of its own ({@link EmbeddedKafkaCluster#childProcess()}), started for this class.
 */
class FlinkBrokerKillIT {
  @RegisterExtension static final FlinkClusterExtension FLINK = new FlinkClusterExtension();

  private static final int RECORDS = Integer.getInteger("fault.records", 15_000);
  private static final int KILLS = Integer.getInteger("fault.broker-kills", 2);
  private static final int RATE = Integer.getInteger("fault.rate", 1000);
  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final long SEED = Long.getLong("fault.seed", System.nanoTime());

  private static EmbeddedKafkaCluster broker;

  @BeforeAll
  static void startBroker() {
    broker = EmbeddedKafkaCluster.childProcess().start();
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void exactlyOnceJobContinuesThroughBrokerKillsAndLosesNothing() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = "broker-kill-in-" + System.nanoTime();
    String out = "broker-kill-out-" + System.nanoTime();
    broker.createTopic(in, CopyJob.PARTITIONS);
    broker.createTopic(out, CopyJob.PARTITIONS);
    String bootstrap = broker.bootstrapServers();
    String jobName = "broker-kill-" + in;
    long start = System.nanoTime();
    CopyJob.pipeline(CopyJob.options(cluster.flinkMaster(), jobName), bootstrap, in, out,
        Map.of("sink.delivery-guarantee", "exactly-once",
            "sink.transactional-id-prefix", "eos-" + in)).run();
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    Random random = new Random(SEED);
    try (CopyJob.Producing producing = CopyJob.produce(bootstrap, in, RECORDS, RATE)) {
      for (int kill = 1; kill <= KILLS; kill++) {
        FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
        long completed = cluster.rest().checkpoints(jobId).completed();
        FaultJobs.awaitCheckpointAfter(cluster, jobId, completed, STEP_TIMEOUT);
        Thread.sleep(random.nextInt(1500));
        broker.kill();
        broker.start(); // same ports, same data
        System.out.printf("broker kill %d of %d: killed (kill -9) and started again%n",
            kill, KILLS);
      }
    }
    FaultJobs.readCommitted(bootstrap, out, RECORDS, Duration.ofMinutes(5));
    cluster.rest().cancel(jobId);
    assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, jobId, STEP_TIMEOUT));
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    CopyOutput output = CopyOutput.of(
        FaultJobs.readCommitted(bootstrap, out, RECORDS, STEP_TIMEOUT), RECORDS);
    System.out.printf("FAULT RESULT exactly-once: %d records, %d broker kills (seed %d), %d"
            + " restores, %d s: %s%n", RECORDS, KILLS, SEED,
        cluster.rest().checkpoints(jobId).restored(), seconds, output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
  }
}
