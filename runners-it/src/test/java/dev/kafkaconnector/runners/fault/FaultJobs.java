package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.runners.flink.FlinkRestClient;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Polls of a session cluster's jobs and read-back of output topics, shared by the fault tests. */
final class FaultJobs {

  /**
   * Whether every case runs ({@code -Dfault.all-cases=true}, set by the soak profile). Without it,
   * {@code mvn verify} runs one case per kind of fault and keeps within its time budget: the
   * at-least-once twins, the mid-write broker kill (the replicated cluster's mid-write case kills
   * the output's leader and a transaction coordinator), the replicated cluster's mid-read case and
   * partitions added under load run in the soak profile only, as do the fault schedules.
   */
  static final boolean ALL_CASES = Boolean.getBoolean("fault.all-cases");

  private FaultJobs() {}

  /** Waits until the cluster lists a job named {@code name}; returns its id. */
  static String awaitJob(FlinkSessionCluster cluster, String name) {
    String[] id = new String[1];
    await(
        cluster,
        "job " + name + " to be listed",
        Duration.ofMinutes(2),
        () -> {
          Optional<FlinkRestClient.Job> job = cluster.rest().jobNamed(name);
          job.ifPresent(j -> id[0] = j.id());
          return job.isPresent();
        });
    return id[0];
  }

  /** Waits until the job has ended; returns its final state. */
  static String awaitEnd(FlinkSessionCluster cluster, String jobId, Duration timeout) {
    await(
        cluster,
        "job " + jobId + " to end",
        timeout,
        () -> FlinkRestClient.isEnded(cluster.rest().jobState(jobId)));
    return cluster.rest().jobState(jobId);
  }

  /**
   * Cancels every job of the cluster that has not ended and waits for each to end: a case that
   * failed half way must not leave a job holding the slots the next case needs.
   */
  static void cancelRunning(FlinkSessionCluster cluster, Duration timeout) {
    for (FlinkRestClient.Job job : cluster.rest().jobs()) {
      if (!job.ended()) {
        cluster.rest().cancel(job.id());
        awaitEnd(cluster, job.id(), timeout);
      }
    }
  }

  /** Waits until the job and all its tasks are running. */
  static void awaitRunning(FlinkSessionCluster cluster, String jobId, Duration timeout) {
    await(
        cluster,
        "job " + jobId + " to run all its tasks",
        timeout,
        () -> {
          String state = cluster.rest().jobState(jobId);
          if (FlinkRestClient.isEnded(state)) {
            throw new AssertionError(
                "Job "
                    + jobId
                    + " ended ("
                    + state
                    + ") instead of running: "
                    + cluster.rest().rootException(jobId));
          }
          return state.equals("RUNNING") && cluster.rest().allTasksRunning(jobId);
        });
  }

  /**
   * The path of the ended job's latest retained checkpoint, once the REST API names one whose
   * {@code _metadata} file exists. The REST API caches checkpoint statistics for a few seconds
   * ({@code web.refresh-interval}), so right after a job ends it may still name a checkpoint that a
   * newer one has subsumed and deleted; polling until the named file exists gives the newest.
   */
  static String retainedCheckpoint(FlinkSessionCluster cluster, String jobId, Duration timeout) {
    String[] path = new String[1];
    await(
        cluster,
        "a retained checkpoint of job " + jobId + " whose files exist",
        timeout,
        () -> {
          path[0] = cluster.rest().checkpoints(jobId).latestPath();
          return path[0] != null && Files.exists(Path.of(URI.create(path[0])).resolve("_metadata"));
        });
    return path[0];
  }

  /** Waits until more than {@code before} checkpoints completed; returns the new count. */
  static long awaitCheckpointAfter(
      FlinkSessionCluster cluster, String jobId, long before, Duration timeout) {
    await(
        cluster,
        "a checkpoint of job " + jobId + " after the " + before + "th",
        timeout,
        () -> cluster.rest().checkpoints(jobId).completed() > before);
    return cluster.rest().checkpoints(jobId).completed();
  }

  /**
   * Reads {@code topic} with a {@code read_committed} consumer from the beginning until the values
   * {@code r0 … r<expected-1>} have all been seen and every partition is read up to its last stable
   * offset, or until {@code timeout}; returns the records read.
   */
  static List<ConsumerRecord<byte[], byte[]>> readCommitted(
      String bootstrapServers, String topic, int expected, Duration timeout) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    BitSet seen = new BitSet(expected);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                5000,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed"))) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          records.add(r);
          int number = Integer.parseInt(new String(r.value(), StandardCharsets.UTF_8).substring(1));
          if (number < expected) {
            seen.set(number);
          }
        }
        if (seen.cardinality() >= expected) {
          Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
          boolean atEnd = true;
          for (TopicPartition p : partitions) {
            atEnd &= consumer.position(p) >= end.get(p);
          }
          if (atEnd) {
            break;
          }
        }
      }
    }
    return records;
  }

  /**
   * Ends a copy job that has no end of its own: waits until the output holds every one of {@code
   * expected} records (at most {@code wait}), cancels the job through the REST API, checks that it
   * ended CANCELED, and reads the output again from the start with a read_committed consumer.
   */
  static CopyOutput finish(
      FlinkSessionCluster cluster,
      String jobId,
      String bootstrapServers,
      String out,
      int expected,
      Duration wait,
      Duration stepTimeout) {
    readCommitted(bootstrapServers, out, expected, wait);
    cluster.rest().cancel(jobId);
    assertEquals("CANCELED", awaitEnd(cluster, jobId, stepTimeout));
    return CopyOutput.of(readCommitted(bootstrapServers, out, expected, stepTimeout), expected);
  }

  /** The transactional ids starting with {@code prefix} whose transaction is open. */
  static List<String> openTransactions(Admin admin, String prefix) throws Exception {
    List<String> open = new ArrayList<>();
    for (TransactionListing t : admin.listTransactions().all().get()) {
      if (t.transactionalId().startsWith(prefix) && t.state() == TransactionState.ONGOING) {
        open.add(t.transactionalId());
      }
    }
    return open;
  }

  private static void await(
      FlinkSessionCluster cluster, String what, Duration timeout, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    RuntimeException last = null;
    while (System.nanoTime() < deadline) {
      try {
        if (condition.getAsBoolean()) {
          return;
        }
      } catch (RuntimeException e) {
        last = e;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for " + what, e);
      }
    }
    throw new AssertionError(
        "Timed out after "
            + timeout
            + " waiting for "
            + what
            + (last == null ? "" : " (last error: " + last + ")")
            + "\n"
            + cluster.diagnostics());
  }

  /** Sleeps, turning an interrupt into a failure of the test. */
  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
