package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A broker killed with {@code kill -9} and started again on the same ports and data while a copy
 * job ({@link CopyJob}) on the child-JVM Flink cluster runs and the test writes its input. The
 * input topic lives on one child-process broker ({@link EmbeddedKafkaCluster#childProcess()}) and
 * the output topic on another, so that each case kills only one side: the source's broker
 * (mid-read: the job's reader, and the test's producer, lose their broker) or the sink's broker
 * (mid-write: only the job's writer loses it), for each of {@code exactly-once} and {@code
 * at-least-once}. The job continues without operator action (its tasks wait for the broker, or fail
 * and Flink restarts them from the last checkpoint), and a read_committed consumer then sees every
 * input record: exactly-once, in order, for {@code exactly-once}; at least once for {@code
 * at-least-once}, whose duplicates and order of first occurrences are counted and printed.
 *
 * <p>The kills are spread over the writing of the input (kill {@code k} of {@code n} once a
 * checkpoint completed since the previous kill and {@code k/(n+1)} of the input has been sent), so
 * that they happen while records flow; the result line says how many did. The size is bounded for
 * CI ({@value #DEFAULT_RECORDS} records and {@value #DEFAULT_KILLS} kill per case: a restart of a
 * child-process broker takes 5 to 15 s on two busy cores); the {@code soak} profile sets {@code
 * fault.broker-records} (else {@code fault.records}), {@code fault.broker-kills} and {@code
 * fault.rate} higher. One Flink cluster and the two brokers serve the whole class.
 */
@ExtendWith(OneFaultClassAtATime.class)
class FlinkBrokerKillIT {
  @RegisterExtension static final FlinkClusterExtension FLINK = FlinkClusterExtension.shared();

  static final int DEFAULT_RECORDS = 10_000;
  static final int DEFAULT_KILLS = 1;
  private static final int RECORDS =
      Integer.getInteger(
          "fault.broker-records", Integer.getInteger("fault.records", DEFAULT_RECORDS));
  private static final int KILLS = Integer.getInteger("fault.broker-kills", DEFAULT_KILLS);
  private static final int RATE = Integer.getInteger("fault.rate", 1000);
  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final long SEED = Long.getLong("fault.seed", System.nanoTime());

  private static EmbeddedKafkaCluster sourceBroker;
  private static EmbeddedKafkaCluster sinkBroker;

  @BeforeAll
  static void startBrokers() {
    sourceBroker = EmbeddedKafkaCluster.childProcess().start();
    sinkBroker = EmbeddedKafkaCluster.childProcess().start();
  }

  @AfterAll
  static void stopBrokers() {
    for (EmbeddedKafkaCluster broker : new EmbeddedKafkaCluster[] {sourceBroker, sinkBroker}) {
      if (broker != null) {
        broker.close();
      }
    }
  }

  /**
   * Copies {@link #RECORDS} records from the source broker to the sink broker with {@link #KILLS}
   * kills of the broker on {@code side} ({@code mid-read}: the source's, {@code mid-write}: the
   * sink's) and checks what a read_committed consumer sees once the job is cancelled.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "exactly-once, mid-read",
    "exactly-once, mid-write",
    "at-least-once, mid-read",
    "at-least-once, mid-write"
  })
  void jobContinuesThroughBrokerKillsAndLosesNothing(String guarantee, String side)
      throws Exception {
    assumeTrue(
        FaultJobs.ALL_CASES || (guarantee.equals("exactly-once") && side.equals("mid-read")),
        "at-least-once and mid-write broker kills run with -Dfault.all-cases=true (the soak"
            + " profile)");
    EmbeddedKafkaCluster killed = side.equals("mid-read") ? sourceBroker : sinkBroker;
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = "broker-kill-in-" + System.nanoTime();
    String out = "broker-kill-out-" + System.nanoTime();
    sourceBroker.createTopic(in, CopyJob.PARTITIONS);
    sinkBroker.createTopic(out, CopyJob.PARTITIONS);
    Map<String, String> sinkOptions = new HashMap<>();
    sinkOptions.put("sink.delivery-guarantee", guarantee);
    if (guarantee.equals("exactly-once")) {
      sinkOptions.put("sink.transactional-id-prefix", "eos-" + in);
    }
    String jobName = "broker-kill-" + in;
    long start = System.nanoTime();
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), jobName),
            sourceBroker.bootstrapServers(),
            in,
            Map.of(),
            sinkBroker.bootstrapServers(),
            out,
            sinkOptions)
        .run();
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    Random random = new Random(SEED);
    int killsWhileWriting = 0;
    try (CopyJob.Producing producing =
        CopyJob.produce(sourceBroker.bootstrapServers(), in, RECORDS, RATE)) {
      for (int kill = 1; kill <= KILLS; kill++) {
        // the job makes progress between kills: running, and a checkpoint completed since
        FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
        long completed = cluster.rest().checkpoints(jobId).completed();
        FaultJobs.awaitCheckpointAfter(cluster, jobId, completed, STEP_TIMEOUT);
        awaitSent(producing, (long) RECORDS * kill / (KILLS + 1), STEP_TIMEOUT);
        Thread.sleep(random.nextInt(300));
        int sent = producing.sent();
        boolean writing = !producing.done();
        killed.kill();
        killed.start(); // same ports, same data
        killsWhileWriting += writing ? 1 : 0;
        System.out.printf(
            "broker kill %d of %d (%s, %s): killed (kill -9) after %d of %d input"
                + " records were sent, and started again%n",
            kill, KILLS, guarantee, side, sent, RECORDS);
      }
    }
    String outServers = sinkBroker.bootstrapServers();
    CopyOutput output =
        FaultJobs.finish(
            cluster, jobId, outServers, out, RECORDS, Duration.ofMinutes(5), STEP_TIMEOUT);
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    System.out.printf(
        "FAULT RESULT %s %s: %d records, %d %s broker kills (%d while the input was"
            + " written; seed %d), %d restores, %d s: %s%n",
        guarantee,
        side,
        RECORDS,
        KILLS,
        side.equals("mid-read") ? "source" : "sink",
        killsWhileWriting,
        SEED,
        cluster.rest().checkpoints(jobId).restored(),
        seconds,
        output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    if (guarantee.equals("exactly-once")) {
      assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
      assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
    }
  }

  /** Waits until {@code producing} has sent {@code count} records or ended. */
  private static void awaitSent(CopyJob.Producing producing, long count, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (producing.sent() < count && !producing.done()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "Timed out after "
                + timeout
                + " waiting for the test producer"
                + " to send "
                + count
                + " input records; "
                + producing.sent()
                + " sent");
      }
      Thread.sleep(50);
    }
  }
}
