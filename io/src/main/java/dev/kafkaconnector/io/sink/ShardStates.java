package dev.kafkaconnector.io.sink;

import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.state.BagState;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.values.KV;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keyed state of one shard of the exactly-once writer ({@link TransactionalWriteFn}), and its
 * reconciliation with Kafka once per shard and writer instance ({@link #reconcile}).
 *
 * <p>What happens to it: a restore from the latest checkpoint finds Kafka's number below the
 * state's next one and changes nothing; a restore from an older snapshot continues the numbering
 * after Kafka's number ({@link StateCheck}); a rescale of the runner's parallelism moves whole
 * shards (the state is keyed by shard); another {@code sink.parallelism} is accepted only when the
 * snapshot's records are all written; a second job with the same prefix is told apart by its run
 * ({@link ShardProducer#claim}); a committed number that expired fails the restore when records may
 * have been written after the snapshot.
 *
 * @param writer the writer id (lineage): the sink's identity when the shard first numbered a
 *     record, kept across restores
 * @param expected the next number to write
 * @param next the number the next record gets
 * @param pending records not written yet, with their numbers
 * @param layout the shard count ({@code sink.parallelism}) the numbers were given under
 */
record ShardStates(
    ValueState<String> writer,
    ValueState<Long> expected,
    ValueState<Long> next,
    BagState<KV<Long, EncodedRecord>> pending,
    ValueState<Integer> layout) {
  private static final Logger LOG = LoggerFactory.getLogger(ShardStates.class);

  /**
   * Checks the state against what the shard committed to Kafka, continues the numbering after a
   * rollback and claims the shard for this run.
   *
   * @param rolledBack counts the records committed after the snapshot the state was restored from
   * @return whether the shard writes: false for a shard beyond the shard count now whose records
   *     are all written (its state is then cleared)
   * @throws KafkaSinkException not retried, where the state cannot be used safely
   */
  boolean reconcile(SinkSpec spec, int shardId, ShardProducer shard, Counter rolledBack) {
    String lineage = writer.read();
    int shards = ExactlyOnceWrites.shards(spec);
    Integer numberedUnder = layout.read();
    Long expectedNumber = expected.read();
    Long nextNumber = next.read();
    boolean orphan = shardId >= shards;
    // A shard beyond the count opens no producer: the start-up sweep may fence ids beyond it.
    long committed = orphan ? shard.readCommitted(lineage) : shard.committedNumber(lineage);
    StateCheck check =
        new StateCheck(
            committed,
            expectedNumber == null ? 0 : expectedNumber,
            nextNumber == null ? 0 : nextNumber,
            shardId,
            shards,
            numberedUnder == null ? -1 : numberedUnder,
            this::firstPendingFrom);
    check.verify(spec, shard.transactionalId());
    if (orphan) {
      LOG.info(
          "Exactly-once sink: shard {} is beyond option 'sink.parallelism' = {} since the"
              + " restore; its records are all written, it writes nothing more",
          shardId,
          shards);
      pending.clear();
      return false;
    }
    if (check.layoutChanged()) {
      LOG.info(
          "Exactly-once sink, producer '{}': option 'sink.parallelism' changed from {} to {}"
              + " since the snapshot; its records are all written",
          shard.transactionalId(),
          numberedUnder,
          shards);
    }
    layout.write(shards);
    if (check.rolledBack() > 0) {
      rolledBack.inc(check.rolledBack());
      LOG.warn(check.rollbackMessage(shard.transactionalId()));
      next.write(committed + 1);
    }
    shard.claim(lineage, check.numberToClaim());
    return true;
  }

  /** The lowest number at or above {@code from} among the pending records, or -1. */
  private long firstPendingFrom(long from) {
    long first = -1;
    for (KV<Long, EncodedRecord> p : pending.read()) {
      if (p.getKey() >= from && (first < 0 || p.getKey() < first)) {
        first = p.getKey();
      }
    }
    return first;
  }
}
