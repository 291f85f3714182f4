package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An exactly-once job killed mid-transaction and started again with the same {@code
 * sink.transactional-id-prefix}: every TaskManager is killed with {@code kill -9} while one of the
 * sink's transactions is open (seen through the broker's transaction listing, and still open
 * after the kill: it blocks read_committed readers), the job is cancelled through the REST API,
 * and a new job is submitted from its last retained checkpoint. The new job's writers abort the
 * lingering transaction, so a read_committed reader sees every input record exactly once, in
 * order, long before the broker's transaction timeout (15 minutes) would have ended it.
 */
class FlinkJobCancelIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = new FlinkClusterExtension();

  private static final int RECORDS = Integer.getInteger("fault.records", 30_000);
  private static final int RATE = Integer.getInteger("fault.rate", 1000);
  private static final int ATTEMPTS = 5;
  private static final Duration STEP_TIMEOUT = Duration.ofMinutes(2);

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
    CopyJob.pipeline(CopyJob.options(cluster.flinkMaster(), first), KAFKA.bootstrapServers(), in,
        out, sink).run();
    String firstId = FaultJobs.awaitJob(cluster, first);
    FaultJobs.awaitRunning(cluster, firstId, STEP_TIMEOUT);
    try (CopyJob.Producing producing =
        CopyJob.produce(KAFKA.bootstrapServers(), in, RECORDS, RATE)) {
      List<String> lingering = killAllMidTransaction(cluster, firstId, prefix);
      cluster.rest().cancel(firstId);
      assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, firstId, STEP_TIMEOUT));
      String checkpoint = cluster.rest().checkpoints(firstId).latestPath();
      assertNotNull(checkpoint, "the cancelled job retained no checkpoint");
      long[] blocked = stableAndEndOffsets(out);
      System.out.printf("job killed with open transactions %s and cancelled: read_committed end"
          + " %d < end %d; restoring %s%n", lingering, blocked[0], blocked[1], checkpoint);

      cluster.startTaskManager();
      cluster.startTaskManager();
      String second = "second-" + in;
      FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), second);
      options.setSavepointPath(checkpoint);
      CopyJob.pipeline(options, KAFKA.bootstrapServers(), in, out, sink).run();
      String secondId = FaultJobs.awaitJob(cluster, second);
      FaultJobs.awaitRunning(cluster, secondId, STEP_TIMEOUT);
      producing.close();
      FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, RECORDS, Duration.ofMinutes(5));
      cluster.rest().cancel(secondId);
      assertEquals("CANCELED", FaultJobs.awaitEnd(cluster, secondId, STEP_TIMEOUT));
    }
    CopyOutput output = CopyOutput.of(
        FaultJobs.readCommitted(KAFKA.bootstrapServers(), out, RECORDS, STEP_TIMEOUT), RECORDS);
    System.out.printf("FAULT RESULT kill mid-transaction, cancel, restart with the same prefix:"
        + " %d records: %s%n", RECORDS, output);
    assertEquals(0, output.missing(), () -> "lost: " + output);
    assertEquals(0, output.duplicates(), () -> "duplicated: " + output);
    assertEquals(java.util.Set.of(), output.outOfOrderKeys(), () -> "order: " + output);
    assertEquals(List.of(), FaultJobs.openTransactions(KAFKA.admin(), prefix),
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
      try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
          ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers(),
          ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
          ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
          ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation))) {
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
            .map(p -> new TopicPartition(topic, p.partition())).toList();
        long sum = consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue)
            .sum();
        sums[isolation.equals("read_committed") ? 0 : 1] = sum;
      }
    }
    return sums;
  }
}
