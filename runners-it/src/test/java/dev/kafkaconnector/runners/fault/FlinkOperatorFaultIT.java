package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What operators do to a running exactly-once job, on a session cluster of child JVMs, with the
 * fault tests' copy job ({@link CopyJob}: 4 input partitions, parallelism 2, a checkpoint every
 * second): a restore from a savepoint older than what the sink committed since, a restore after the
 * sink's committed numbers vanished from Kafka (expired group offsets), and a second job started
 * with the same {@code sink.transactional-id-prefix}. One broker and one cluster for the class.
 */
@ExtendWith(OneFaultClassAtATime.class)
class FlinkOperatorFaultIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = FlinkClusterExtension.shared();

  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);
  private static final int FIRST = 8_000;
  private static final int MORE = 4_000;
  private static final int RATE = 1_000;

  @AfterEach
  void cancelLeftJobs() {
    FaultJobs.cancelRunning(FLINK.cluster(), STEP_TIMEOUT);
  }

  /**
   * A savepoint taken after about 2,000 of 8,000 input records; the job runs to the end of its
   * input and is cancelled; 4,000 more input records are written; a second job is restored from
   * that savepoint. Every input record is in the output; the only duplicates are records the
   * restored job read again (per input partition, the records from the savepoint's position up to
   * the end of the first 8,000), each written twice at most; first occurrences keep the order of
   * their key.
   */
  @Test
  void restoreFromAnOlderSavepointLosesNothingAndRewritesOnlyWhatItReadsAgain() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = KAFKA.newTopicName("rollback-in");
    String out = KAFKA.newTopicName("rollback-out");
    KAFKA.createTopic(in, CopyJob.PARTITIONS);
    KAFKA.createTopic(out, CopyJob.PARTITIONS);
    Map<String, String> sink = exactlyOnce("eos-rollback-" + System.nanoTime());

    String firstJob = "rollback-first-" + in;
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), firstJob),
            KAFKA.bootstrapServers(),
            in,
            out,
            sink)
        .run();
    String firstId = FaultJobs.awaitJob(cluster, firstJob);
    FaultJobs.awaitRunning(cluster, firstId, STEP_TIMEOUT);
    String savepoint;
    try (CopyJob.Producing producing = CopyJob.produce(KAFKA.bootstrapServers(), in, FIRST, RATE)) {
      await("2,000 input records written", () -> producing.sent() >= 2_000);
      savepoint = cluster.rest().savepoint(firstId, false, STEP_TIMEOUT);
    }
    FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, FIRST, Duration.ofMinutes(3));
    cluster.rest().cancel(firstId);
    assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, firstId, STEP_TIMEOUT));
    CopyJob.produce(KAFKA.bootstrapServers(), in, FIRST, MORE, 20_000, CopyJob.PARTITIONS).close();

    String secondJob = "rollback-second-" + in;
    FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), secondJob);
    options.setSavepointPath(savepoint);
    CopyJob.pipeline(options, KAFKA.bootstrapServers(), in, out, sink).run();
    String secondId = FaultJobs.awaitJob(cluster, secondJob);
    FaultJobs.awaitRunning(cluster, secondId, STEP_TIMEOUT);
    int all = FIRST + MORE;
    FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, all, Duration.ofMinutes(3));
    cluster.rest().cancel(secondId);
    assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, secondId, STEP_TIMEOUT));

    List<ConsumerRecord<byte[], byte[]>> records =
        FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, all, STEP_TIMEOUT);
    CopyOutput output = CopyOutput.of(records, all);
    Map<Integer, Integer> counts = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      counts.merge(id(r), 1, Integer::sum);
    }
    System.out.printf(
        "FAULT RESULT restore from an older savepoint (%s): %d records: %s%n",
        savepoint, all, output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(Set.of(), output.firstOccurrencesOutOfOrderKeys(), () -> "order: " + output);
    for (int p = 0; p < CopyJob.PARTITIONS; p++) {
      List<Integer> read = new ArrayList<>();
      for (int i = p; i < all; i += CopyJob.PARTITIONS) {
        read.add(counts.getOrDefault(i, 0));
      }
      assertRereadSuffix(p, read);
    }
  }

  /**
   * Per input partition {@code p}, the output counts of its records in input order: 1 for each, but
   * 2 for a run of records that ends with the first 8,000 (those the restored job read again).
   */
  private static void assertRereadSuffix(int partition, List<Integer> counts) {
    int firstOfMore = FIRST / CopyJob.PARTITIONS;
    int firstTwice = -1;
    for (int n = 0; n < counts.size(); n++) {
      int count = counts.get(n);
      int id = partition + n * CopyJob.PARTITIONS;
      assertTrue(count == 1 || count == 2, "record r" + id + " written " + count + " times");
      if (n >= firstOfMore) {
        assertEquals(1, count, "record r" + id + " was written after the restore only");
      } else if (count == 2 && firstTwice < 0) {
        firstTwice = n;
      } else if (count == 1 && firstTwice >= 0) {
        throw new AssertionError(
            "record r"
                + id
                + " once, although r"
                + (partition + firstTwice * CopyJob.PARTITIONS)
                + " of the same partition, read"
                + " before it, was read again and written twice: a duplicate the rollback does not"
                + " explain");
      }
    }
    System.out.printf(
        "input partition %d: records from #%d of %d written again after the" + " rollback%n",
        partition, firstTwice < 0 ? firstOfMore : firstTwice, firstOfMore);
  }

  /**
   * The job stopped with a savepoint while records were on their way; the shard groups that hold
   * the sink's committed numbers are deleted (what the broker does once {@code
   * offsets.retention.minutes} passed after the last commit); a restore from the savepoint fails
   * once, without restarts, naming the prefix and the retention, instead of writing the savepoint's
   * records a second time.
   */
  @Test
  void restoreAfterTheCommittedNumbersExpiredFailsOnceWithAClearError() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = KAFKA.newTopicName("expired-in");
    String out = KAFKA.newTopicName("expired-out");
    KAFKA.createTopic(in, CopyJob.PARTITIONS);
    KAFKA.createTopic(out, CopyJob.PARTITIONS);
    String prefix = "eos-expired-" + System.nanoTime();
    Map<String, String> sink = exactlyOnce(prefix);

    String firstJob = "expired-first-" + in;
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), firstJob),
            KAFKA.bootstrapServers(),
            in,
            out,
            sink)
        .run();
    String firstId = FaultJobs.awaitJob(cluster, firstJob);
    FaultJobs.awaitRunning(cluster, firstId, STEP_TIMEOUT);
    String savepoint;
    CopyJob.Producing producing = CopyJob.produce(KAFKA.bootstrapServers(), in, 60_000, RATE);
    try {
      await(
          "2,000 output records",
          () ->
              FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, 2_000, Duration.ofSeconds(2))
                      .size()
                  >= 2_000);
      // Taken while records flow: each shard holds records numbered since the last checkpoint,
      // which the job commits once the savepoint completed and before it is cancelled.
      savepoint = cluster.rest().savepoint(firstId, true, STEP_TIMEOUT);
    } finally {
      producing.stop();
    }
    assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, firstId, STEP_TIMEOUT));
    List<String> groups = new ArrayList<>();
    for (int shard = 0; shard < 4; shard++) {
      groups.add(prefix + "-" + shard);
    }
    KAFKA.admin().deleteConsumerGroups(groups).all().get();

    String secondJob = "expired-second-" + in;
    FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), secondJob);
    options.setSavepointPath(savepoint);
    CopyJob.pipeline(options, KAFKA.bootstrapServers(), in, out, sink).run();
    String secondId = FaultJobs.awaitJob(cluster, secondJob);
    assertEquals(
        "FAILED",
        FaultJobs.awaitEnd(cluster, secondId, STEP_TIMEOUT),
        () -> "the restored job did not fail: " + cluster.rest().rootException(secondId));
    String error = cluster.rest().rootException(secondId);
    System.out.printf(
        "FAULT RESULT restore after the committed numbers expired: %s%n",
        error.lines().findFirst().orElse(""));
    assertTrue(error.contains("'sink.transactional-id-prefix' = '" + prefix + "'"), error);
    // FAILED at all means not restarted: with checkpoints, Flink restarts a failed job for ever.
    assertTrue(error.contains("offsets.retention.minutes"), error);
  }

  /**
   * A second job with the same {@code sink.transactional-id-prefix} (another input, another output)
   * starts while the first one writes: one of the two fails once, not retried, with an error that
   * names the prefix; the two never fence each other in a loop.
   */
  @Test
  void twoJobsWithOnePrefixEndInOneClearFailure() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String prefix = "eos-shared-" + System.nanoTime();
    Map<String, String> sink = exactlyOnce(prefix);
    List<String> ids = new ArrayList<>();
    List<CopyJob.Producing> producing = new ArrayList<>();
    try {
      for (String name : List.of("a", "b")) {
        String in = KAFKA.newTopicName("shared-" + name + "-in");
        String out = KAFKA.newTopicName("shared-" + name + "-out");
        KAFKA.createTopic(in, CopyJob.PARTITIONS);
        KAFKA.createTopic(out, CopyJob.PARTITIONS);
        String job = "shared-" + name + "-" + in;
        CopyJob.pipeline(
                CopyJob.options(cluster.flinkMaster(), job),
                KAFKA.bootstrapServers(),
                in,
                out,
                sink)
            .run();
        String id = FaultJobs.awaitJob(cluster, job);
        ids.add(id);
        FaultJobs.awaitRunning(cluster, id, STEP_TIMEOUT);
        producing.add(CopyJob.produce(KAFKA.bootstrapServers(), in, 60_000, 500));
        await(
            "output of job " + name,
            () ->
                !FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, 100, Duration.ofSeconds(2))
                    .isEmpty());
      }
      String[] failed = new String[1];
      await(
          "one of the two jobs to fail",
          () -> {
            for (String id : ids) {
              if (cluster.rest().jobState(id).equals("FAILED")) {
                failed[0] = id;
                return true;
              }
            }
            return false;
          });
      String error = cluster.rest().rootException(failed[0]);
      System.out.printf(
          "FAULT RESULT two jobs with one prefix: job %s failed: %s%n",
          failed[0], error.lines().findFirst().orElse(""));
      assertTrue(error.contains("'sink.transactional-id-prefix' = '" + prefix + "'"), error);
      assertTrue(error.contains("another running exactly-once sink"), error);
      for (String id : ids) {
        System.out.printf("job %s: %s%n", id, cluster.rest().jobState(id));
      }
    } finally {
      for (CopyJob.Producing p : producing) {
        p.stop();
      }
      for (String id : ids) {
        if (!Set.of("FAILED", "CANCELED", "FINISHED").contains(cluster.rest().jobState(id))) {
          cluster.rest().cancel(id);
          FaultJobs.awaitEnd(cluster, id, STEP_TIMEOUT);
        }
      }
    }
  }

  /**
   * Rescaling: a job (parallelism 2, {@code sink.parallelism} 4) is stopped with a savepoint while
   * its input is written; a restore from it with {@code sink.parallelism} 2 fails at once, not
   * retried, naming the option (its shards hold records not written yet); a second job restored
   * from it runs with parallelism 3 and, once its input paused and its output caught up (no record
   * waits in the sink), is stopped with a savepoint; a third job restored from that one runs with
   * {@code sink.parallelism} 2 and parallelism 2 while the rest of the input is written. Every
   * input record is in the output once, each key's records in input order, and no transaction of
   * the prefix is left open (no producer of a later job was fenced by the start-up sweep of ids
   * beyond 2).
   */
  @Test
  void rescaleTheRunnerAndTheSinkLosesAndDuplicatesNothing() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String in = KAFKA.newTopicName("rescale-in");
    String out = KAFKA.newTopicName("rescale-out");
    KAFKA.createTopic(in, CopyJob.PARTITIONS);
    KAFKA.createTopic(out, CopyJob.PARTITIONS);
    String prefix = "eos-rescale-" + System.nanoTime();
    int before = 12_000;
    int records = 15_000;

    String job0 = startRescaled(cluster, "rescale-0-" + in, 2, 4, null, in, out, prefix);
    // Slow enough that records still flow when the first job is stopped (30 s; a job's first
    // output comes 10 to 20 s after its tasks run on this cluster).
    CopyJob.Producing first =
        CopyJob.produce(KAFKA.bootstrapServers(), in, 0, before, 400, CopyJob.PARTITIONS);
    String savepoint;
    try {
      // The job writes (a job's first read starts seconds after its tasks run), records flow.
      await(
          "output of the first job",
          () ->
              FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, 300, Duration.ofSeconds(2))
                      .size()
                  >= 300);
      int sent = first.sent();
      await("500 more input records", () -> first.done() || first.sent() >= sent + 500);
      assertFalse(first.done(), "the input was all written before the first job stopped");
      savepoint = stop(cluster, job0, "parallelism 2, sink.parallelism 4, input flowing");

      // Its shards hold records not written yet: another sink.parallelism is refused at once.
      String refused = startJob(cluster, "rescale-refused-" + in, 2, 2, savepoint, in, out, prefix);
      assertEquals(
          "FAILED",
          FaultJobs.awaitEnd(cluster, refused, STEP_TIMEOUT),
          () -> "a restore with another sink.parallelism ran: " + cluster.rest().jobState(refused));
      String error = cluster.rest().rootException(refused);
      System.out.printf(
          "FAULT RESULT sink.parallelism 4 -> 2 with records waiting: %s%n",
          error.lines().filter(l -> l.contains("sink.parallelism")).findFirst().orElse(error));
      assertTrue(error.contains("option 'sink.parallelism' is 2"), error);

      String job1 = startRescaled(cluster, "rescale-1-" + in, 3, 4, savepoint, in, out, prefix);
      first.close();
      FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, before, Duration.ofMinutes(3));
      savepoint = stop(cluster, job1, "parallelism 3, sink.parallelism 4, output caught up");
    } finally {
      first.stop();
    }

    String job2 = startRescaled(cluster, "rescale-2-" + in, 2, 2, savepoint, in, out, prefix);
    CopyJob.produce(
            KAFKA.bootstrapServers(), in, before, records - before, RATE, CopyJob.PARTITIONS)
        .close();
    CopyOutput output =
        FaultJobs.finish(
            cluster,
            job2,
            KAFKA.bootstrapServers(),
            out,
            records,
            Duration.ofMinutes(3),
            STEP_TIMEOUT);
    System.out.printf("FAULT RESULT rescale 2x4 -> 3x4 -> 2x2: %d records: %s%n", records, output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
    assertEquals(
        List.of(),
        FaultJobs.openTransactions(KAFKA.admin(), prefix),
        "transactions of the prefix left open");
  }

  /** Starts the copy job (from {@code savepoint} unless null) and waits until it runs. */
  private static String startRescaled(
      FlinkSessionCluster cluster,
      String name,
      int parallelism,
      int sinkParallelism,
      String savepoint,
      String in,
      String out,
      String prefix) {
    String id = startJob(cluster, name, parallelism, sinkParallelism, savepoint, in, out, prefix);
    FaultJobs.awaitRunning(cluster, id, STEP_TIMEOUT);
    return id;
  }

  /** Submits the copy job (from {@code savepoint} unless null); returns its id. */
  private static String startJob(
      FlinkSessionCluster cluster,
      String name,
      int parallelism,
      int sinkParallelism,
      String savepoint,
      String in,
      String out,
      String prefix) {
    FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), name, parallelism);
    if (savepoint != null) {
      options.setSavepointPath(savepoint);
    }
    Map<String, String> sink = new HashMap<>(exactlyOnce(prefix));
    sink.put("sink.parallelism", Integer.toString(sinkParallelism));
    CopyJob.pipeline(options, KAFKA.bootstrapServers(), in, out, sink).run();
    return FaultJobs.awaitJob(cluster, name);
  }

  /** Stops the job with a savepoint (not drained) and returns the savepoint's path. */
  private static String stop(FlinkSessionCluster cluster, String id, String what) {
    String savepoint = cluster.rest().stopWithSavepoint(id, false, STEP_TIMEOUT);
    String end = FaultJobs.awaitEnd(cluster, id, STEP_TIMEOUT);
    System.out.printf("rescale: job %s (%s) stopped: %s, %s%n", id, what, end, savepoint);
    return savepoint;
  }

  private static Map<String, String> exactlyOnce(String prefix) {
    return Map.of(
        "sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", prefix);
  }

  private static int id(ConsumerRecord<byte[], byte[]> r) {
    return Integer.parseInt(new String(r.value(), StandardCharsets.UTF_8).substring(1));
  }

  private static void await(String what, java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
    while (!condition.getAsBoolean()) {
      assertFalse(System.nanoTime() > deadline, "timed out waiting for " + what);
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
