package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fault tests against real processes: a session cluster of child JVMs (a JobManager and two
 * TaskManagers) runs a streaming copy job ({@link CopyJob}) submitted with {@code --flinkMaster},
 * and TaskManagers are killed with {@code kill -9} at random moments while it runs and its input is
 * being written, each replaced by a new TaskManager. The job has no end of its own: once a
 * read_committed consumer has seen every input record in the output (or after a deadline) it is
 * cancelled through the REST API, and the output is then read again from the start with a
 * read_committed consumer and compared with the input.
 *
 * <p>A third case kills a whole exactly-once job mid-transaction and starts it again from its last
 * checkpoint with the same transactional-id prefix; a fourth adds partitions to the input topic
 * while the job copies it.
 *
 * <p>The size is bounded for CI: {@value #DEFAULT_RECORDS} records and {@value #DEFAULT_KILLS}
 * kills per case by default; the {@code soak} Maven profile sets {@code fault.records}, {@code
 * fault.kills} and {@code fault.rate} (input records written per second) higher. One broker and one
 * cluster for the class.
 */
@ExtendWith(OneFaultClassAtATime.class)
class FlinkClusterFaultIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = FlinkClusterExtension.shared();

  static final int DEFAULT_RECORDS = 15_000;
  static final int DEFAULT_KILLS = 1;
  private static final int RECORDS = Integer.getInteger("fault.records", DEFAULT_RECORDS);
  private static final int KILLS = Integer.getInteger("fault.kills", DEFAULT_KILLS);
  private static final int RATE = Integer.getInteger("fault.rate", 1000);
  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final int ATTEMPTS = 5;
  private static final long SEED = Long.getLong("fault.seed", System.nanoTime());

  @Test
  void exactlyOnceUnderTaskManagerKillsLosesAndDuplicatesNothing() throws Exception {
    String prefix = "eos-tm-kill-" + System.nanoTime();
    CopyOutput output =
        copyWithKills(
            "exactly-once",
            Map.of(
                "sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", prefix));
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
    assertEquals(RECORDS, output.read());
  }

  @Test
  void atLeastOnceUnderTaskManagerKillsLosesNothing() throws Exception {
    assumeTrue(
        FaultJobs.ALL_CASES,
        "at-least-once TaskManager kills run with -Dfault.all-cases=true (the soak profile)");
    CopyOutput output =
        copyWithKills("at-least-once", Map.of("sink.delivery-guarantee", "at-least-once"));
    assertEquals(0, output.missing(), () -> "lost: " + output);
  }

  /**
   * Partition discovery under load: the input topic has 2 partitions when the exactly-once copy job
   * starts (discovery every second); half of the records are written to them, then 2 partitions are
   * added and the other half is written to all 4 while the job runs. Records written to the new
   * partitions before the job found them are read from their earliest offset: none is lost, none
   * duplicated.
   */
  @Test
  void partitionsAddedUnderLoadAreReadFromTheirEarliestOffset() throws Exception {
    assumeTrue(
        FaultJobs.ALL_CASES,
        "partitions added under load run with -Dfault.all-cases=true (the soak profile)");
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = KAFKA.newTopicName("grow-in");
    String out = KAFKA.newTopicName("grow-out");
    KAFKA.createTopic(in, 2);
    KAFKA.createTopic(out, CopyJob.PARTITIONS);
    String jobName = "discovery-" + in;
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), jobName),
            KAFKA.bootstrapServers(),
            in,
            out,
            Map.of("scan.topic-partition-discovery.interval", "1 s"),
            Map.of(
                "sink.delivery-guarantee",
                "exactly-once",
                "sink.transactional-id-prefix",
                "eos-" + in))
        .run();
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    int half = RECORDS / 2;
    CopyJob.produce(KAFKA.bootstrapServers(), in, 0, half, RATE, 2).close();
    KAFKA
        .admin()
        .createPartitions(Map.of(in, NewPartitions.increaseTo(CopyJob.PARTITIONS)))
        .all()
        .get();
    CopyJob.produce(KAFKA.bootstrapServers(), in, half, RECORDS - half, RATE, CopyJob.PARTITIONS)
        .close();
    CopyOutput output =
        FaultJobs.finish(
            cluster,
            jobId,
            KAFKA.bootstrapServers(),
            out,
            RECORDS,
            Duration.ofMinutes(5),
            STEP_TIMEOUT);
    System.out.printf(
        "FAULT RESULT partitions 2 -> 4 under load, exactly-once: %d records: %s%n",
        RECORDS, output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
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
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), jobName),
            KAFKA.bootstrapServers(),
            in,
            out,
            sinkOptions)
        .run();
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
    CopyOutput output =
        FaultJobs.finish(
            cluster,
            jobId,
            KAFKA.bootstrapServers(),
            out,
            RECORDS,
            Duration.ofMinutes(5),
            STEP_TIMEOUT);
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    System.out.printf(
        "FAULT RESULT %s: %d records, %d TaskManager kills (seed %d), %d restores," + " %d s: %s%n",
        guarantee,
        RECORDS,
        KILLS,
        SEED,
        cluster.rest().checkpoints(jobId).restored(),
        seconds,
        output);
    return output;
  }

  /**
   * Once the job runs all its tasks and completed a checkpoint since, waits a random time under 1.5
   * s, kills a random TaskManager with {@code kill -9} and starts a replacement.
   */
  private static void killAtRandomMoment(
      FlinkSessionCluster cluster, String jobId, Random random, String what) {
    FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    long completed = cluster.rest().checkpoints(jobId).completed();
    FaultJobs.awaitCheckpointAfter(cluster, jobId, completed, STEP_TIMEOUT);
    FaultJobs.sleep(random.nextInt(1500));
    assertEquals(
        "RUNNING",
        cluster.rest().jobState(jobId),
        what + ": the job must still run (a job that ended too soon needs more fault.records)");
    String victim = cluster.killTaskManager(random.nextInt(cluster.liveTaskManagers()));
    String replacement = cluster.startTaskManager();
    System.out.printf("%s: %s killed (kill -9), %s started%n", what, victim, replacement);
  }

  /**
   * An exactly-once job killed mid-transaction and started again with the same {@code
   * sink.transactional-id-prefix}: every TaskManager is killed with {@code kill -9} while one of
   * the sink's transactions is open (seen in the broker's transaction listing, and still open after
   * the kill: it blocks read_committed readers), the job is cancelled through the REST API, and a
   * new job is submitted from its last retained checkpoint. The new job's writers abort the
   * lingering transaction, so a read_committed reader sees every input record exactly once, in
   * order, long before the broker's transaction timeout (15 minutes) would have ended it. The input
   * is written at {@code fault.rate} from the first job's start until the second job runs, so there
   * are always records for a transaction, whatever the number of kill attempts.
   */
  @Test
  void jobKilledMidTransactionAndStartedAgainWithTheSamePrefixWritesNothingTwice()
      throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = KAFKA.newTopicName("cancel-in");
    String out = KAFKA.newTopicName("cancel-out");
    KAFKA.createTopic(in, CopyJob.PARTITIONS);
    KAFKA.createTopic(out, CopyJob.PARTITIONS);
    String prefix = "eos-cancel-" + System.nanoTime();
    Map<String, String> sink =
        Map.of("sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", prefix);

    String first = "first-" + in;
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), first), KAFKA.bootstrapServers(), in, out, sink)
        .run();
    String firstId = FaultJobs.awaitJob(cluster, first);
    FaultJobs.awaitRunning(cluster, firstId, STEP_TIMEOUT);
    // The input flows until the second job runs, however many attempts the kill takes: a sink
    // opens a transaction only for records that arrived, so an input written to its end before
    // the kill (or before a retry's restart) would leave no transaction to catch.
    CopyJob.Producing producing =
        CopyJob.produce(KAFKA.bootstrapServers(), in, Integer.MAX_VALUE, RATE);
    int records;
    try {
      List<String> lingering = killAllMidTransaction(cluster, firstId, prefix);
      cluster.rest().cancel(firstId);
      assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, firstId, STEP_TIMEOUT));
      String checkpoint = FaultJobs.retainedCheckpoint(cluster, firstId, STEP_TIMEOUT);
      long[] blocked = stableAndEndOffsets(out);
      System.out.printf(
          "job killed with open transactions %s and cancelled: output end offsets"
              + " %d read_committed, %d read_uncommitted; restoring %s%n",
          lingering, blocked[0], blocked[1], checkpoint);

      cluster.startTaskManager();
      cluster.startTaskManager();
      String second = "second-" + in;
      FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), second);
      options.setSavepointPath(checkpoint);
      CopyJob.pipeline(options, KAFKA.bootstrapServers(), in, out, sink).run();
      String secondId = FaultJobs.awaitJob(cluster, second);
      FaultJobs.awaitRunning(cluster, secondId, STEP_TIMEOUT);
      records = producing.end();
      FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, records, Duration.ofMinutes(5));
      cluster.rest().cancel(secondId);
      assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, secondId, STEP_TIMEOUT));
    } finally {
      producing.stop();
    }
    CopyOutput output =
        CopyOutput.of(
            FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, records, STEP_TIMEOUT), records);
    System.out.printf(
        "FAULT RESULT kill mid-transaction, cancel, restart with the same prefix:"
            + " %d records: %s%n",
        records, output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
    assertEquals(
        List.of(),
        FaultJobs.openTransactions(KAFKA.admin(), prefix),
        "transactions of the prefix still open after the second job");
  }

  /**
   * Kills every TaskManager as soon as the broker lists an open transaction of {@code prefix}
   * (after a completed checkpoint); when that transaction was committed in between, starts two
   * TaskManagers again (the job restarts) and tries anew, at most {@value #ATTEMPTS} times.
   *
   * @return the transactions left open by the kill
   */
  private static List<String> killAllMidTransaction(
      FlinkSessionCluster cluster, String jobId, String prefix) throws Exception {
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
      long completed = cluster.rest().checkpoints(jobId).completed();
      FaultJobs.awaitCheckpointAfter(cluster, jobId, completed, STEP_TIMEOUT);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      // Polled without pause: a transaction of the sink is open for milliseconds only.
      while (FaultJobs.openTransactions(KAFKA.admin(), prefix).isEmpty()) {
        assertFalse(System.nanoTime() > deadline, "no open transaction of " + prefix + " seen");
      }
      cluster.killAllTaskManagers();
      List<String> lingering = FaultJobs.openTransactions(KAFKA.admin(), prefix);
      if (!lingering.isEmpty()) {
        return lingering;
      }
      System.out.printf("attempt %d: the transaction ended before the kill; again%n", attempt);
      cluster.startTaskManager();
      cluster.startTaskManager();
    }
    throw new AssertionError("No kill left a transaction open in " + ATTEMPTS + " attempts");
  }

  /** The sum over partitions of {@code topic}'s read_committed end offsets, and of its ends. */
  private static long[] stableAndEndOffsets(String topic) {
    long[] sums = new long[2];
    for (String isolation : List.of("read_committed", "read_uncommitted")) {
      try (KafkaConsumer<byte[], byte[]> consumer =
          new KafkaConsumer<>(
              Map.of(
                  ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                  KAFKA.bootstrapServers(),
                  ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                  ByteArrayDeserializer.class,
                  ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                  ByteArrayDeserializer.class,
                  ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                  isolation))) {
        List<TopicPartition> partitions =
            consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        long sum =
            consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
        sums[isolation.equals("read_committed") ? 0 : 1] = sum;
      }
    }
    return sums;
  }
}
