package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionListing;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Broker kills on a replicated cluster: three child-process KRaft nodes ({@code brokers(3)}: every
 * node a broker and a controller-quorum voter; replication factor 3 and {@code min.insync.replicas}
 * 2 for the topics, {@code __consumer_offsets} and {@code __transaction_state}; unclean leader
 * election off) hold the input and the output topic of an exactly-once copy job ({@link CopyJob})
 * on the child-JVM Flink cluster, while the test writes the input. Nodes are killed with {@code
 * kill -9} and started again one at a time:
 *
 * <ul>
 *   <li>{@code mid-write}: the leader of an output partition, then the transaction coordinator of
 *       one of the sink's transactional ids (found with {@code describeTransactions} after the
 *       first node is back; when it is the node killed first, another node: the output partition's
 *       new leader or else any other);
 *   <li>{@code mid-read}: the leader of an input partition.
 * </ul>
 *
 * <p>A read_committed consumer then must see every input record exactly once, each key's records in
 * input order ({@link CopyOutput}). The size is bounded for CI ({@value #DEFAULT_RECORDS} records,
 * {@value #DEFAULT_ROUNDS} round of kills per case); the {@code soak} profile sets {@code
 * fault.replicated-records} (else {@code fault.records}), {@code fault.replicated-rounds} and
 * {@code fault.replicated-rate} higher. One Flink cluster and one 3-node cluster serve the class.
 */
@ExtendWith(OneFaultClassAtATime.class)
class ReplicatedClusterFaultIT {
  @RegisterExtension static final FlinkClusterExtension FLINK = FlinkClusterExtension.shared();

  static final int DEFAULT_RECORDS = 3_000;
  static final int DEFAULT_ROUNDS = 1;
  private static final int RECORDS =
      Integer.getInteger(
          "fault.replicated-records", Integer.getInteger("fault.records", DEFAULT_RECORDS));
  private static final int ROUNDS = Integer.getInteger("fault.replicated-rounds", DEFAULT_ROUNDS);

  /**
   * Input records per second: 500 by default. A killed node is back in sync 6 to 21 s later on two
   * busy cores, so at the CI size (6 s of input) the second kill of {@code mid-write} lands after
   * the last input record was sent, while the job still copies and commits; the soak size (60 s of
   * input at 1,000 per second) puts more of its kills while the input is written.
   */
  private static final int RATE = Integer.getInteger("fault.replicated-rate", 500);

  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final long SEED = Long.getLong("fault.seed", System.nanoTime());

  private static EmbeddedKafkaCluster kafka;
  private static Admin admin;

  @BeforeAll
  static void startCluster() {
    kafka = EmbeddedKafkaCluster.childProcess().brokers(3).start();
    admin = Admin.create(kafka.adminProperties());
  }

  @AfterAll
  static void stopCluster() {
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
    }
    if (kafka != null) {
      kafka.close();
    }
  }

  /**
   * Copies {@link #RECORDS} records exactly-once with node kills on the {@code side} ({@code
   * mid-write}: output partition leader and transaction coordinator; {@code mid-read}: input
   * partition leader) and checks what a read_committed consumer sees once the job is cancelled.
   */
  @ParameterizedTest(name = "exactly-once {0}")
  @ValueSource(strings = {"mid-write", "mid-read"})
  void exactlyOnceCopySurvivesLeaderAndCoordinatorKills(String side) throws Exception {
    assumeTrue(
        FaultJobs.ALL_CASES || side.equals("mid-write"),
        "the mid-read node kills run with -Dfault.all-cases=true (the soak profile)");
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = "replicated-in-" + System.nanoTime();
    String out = "replicated-out-" + System.nanoTime();
    String prefix = "eos-" + in;
    kafka.createTopic(in, CopyJob.PARTITIONS);
    kafka.createTopic(out, CopyJob.PARTITIONS);
    String jobName = "replicated-" + in;
    long start = System.nanoTime();
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), jobName),
            kafka.bootstrapServers(),
            in,
            out,
            Map.of(
                "sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", prefix))
        .run();
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    // a first checkpoint before the input is written: the first job on a fresh Flink cluster takes
    // 15 s or more to warm up, which would push the kills past the end of the input
    FaultJobs.awaitCheckpointAfter(cluster, jobId, 0, STEP_TIMEOUT);
    Random random = new Random(SEED);
    int kills = side.equals("mid-write") ? 2 * ROUNDS : ROUNDS;
    int killsWhileWriting = 0;
    List<String> victims = new ArrayList<>();
    try (CopyJob.Producing producing =
        CopyJob.produce(kafka.bootstrapServers(), in, RECORDS, RATE)) {
      int previous = -1;
      for (int kill = 1; kill <= kills; kill++) {
        // the job makes progress first: running, and a checkpoint completed (since the last kill)
        FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
        long completed = kill == 1 ? 0 : cluster.rest().checkpoints(jobId).completed();
        FaultJobs.awaitCheckpointAfter(cluster, jobId, completed, STEP_TIMEOUT);
        awaitSent(producing, (long) RECORDS * kill / (kills + 1), STEP_TIMEOUT);
        Thread.sleep(random.nextInt(300));
        int partition = random.nextInt(CopyJob.PARTITIONS);
        String role;
        int victim;
        if (side.equals("mid-read")) {
          victim = leader(in, partition);
          role = "leader of " + in + "-" + partition;
        } else if (kill % 2 == 1) {
          victim = leader(out, partition);
          role = "leader of " + out + "-" + partition;
        } else {
          String transactionalId = firstTransactionalId(prefix);
          victim = coordinator(transactionalId);
          role = "transaction coordinator of " + transactionalId;
          if (victim == previous) {
            int leader = leader(out, partition);
            victim = leader != previous ? leader : (previous % 3) + 1;
            role +=
                " was the node killed before; instead "
                    + (leader != previous ? "leader of " + out + "-" + partition : "another node");
          }
        }
        role += roles(victim, prefix, in, out);
        int sent = producing.sent();
        boolean writing = !producing.done();
        long killNanos = System.nanoTime();
        kafka.killBroker(victim);
        kafka.startBroker(victim); // same ports and data; returns once back in sync
        killsWhileWriting += writing ? 1 : 0;
        previous = victim;
        victims.add("broker " + victim);
        System.out.printf(
            "replicated kill %d of %d (%s): broker %d (%s) killed (kill -9) after"
                + " %d of %d input records were sent, back in sync after %d ms%n",
            kill,
            kills,
            side,
            victim,
            role,
            sent,
            RECORDS,
            (System.nanoTime() - killNanos) / 1_000_000);
      }
    }
    String servers = kafka.bootstrapServers();
    CopyOutput output =
        FaultJobs.finish(
            cluster, jobId, servers, out, RECORDS, Duration.ofMinutes(5), STEP_TIMEOUT);
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    System.out.printf(
        "FAULT RESULT replicated exactly-once %s: %d records, %d kills %s (%d while"
            + " the input was written; seed %d), %d restores, %d s: %s%n",
        side,
        RECORDS,
        kills,
        victims,
        killsWhileWriting,
        SEED,
        cluster.rest().checkpoints(jobId).restored(),
        seconds,
        output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
  }

  /** The id of the node leading {@code topic}'s {@code partition}. */
  private static int leader(String topic, int partition) throws Exception {
    return admin
        .describeTopics(List.of(topic))
        .allTopicNames()
        .get()
        .get(topic)
        .partitions()
        .get(partition)
        .leader()
        .id();
  }

  /** The first (in name order) transactional id of {@code prefix} the brokers know, awaited. */
  private static String firstTransactionalId(String prefix) throws Exception {
    long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
    while (true) {
      Set<String> ids = new TreeSet<>();
      for (TransactionListing t : admin.listTransactions().all().get()) {
        if (t.transactionalId().startsWith(prefix)) {
          ids.add(t.transactionalId());
        }
      }
      if (!ids.isEmpty()) {
        return ids.iterator().next();
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("No transactional id of " + prefix + " listed by the brokers");
      }
      Thread.sleep(100);
    }
  }

  /** The node that is the transaction coordinator of {@code transactionalId}. */
  private static int coordinator(String transactionalId) throws Exception {
    return admin
        .describeTransactions(List.of(transactionalId))
        .all()
        .get()
        .get(transactionalId)
        .coordinatorId();
  }

  /** What else {@code broker} is, for the log line: leader of how many partitions of each topic. */
  private static String roles(int broker, String prefix, String in, String out) throws Exception {
    StringBuilder roles = new StringBuilder();
    for (String topic : List.of(in, out)) {
      long led =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get()
              .get(topic)
              .partitions()
              .stream()
              .filter(p -> p.leader() != null && p.leader().id() == broker)
              .count();
      roles.append("; leader of ").append(led).append(" of ").append(topic);
    }
    long coordinated = 0;
    List<String> ids = new ArrayList<>();
    for (TransactionListing t : admin.listTransactions().all().get()) {
      if (t.transactionalId().startsWith(prefix)) {
        ids.add(t.transactionalId());
      }
    }
    if (!ids.isEmpty()) {
      coordinated =
          admin.describeTransactions(ids).all().get().values().stream()
              .filter(d -> d.coordinatorId() == broker)
              .count();
    }
    return roles
        .append("; coordinator of ")
        .append(coordinated)
        .append(" of ")
        .append(ids.size())
        .append(" transactional ids")
        .toString();
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
