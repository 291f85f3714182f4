package dev.kafkaconnector.io.sink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads what an exactly-once sink committed inside its transactions: per shard, the offset metadata
 * {@code <last record number>:<lineage>:<run>} ({@link Entry}) of the group {@code
 * <prefix>-<shard>}, at partition 0 of the sink's topic (as Beam's KafkaIO does) or, with per-row
 * topics, of a topic the transaction wrote to.
 */
final class CommittedState implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CommittedState.class);

  private final SinkSpec spec;
  private Admin admin;
  private boolean prepared;

  CommittedState(SinkSpec spec) {
    this.spec = spec;
  }

  /**
   * Where a transaction commits its number: partition 0 of the sink's topic, or with per-row topics
   * of the topic its last record went to (an existing topic; the coordinator waits for the metadata
   * of a topic that does not exist).
   */
  TopicPartition partition(String lastTopic) {
    return new TopicPartition(spec.topic() != null ? spec.topic() : lastTopic, 0);
  }

  /**
   * One entry of a shard's group: the offset metadata {@code <number>:<lineage>:<run>:<since>}
   * committed at partition {@code at} (older sinks wrote {@code <number>:<lineage>}: run null,
   * since 0).
   *
   * @param at where the entry is
   * @param number the last record number the lineage committed
   * @param lineage the writer id kept in the sink's state: the same across restores of one job
   * @param run the identity of the running sink (made at {@code expand}): new with every
   *     submission, the same across restarts of one submission
   * @param since when (epoch milliseconds) the producer that wrote the entry was initialised: of
   *     two runs that fence each other, the one whose producer came later took the id over
   */
  record Entry(TopicPartition at, long number, String lineage, @Nullable String run, long since) {
    /** The metadata text of an entry. */
    static String metadata(long number, String lineage, String run, long since) {
      return number + ":" + lineage + ":" + run + ":" + since;
    }

    /** The entry that {@code metadata} at {@code at} holds, or null when it is not a sink's. */
    static @Nullable Entry parse(TopicPartition at, @Nullable String metadata) {
      if (metadata == null) {
        return null;
      }
      String[] parts = metadata.split(":", 4);
      if (parts.length < 2) {
        return null;
      }
      try {
        return new Entry(
            at,
            Long.parseLong(parts[0]),
            parts[1],
            parts.length >= 3 ? parts[2] : null,
            parts.length == 4 ? Long.parseLong(parts[3]) : 0);
      } catch (NumberFormatException e) {
        return null;
      }
    }

    /** Whether another run wrote this entry with a producer initialised after {@code since}. */
    boolean takenOverFrom(String ourRun, long ourSince) {
      return run != null && !run.equals(ourRun) && since > ourSince;
    }
  }

  /**
   * The entries of {@code group}. Read with {@code requireStable}: offsets of a transaction not yet
   * complete are waited for, not skipped.
   */
  synchronized List<Entry> read(String group) {
    Map<TopicPartition, OffsetAndMetadata> entries;
    try {
      entries =
          admin()
              .listConsumerGroupOffsets(
                  group, new ListConsumerGroupOffsetsOptions().requireStable(true))
              .partitionsToOffsetAndMetadata()
              .get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new KafkaSinkException(
          "Could not read the committed state of the exactly-once sink (group '"
              + group
              + "' at "
              + spec.clientProperties().get("bootstrap.servers")
              + "): "
              + e,
          e);
    }
    List<Entry> out = new ArrayList<>();
    entries.forEach(
        (at, meta) -> {
          Entry entry = meta == null ? null : Entry.parse(at, meta.metadata());
          if (entry != null) {
            out.add(entry);
          }
        });
    return out;
  }

  /**
   * The last number {@code lineage} committed among {@code entries}, or -1 (nothing, or another
   * writer's). With per-row topics a group can hold an entry per topic; numbers only grow, so the
   * highest one of the lineage is the last.
   */
  static long lastNumber(List<Entry> entries, String lineage) {
    long last = -1;
    for (Entry e : entries) {
      if (e.lineage().equals(lineage)) {
        last = Math.max(last, e.number());
      }
    }
    return last;
  }

  /**
   * Where {@code lineage}'s entry among {@code entries} is (the one with number {@code committed}
   * when it has several), or null when it has none.
   */
  static @Nullable TopicPartition entryPartition(
      List<Entry> entries, String lineage, long committed) {
    TopicPartition at = null;
    for (Entry e : entries) {
      if (e.lineage().equals(lineage) && (at == null || e.number() == committed)) {
        at = e.at();
      }
    }
    return at;
  }

  /**
   * Another run whose producer of this shard was initialised after this one ({@code run},
   * initialised at {@code since}) and has committed an entry among the shard's {@code entries} (at
   * any partition: two jobs may write to other topics), else null. A newer attempt of this run (a
   * restart after a failure) fences the old attempt too, which is no conflict; an earlier job with
   * the prefix left entries with older times. When the rival has not committed yet this fence is
   * retried, and the retry's producer fences the rival, whose own fence then finds this run's newer
   * entry: one of the two fails.
   */
  static @Nullable String rivalRun(List<Entry> entries, String run, long since) {
    for (Entry e : entries) {
      if (e.takenOverFrom(run, since)) {
        return e.run();
      }
    }
    return null;
  }

  /**
   * {@link #rivalRun} over the entries of {@code group}, read again every half second for at most
   * {@code wait}: the run that just fenced this one commits its entry at its next commit, so a
   * fence right after the rival started would otherwise look like a newer attempt of this run and
   * be retried, fencing the rival back. Null when none appeared (a newer attempt of this run, or a
   * rival that writes nothing).
   */
  @Nullable String awaitRival(String group, String run, long since, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      try {
        String rival = rivalRun(read(group), run, since);
        if (rival != null) {
          return rival;
        }
      } catch (RuntimeException e) {
        LOG.debug("Could not read the entries of '{}' after a fence: {}", group, e.toString());
      }
      if (System.nanoTime() > deadline) {
        return null;
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
  }

  /**
   * Once per sink and JVM, before the first transaction: checks that the brokers accept the sink's
   * transaction timeout ({@link TransactionTimeoutCheck}) and aborts the transactions an earlier
   * job left open on ids this one does not use ({@link LingeringTransactions}).
   */
  synchronized void prepare(int shards) {
    if (!prepared) {
      TransactionTimeoutCheck.check(admin(), spec);
      LingeringTransactions.abortOutsideShards(admin(), spec, shards);
      prepared = true;
    }
  }

  private Admin admin() {
    if (admin == null) {
      Map<String, Object> props = new HashMap<>();
      spec.clientProperties()
          .forEach(
              (k, v) -> {
                if (AdminClientConfig.configNames().contains(k)) {
                  props.put(k, v);
                }
              });
      props.put(
          AdminClientConfig.CLIENT_ID_CONFIG,
          "kafka-connector-eos-state-" + spec.transactionalIdPrefix());
      admin = Admin.create(props);
    }
    return admin;
  }

  @Override
  public synchronized void close() {
    if (admin != null) {
      admin.close(Duration.ZERO);
      admin = null;
    }
  }
}
