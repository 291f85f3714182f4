package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.NotRetriedException;
import java.util.function.LongUnaryOperator;

/**
 * A shard's restored state of the exactly-once writer checked against the number the shard
 * committed to Kafka, once per shard and writer instance before the state is used.
 *
 * <ul>
 *   <li><b>Rollback</b> (a restore from a snapshot older than the last commit: an older checkpoint
 *       or savepoint): Kafka holds numbers at or above the state's next number. They belong to
 *       records numbered after the snapshot, which the restored job numbers anew in another order;
 *       taken as replays they would be skipped and lost. The numbering continues after the
 *       committed number instead: the records the source reads again after the rollback are written
 *       again (as Flink's KafkaSink does), counted and logged ({@link #rolledBack}). Records the
 *       snapshot holds keep their numbers and are still recognised as written.
 *   <li><b>Lost number</b>: the state says numbers up to {@code expected - 1} were committed, but
 *       the group holds a lower one or none for this writer: the entry expired (the broker's {@code
 *       offsets.retention.minutes}, counted from the shard's last commit) or another job with the
 *       same prefix overwrote it. Records of the snapshot from {@code expected} on may have been
 *       written after it was taken, and nothing tells which: the job fails, not retried ({@link
 *       #verify}). With no such record nothing can be written twice: the number is committed again
 *       ({@link #numberToClaim}).
 *   <li><b>Another shard count</b> ({@code sink.parallelism} changed since the snapshot, {@code
 *       layout} is the count the state was numbered under): records map to other shards, so the
 *       records of one key could be written by two shards that flush independently. That is safe
 *       only when the snapshot's records are all written already (a savepoint taken while the input
 *       was paused and the output had caught up); otherwise the job fails, not retried, saying how
 *       to change the count ({@link #verify}). A shard beyond the new count ({@link #orphan}) then
 *       writes nothing and opens no producer: the start-up sweep of ids beyond the count ({@link
 *       LingeringTransactions}) could otherwise fence it.
 * </ul>
 *
 * @param committed the last number this writer committed in the shard's group, or -1
 * @param expected the state's next number to write
 * @param next the state's next number to give
 * @param shard the shard's id
 * @param shards the shard count now ({@code sink.parallelism})
 * @param layout the shard count the state was numbered under, or -1 when unknown (new state, or
 *     state of a version that did not keep it)
 * @param firstPendingFrom gives the lowest number at or above its argument among the records the
 *     state holds, or -1; called only when a check needs it (it reads them all)
 */
record StateCheck(
    long committed,
    long expected,
    long next,
    int shard,
    int shards,
    int layout,
    LongUnaryOperator firstPendingFrom) {

  /** Whether the shard is beyond the shard count now (its state is from a larger count). */
  boolean orphan() {
    return shard >= shards;
  }

  /** Whether the state was numbered under another shard count than the one now. */
  boolean layoutChanged() {
    return orphan() || (layout >= 0 && layout != shards);
  }

  /** The last number that is in Kafka: the committed one, or the one the state says was. */
  long written() {
    return Math.max(committed, expected - 1);
  }

  /** Whether the number the state says was committed is no longer in Kafka. */
  boolean numberLost() {
    return expected > 0 && committed < expected - 1;
  }

  /** How many numbers Kafka holds beyond the restored state's numbering (0 without rollback). */
  long rolledBack() {
    return committed >= next ? committed - next + 1 : 0;
  }

  /** The number to commit with this run's claim: what Kafka holds, or what the state says. */
  long numberToClaim() {
    return written();
  }

  /**
   * Fails when the number is lost while the state holds records that may have been written.
   *
   * @throws KafkaSinkException not retried, naming the producer, the numbers and what to do
   */
  void verify(SinkSpec spec, String transactionalId) {
    if (layoutChanged()) {
      long unwritten = firstPendingFrom.applyAsLong(written() + 1);
      if (unwritten >= 0) {
        throw new KafkaSinkException(
            "Exactly-once sink: option 'sink.parallelism' is "
                + shards
                + ", but the snapshot this"
                + " job was restored from was taken with "
                + (layout >= 0 ? layout : "more")
                + " shards, and its shard "
                + shard
                + " (producer '"
                + transactionalId
                + "') holds"
                + " records not written yet (numbers from "
                + unwritten
                + "). With another shard"
                + " count the records of one key would be written by two shards independently and"
                + " could overtake each other. Restore with 'sink.parallelism' = "
                + (layout >= 0 ? layout : "its former value")
                + "; to change it, pause that"
                + " job's input, wait until its output caught up (no record waits in the sink),"
                + " stop it with a savepoint then ('flink stop', or POST /jobs/<id>/stop), and"
                + " restore from that one.",
            NotRetriedException.cause());
      }
    }
    if (!numberLost()) {
      return;
    }
    long first = firstPendingFrom.applyAsLong(expected);
    if (first < 0) {
      return;
    }
    throw new KafkaSinkException(
        "Exactly-once sink, producer '"
            + transactionalId
            + "' (option"
            + " 'sink.transactional-id-prefix' = '"
            + spec.transactionalIdPrefix()
            + "'): the"
            + " restored state says records up to number "
            + (expected - 1)
            + " were committed,"
            + " but the group '"
            + transactionalId
            + "' holds "
            + (committed < 0 ? "no number" : "number " + committed)
            + " for this writer. Its"
            + " entry expired (the broker's offsets.retention.minutes, 7 days by default, counted"
            + " from the shard's last commit) or another job with the same prefix overwrote it."
            + " The snapshot holds records from number "
            + first
            + " on that may or may not have"
            + " been written after it was taken; writing them could duplicate them, so the job"
            + " stops. Restore from a snapshot of a job stopped for less than"
            + " offsets.retention.minutes, or start the job without its state.",
        NotRetriedException.cause());
  }

  /** The log line of a rollback. */
  String rollbackMessage(String transactionalId) {
    return "Exactly-once sink, producer '"
        + transactionalId
        + "': restored from a snapshot older"
        + " than its last commit (the state's next number is "
        + next
        + ", Kafka holds number "
        + committed
        + "): the "
        + rolledBack()
        + " records committed after that snapshot stay,"
        + " numbering continues at "
        + (committed + 1)
        + ", and records the source reads again"
        + " after the rollback are written again (counter"
        + " 'records-committed-after-restored-snapshot')";
  }
}
