package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.runners.flink.FlinkClusterException;
import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The fault suite: seeded, replayable schedules of faults ({@link FaultSchedule}) against the copy
 * job ({@link CopyJob}) on a session cluster of child JVMs, reading from and writing to a
 * child-process broker that clients reach only through a TCP proxy ({@link TcpProxy}, the broker
 * advertises the proxy's port). Each schedule draws its steps from: a TaskManager killed with
 * {@code kill -9} (also at once, before the first checkpoint) and replaced, the broker killed with
 * {@code kill -9} and started again, every client connection stalled for 3 s, every connection cut,
 * a savepoint taken, a restore from an older savepoint (the job cancelled and started again from a
 * savepoint taken before), and a rescale (stopped with a savepoint, started again with parallelism
 * 2 ↔ 3). A checker then reads the output with read_committed: every input id at least once, each
 * key's first occurrences in input order; for exactly-once every id exactly once and each key's
 * records in order, unless the schedule restored an older savepoint (whose replays are written
 * again by design: counted and printed).
 *
 * <p>{@code mvn verify} runs {@value #DEFAULT_SCHEDULES} short schedules (one per guarantee); the
 * {@code soak} profile sets {@code fault.schedules}, {@code fault.steps} and {@code
 * fault.schedule-records} higher. Every schedule prints its seed; {@code -Dfault.seed=<seed>}
 * replays the first one.
 */
@ExtendWith(OneFaultClassAtATime.class)
class FlinkFaultScheduleIT {
  @RegisterExtension static final FlinkClusterExtension FLINK = FlinkClusterExtension.shared();

  static final int DEFAULT_SCHEDULES = 2;
  private static final int SCHEDULES = Integer.getInteger("fault.schedules", DEFAULT_SCHEDULES);
  private static final int STEPS = Integer.getInteger("fault.steps", 4);
  private static final int RECORDS = Integer.getInteger("fault.schedule-records", 6_000);
  private static final int RATE = Integer.getInteger("fault.rate", 1000);
  private static final long FIRST_SEED = Long.getLong("fault.seed", System.nanoTime());
  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final List<String> ACTIONS =
      List.of("tm-kill", "broker-kill", "stall", "cut", "savepoint", "restore-older", "rescale");

  private static TcpProxy proxy;
  private static EmbeddedKafkaCluster broker;
  private static final List<String> RESULTS = new ArrayList<>();

  @BeforeAll
  static void startBroker() {
    proxy = TcpProxy.open();
    broker =
        EmbeddedKafkaCluster.childProcess()
            .brokerProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + proxy.port())
            .build();
    proxy.target(broker.bootstrapServers());
    broker.start();
  }

  @AfterAll
  static void stop() {
    RESULTS.forEach(System.out::println);
    if (broker != null) {
      broker.close();
    }
    if (proxy != null) {
      proxy.close();
    }
  }

  @Test
  void schedulesOfFaultsLoseNothing() throws Exception {
    long totalSteps = 0;
    for (int i = 0; i < SCHEDULES; i++) {
      String guarantee = i % 2 == 0 ? "exactly-once" : "at-least-once";
      FaultSchedule schedule = FaultSchedule.random(FIRST_SEED + i, STEPS, ACTIONS, 1_000, 3_000);
      runSchedule(schedule, guarantee);
      totalSteps += schedule.steps().size();
    }
    RESULTS.add(
        "FAULT SUITE: "
            + SCHEDULES
            + " schedules, "
            + totalSteps
            + " faults injected, "
            + (long) SCHEDULES * RECORDS
            + " input records checked");
  }

  private void runSchedule(FaultSchedule schedule, String guarantee) throws Exception {
    System.out.printf("%s, %s%n", schedule, guarantee);
    FlinkSessionCluster cluster = FLINK.cluster();
    String servers = "127.0.0.1:" + proxy.port();
    String in = "sched-in-" + schedule.seed();
    String out = "sched-out-" + schedule.seed();
    broker.createTopic(in, CopyJob.PARTITIONS);
    broker.createTopic(out, CopyJob.PARTITIONS);
    Map<String, String> sink = new HashMap<>();
    sink.put("sink.delivery-guarantee", guarantee);
    if (guarantee.equals("exactly-once")) {
      sink.put("sink.transactional-id-prefix", "eos-" + in);
    }
    RunningJob job = new RunningJob(cluster, servers, in, out, sink);
    Random random = new Random(schedule.seed());
    long start = System.nanoTime();
    job.start(null, 2);
    try (CopyJob.Producing producing = CopyJob.produce(servers, in, RECORDS, RATE)) {
      schedule.run(
          Map.of(
              "tm-kill",
                  () -> {
                    String victim =
                        cluster.killTaskManager(random.nextInt(cluster.liveTaskManagers()));
                    cluster.startTaskManager();
                    System.out.printf("  %s killed, replaced%n", victim);
                  },
              "broker-kill",
                  () -> {
                    broker.kill();
                    broker.start();
                  },
              "stall",
                  () -> {
                    proxy.pause();
                    FaultJobs.sleep(3_000);
                    proxy.resume();
                  },
              "cut", () -> System.out.printf("  %d connections cut%n", proxy.cut()),
              "savepoint", job::savepoint,
              "restore-older", () -> job.restoreOlder(random),
              "rescale", job::rescale),
          System.out::println);
    }
    job.awaitRunning();
    FaultJobs.readCommitted(servers, out, RECORDS, Duration.ofMinutes(3));
    job.cancel();
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    CopyOutput output =
        CopyOutput.of(FaultJobs.readCommitted(servers, out, RECORDS, STEP_TIMEOUT), RECORDS);
    String result =
        String.format(
            "FAULT RESULT schedule %d (%s, %s): %d records, %d s, %d" + " rollbacks: %s",
            schedule.seed(), guarantee, schedule.steps(), RECORDS, seconds, job.rollbacks, output);
    RESULTS.add(result);
    System.out.println(result);
    assertEquals(0, output.missing(), () -> "lost: " + result + "\n" + schedule);
    assertEquals(
        Set.of(),
        output.firstOccurrencesOutOfOrderKeys(),
        () -> "order of first occurrences: " + result + "\n" + schedule);
    if (guarantee.equals("exactly-once") && job.rollbacks == 0) {
      assertEquals(0, output.duplicates(), () -> "duplicated: " + result + "\n" + schedule);
      assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + result + "\n" + schedule);
    }
  }

  /** The copy job of one schedule, started again by restores and rescales. */
  private static final class RunningJob {
    private final FlinkSessionCluster cluster;
    private final String servers;
    private final String in;
    private final String out;
    private final Map<String, String> sink;
    private final List<String> savepoints = new ArrayList<>();
    private String jobId;
    private int parallelism;
    private int starts;
    int rollbacks;

    RunningJob(
        FlinkSessionCluster cluster,
        String servers,
        String in,
        String out,
        Map<String, String> sink) {
      this.cluster = cluster;
      this.servers = servers;
      this.in = in;
      this.out = out;
      this.sink = sink;
    }

    void start(String savepoint, int parallelism) {
      this.parallelism = parallelism;
      String name = "sched-" + (++starts) + "-" + in;
      FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), name, parallelism);
      if (savepoint != null) {
        options.setSavepointPath(savepoint);
      }
      CopyJob.pipeline(options, servers, in, out, sink).run();
      jobId = FaultJobs.awaitJob(cluster, name);
    }

    void awaitRunning() {
      FaultJobs.awaitRunning(cluster, jobId, STEP_TIMEOUT);
    }

    void savepoint() {
      savepoints.add(
          retried("savepoint", () -> cluster.rest().savepoint(jobId, false, STEP_TIMEOUT)));
      System.out.printf("  savepoint %d taken%n", savepoints.size());
    }

    /**
     * Runs a savepoint action, again (up to 3 times) when Flink declines it because a task is not
     * running at that moment: a TaskManager kill or a cut connection just before restarts the job,
     * which a real operator would wait out too.
     */
    private String retried(String what, java.util.function.Supplier<String> action) {
      for (int attempt = 1; ; attempt++) {
        awaitRunning();
        try {
          return action.get();
        } catch (FlinkClusterException e) {
          if (attempt == 3) {
            throw e;
          }
          System.out.printf(
              "  %s declined (%s), again%n",
              what,
              e.getMessage().lines().findFirst().orElse("").replaceAll("(.{200}).*", "$1..."));
        }
      }
    }

    void restoreOlder(Random random) {
      if (savepoints.isEmpty()) {
        savepoint();
        return;
      }
      String older = savepoints.get(random.nextInt(savepoints.size()));
      cancel();
      start(older, parallelism);
      rollbacks++;
      System.out.printf("  restored from %s%n", older);
    }

    void rescale() {
      String savepoint =
          retried(
              "stop with a savepoint",
              () -> cluster.rest().stopWithSavepoint(jobId, false, STEP_TIMEOUT));
      FaultJobs.awaitEnd(cluster, jobId, STEP_TIMEOUT);
      savepoints.add(savepoint);
      start(savepoint, parallelism == 2 ? 3 : 2);
      System.out.printf("  rescaled to parallelism %d%n", parallelism);
    }

    void cancel() {
      if (!Set.of("FAILED", "CANCELED", "FINISHED").contains(cluster.rest().jobState(jobId))) {
        cluster.rest().cancel(jobId);
      }
      FaultJobs.awaitEnd(cluster, jobId, STEP_TIMEOUT);
    }
  }
}
