package dev.kafkaconnector.io.sink;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.state.BagState;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.KV;

/**
 * Writes numbered records of each shard exactly once: the records of one bundle and shard go, in
 * number order, into one Kafka transaction of the shard's producer ({@link ShardProducer}).
 *
 * <p>The input is stable ({@code @RequiresStableInput}: on Flink the runner hands elements over
 * only after the checkpoint that holds them completed, one bundle per checkpoint, and hands them
 * over again after a restore). The numbers come from {@code ExactlyOnceWrites.SequenceFn}, before
 * the stable input, so a replayed record has the number it had when first written. Each
 * transaction commits its last number with the writer id; a record whose number is at or below the
 * committed one was written already and is skipped. The writer id is kept in state (the sink's
 * identity when the shard's first record came), so that a job restored from a savepoint by a
 * later build still recognises its own commits.
 */
final class TransactionalWriteFn extends DoFn<KV<Integer, KV<Long, EncodedRecord>>, Void> {
  private static final long serialVersionUID = 1L;

  private final SinkSpec spec;
  private final Counter written = Metrics.counter("kafka-connector", "records-written");
  private final Counter bytes = Metrics.counter("kafka-connector", "bytes-written");
  private final Counter skipped = Metrics.counter("kafka-connector", "records-skipped-replayed");

  @StateId("writer")
  private final StateSpec<ValueState<String>> writerSpec = StateSpecs.value(StringUtf8Coder.of());

  /** The next number to write (numbers below it are in this or an earlier transaction). */
  @StateId("expected")
  private final StateSpec<ValueState<Long>> expectedSpec = StateSpecs.value(VarLongCoder.of());

  /** Records whose number came before an earlier number did. */
  @StateId("waiting")
  private final StateSpec<BagState<KV<Long, EncodedRecord>>> waitingSpec =
      StateSpecs.bag(KvCoder.of(VarLongCoder.of(), EncodedRecordCoder.of()));

  private transient TransactionalProducers producers;
  /** The records of the current bundle, by shard, with the shard's writer id. */
  private transient Map<Integer, Batch> batches;

  private static final class Batch {
    final String writer;
    final List<KV<Long, EncodedRecord>> records = new ArrayList<>();

    Batch(String writer) {
      this.writer = writer;
    }
  }

  TransactionalWriteFn(SinkSpec spec) {
    this.spec = spec;
  }

  @Setup
  public void setup() {
    producers = TransactionalProducers.acquire(spec);
    batches = new LinkedHashMap<>();
  }

  @StartBundle
  public void startBundle() {
    batches.clear(); // only left over when a bundle of this instance failed
  }

  /**
   * Adds the record to the bundle's batch of its shard when its number is the next one, with any
   * waiting records it makes contiguous; keeps it waiting (in state) when an earlier number has
   * not come yet, and skips it when it was written already. Flink's stable-input buffer can hand a
   * restored checkpoint's records over after newer ones, so the order of arrival is not trusted.
   */
  @RequiresStableInput
  @ProcessElement
  public void process(
      @Element KV<Integer, KV<Long, EncodedRecord>> element,
      @StateId("writer") ValueState<String> writerState,
      @StateId("expected") ValueState<Long> expectedState,
      @StateId("waiting") BagState<KV<Long, EncodedRecord>> waitingState) {
    int shardId = element.getKey();
    Batch batch = batches.get(shardId);
    if (batch == null) {
      String writer = writerState.read();
      if (writer == null) {
        writer = spec.sinkId();
        writerState.write(writer);
      }
      batch = new Batch(writer);
      batches.put(shardId, batch);
    }
    Long stored = expectedState.read();
    long committed = producers.shard(shardId).committedNumber(batch.writer);
    long expected = Math.max(stored == null ? 0 : stored, committed + 1);
    long number = element.getValue().getKey();
    if (number < expected) {
      skipped.inc();
    } else if (number > expected) {
      waitingState.add(element.getValue());
    } else {
      batch.records.add(element.getValue());
      expected++;
      List<KV<Long, EncodedRecord>> waiting = new ArrayList<>();
      waitingState.read().forEach(waiting::add);
      if (!waiting.isEmpty()) {
        waiting.sort(Comparator.comparingLong(KV::getKey));
        List<KV<Long, EncodedRecord>> still = new ArrayList<>();
        for (KV<Long, EncodedRecord> w : waiting) {
          if (w.getKey() < expected) {
            skipped.inc();
          } else if (w.getKey() == expected) {
            batch.records.add(w);
            expected++;
          } else {
            still.add(w);
          }
        }
        waitingState.clear();
        still.forEach(waitingState::add);
      }
    }
    expectedState.write(expected);
  }

  @FinishBundle
  public void finishBundle() {
    try {
      for (Map.Entry<Integer, Batch> entry : batches.entrySet()) {
        write(producers.shard(entry.getKey()), entry.getValue());
      }
    } finally {
      batches.clear();
    }
  }

  private void write(ShardProducer shard, Batch batch) {
    if (batch.records.isEmpty()) {
      return;
    }
    shard.begin();
    try {
      long committed = shard.committedNumber(batch.writer);
      long size = 0;
      for (KV<Long, EncodedRecord> numbered : batch.records) {
        if (numbered.getKey() <= committed) {
          skipped.inc();
          shard.skipped();
          continue;
        }
        shard.send(numbered.getKey(), numbered.getValue());
        size += numbered.getValue().size();
      }
      written.inc(shard.commit(batch.writer));
      bytes.inc(size);
    } catch (RuntimeException e) {
      shard.abortIfOwned();
      throw e;
    }
  }

  @Teardown
  public void teardown() {
    if (producers != null) {
      producers.release();
      producers = null;
    }
  }
}
