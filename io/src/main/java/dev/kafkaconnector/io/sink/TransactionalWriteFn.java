package dev.kafkaconnector.io.sink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.metrics.MetricsContainer;
import org.apache.beam.sdk.metrics.MetricsEnvironment;
import org.apache.beam.sdk.state.BagState;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.TimeDomain;
import org.apache.beam.sdk.state.Timer;
import org.apache.beam.sdk.state.TimerSpec;
import org.apache.beam.sdk.state.TimerSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Numbers the records of each shard 0, 1, 2, … and writes them exactly once, in number order, in
 * Kafka transactions of the shard's producer ({@link ShardProducer}), once the runner made them
 * durable.
 *
 * <p>A record that arrives gets the shard's {@code next} number and goes, with it, into this step's
 * own keyed state ({@code pending}): number and record are checkpointed together, so a record
 * restored from a checkpoint keeps its number, and records numbered after the restored checkpoint
 * were never written. This instance remembers, per shard, which bundle numbered which range of
 * numbers. On Flink a bundle's state is durable once the checkpoint after it completes, reported
 * through bundle finalization; on other runners once the runner committed the bundle (seen from any
 * later bundle). A record this instance did not number (restored from a checkpoint, or numbered by
 * another instance's committed bundle) is durable. A processing-time timer per shard writes the
 * durable records whose numbers follow the last written one, in one transaction that also commits
 * the last number with the writer id; a record at or below that number (replayed after a restore)
 * is skipped. No tag is stored per record: state holds number and record only.
 *
 * <p>At the end of a finite input on Flink, timers stop before the last checkpoint completes (Flink
 * takes a final checkpoint after the input ended), so the records still waiting for it are handed
 * to the operator's bundle finalizer: they are written, in number order, when that checkpoint
 * completes. They stay in state too, so a restore from that checkpoint writes them again through
 * the numbers' replay check, never twice.
 *
 * <p>Beam's Flink operator runs a finalization only when the one checkpoint it was attached to
 * completes; a checkpoint declined after this step's snapshot (seen: "declined, task is closing" by
 * a source finishing at the same moment) drops it, and the job then ended successfully with those
 * records unwritten. So the records are handed over a second time from a processing-time timer set
 * far ahead: the operator fires every pending processing-time timer when it finishes, so that
 * second hand-over is attached to the checkpoint taken after the operator finished, which the job
 * waits for. Whichever hand-over runs first writes; the other finds the numbers committed.
 *
 * <p>This replaces Beam's {@code @RequiresStableInput}, whose Flink implementation (Beam 2.70) was
 * measured to replay a restored checkpoint's buffer out of order and sometimes not at all.
 */
final class TransactionalWriteFn extends DoFn<KV<Integer, EncodedRecord>, Void> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(TransactionalWriteFn.class);
  private static final Duration FLUSH_DELAY = Duration.millis(100);

  /** Longer than any job runs: the timer fires only when the operator finishes (see above). */
  private static final Duration AT_FINISH = Duration.standardDays(365);

  private final SinkSpec spec;
  private final NumberOrderWriter writes;
  private final Counter afterSnapshot =
      Metrics.counter("kafka-connector", "records-committed-after-restored-snapshot");

  @StateId("writer")
  private final StateSpec<ValueState<String>> writerSpec = StateSpecs.value(StringUtf8Coder.of());

  /** The next number to write. */
  @StateId("expected")
  private final StateSpec<ValueState<Long>> expectedSpec = StateSpecs.value(VarLongCoder.of());

  /** The number the next record that arrives gets. */
  @StateId("next")
  private final StateSpec<ValueState<Long>> nextSpec = StateSpecs.value(VarLongCoder.of());

  /** Records not written yet, with their numbers. */
  @StateId("pending")
  private final StateSpec<BagState<KV<Long, EncodedRecord>>> pendingSpec =
      StateSpecs.bag(KvCoder.of(VarLongCoder.of(), EncodedRecordCoder.of()));

  /** The shard count the numbers were given under ({@link ShardStates}). */
  @StateId("layout")
  private final StateSpec<ValueState<Integer>> layoutSpec = StateSpecs.value(VarIntCoder.of());

  @TimerId("flush")
  private final TimerSpec flushSpec = TimerSpecs.timer(TimeDomain.PROCESSING_TIME);

  /** At the end of the input (bounded jobs): writes what is durable without waiting. */
  @TimerId("end")
  private final TimerSpec endSpec = TimerSpecs.timer(TimeDomain.EVENT_TIME);

  /**
   * Whether a bundle's state is durable once the runner commits the bundle (every runner but Flink,
   * whose state is durable only at a completed checkpoint).
   */
  private final boolean committedBundlesAreDurable;

  private transient TransactionalProducers producers;
  private transient long bundle;

  /** Per shard, the numbers this instance gave in bundles not known to be durable yet. */
  private transient NumberedRanges numbered;

  private transient AtomicLong durable;
  private transient boolean registered;

  /** Shards whose input ended (the end timer fired) in this instance. */
  private transient Set<Integer> ended;

  /** Shards whose left records are handed over again when the operator finishes. */
  private transient Set<Integer> handedOverAtFinish;

  /** Per shard, the durability marker when its records were last read and some had to wait. */
  private transient Map<Integer, Long> scannedAt;

  /**
   * Shards with a flush timer set by this instance that has not fired yet. A timer is set once, not
   * per record: setting it again would push it back, so a steady stream would never flush, and
   * every set costs the runner a timer-state write.
   */
  private transient Set<Integer> flushArmed;

  /** Shards whose end timer and writer id this instance has set (once per shard). */
  private transient Set<Integer> started;

  /** Shards whose restored state this instance reconciled with Kafka ({@link ShardStates}). */
  private transient Set<Integer> reconciled;

  /** Shards beyond the shard count whose restored records are all written: they write nothing. */
  private transient Set<Integer> retired;

  /**
   * The runner's bundle finalizer as seen by the last element. Flink's is one per operator, so it
   * can take callbacks from a timer at the end of the input, where Beam offers none.
   */
  private transient BundleFinalizer operatorFinalizer;

  /**
   * The step's metrics container, seen by the last element: the final checkpoint's callback runs on
   * Flink's checkpoint thread, where Beam has no container and would drop the counts.
   */
  private transient MetricsContainer metrics;

  TransactionalWriteFn(SinkSpec spec, boolean committedBundlesAreDurable) {
    this.spec = spec;
    this.writes = new NumberOrderWriter(spec.clientProperties().get("bootstrap.servers"));
    this.committedBundlesAreDurable = committedBundlesAreDurable;
  }

  @Setup
  public void setup() {
    producers = TransactionalProducers.acquire(spec);
    numbered = new NumberedRanges();
    durable = new AtomicLong(-1);
    ended = new HashSet<>();
    handedOverAtFinish = new HashSet<>();
    scannedAt = new HashMap<>();
    flushArmed = new HashSet<>();
    started = new HashSet<>();
    reconciled = new HashSet<>();
    retired = new HashSet<>();
  }

  @StartBundle
  public void startBundle() {
    bundle++;
    registered = false;
  }

  @ProcessElement
  public void process(
      @Element KV<Integer, EncodedRecord> element,
      @StateId("writer") ValueState<String> writerState,
      @StateId("expected") ValueState<Long> expectedState,
      @StateId("next") ValueState<Long> nextState,
      @StateId("pending") BagState<KV<Long, EncodedRecord>> pending,
      @StateId("layout") ValueState<Integer> layout,
      @TimerId("flush") Timer flush,
      @TimerId("end") Timer end,
      BundleFinalizer finalizer) {
    if (!registered) {
      long thisBundle = bundle;
      AtomicLong durableBundles = durable;
      finalizer.afterBundleCommit(
          Instant.now().plus(Duration.standardDays(1)),
          () -> durableBundles.accumulateAndGet(thisBundle, Math::max));
      registered = true;
      operatorFinalizer = finalizer;
      metrics = MetricsEnvironment.getCurrentContainer();
    }
    int shardId = element.getKey();
    if (started.add(shardId)) {
      if (writerState.read() == null) {
        writerState.write(spec.sinkId());
      }
      end.set(GlobalWindow.INSTANCE.maxTimestamp());
    }
    if (!reconciled.contains(shardId)) {
      reconcile(shardId, new ShardStates(writerState, expectedState, nextState, pending, layout));
    }
    Long stored = nextState.read();
    long number = stored == null ? 0 : stored;
    nextState.write(number + 1);
    numbered.remember(shardId, bundle, number);
    pending.add(KV.of(number, element.getValue()));
    if (flushArmed.add(shardId)) {
      flush.offset(FLUSH_DELAY).setRelative();
    }
  }

  @OnTimer("end")
  public void onEnd(
      @Key Integer shardId,
      @StateId("writer") ValueState<String> writerState,
      @StateId("expected") ValueState<Long> expectedState,
      @StateId("next") ValueState<Long> nextState,
      @StateId("pending") BagState<KV<Long, EncodedRecord>> pending,
      @StateId("layout") ValueState<Integer> layout,
      @TimerId("flush") Timer flush) {
    ended.add(shardId);
    LOG.debug("Shard {}: the input ended", shardId);
    onFlush(shardId, writerState, expectedState, nextState, pending, layout, flush);
  }

  @OnTimer("flush")
  public void onFlush(
      @Key Integer shardId,
      @StateId("writer") ValueState<String> writerState,
      @StateId("expected") ValueState<Long> expectedState,
      @StateId("next") ValueState<Long> nextState,
      @StateId("pending") BagState<KV<Long, EncodedRecord>> pending,
      @StateId("layout") ValueState<Integer> layout,
      @TimerId("flush") Timer flush) {
    flushArmed.remove(shardId);
    String writer = writerState.read();
    if (writer == null || retired.contains(shardId)) {
      return;
    }
    long marker = durabilityMarker();
    Long scanned = scannedAt.get(shardId);
    if (scanned != null && scanned == marker && !ended.contains(shardId)) {
      // Nothing became durable since the last look found records waiting: do not read them all.
      armFlush(shardId, flush);
      return;
    }
    if (!reconciled.contains(shardId)
        && !reconcile(
            shardId, new ShardStates(writerState, expectedState, nextState, pending, layout))) {
      return;
    }
    scannedAt.remove(shardId);
    numbered.forgetDurable(shardId, this::isDurableBundle);
    List<KV<Long, EncodedRecord>> waiting = new ArrayList<>();
    List<KV<Long, EncodedRecord>> ready = new ArrayList<>();
    for (KV<Long, EncodedRecord> p : pending.read()) {
      if (numbered.isDurable(shardId, p.getKey(), this::isDurableBundle)) {
        ready.add(p);
      } else {
        waiting.add(p);
      }
    }
    if (!ready.isEmpty()) {
      Long stored = expectedState.read();
      List<KV<Long, EncodedRecord>> gaps = new ArrayList<>();
      long expected =
          writes.writeInOrder(
              producers.shard(shardId), writer, stored == null ? 0 : stored, ready, gaps);
      // A gap: an earlier number is not durable yet.
      waiting.addAll(gaps);
      expectedState.write(expected);
      pending.clear();
      waiting.forEach(pending::add);
    }
    LOG.debug(
        "Shard {}: {} records written, {} waiting for a checkpoint{}",
        shardId,
        ready.size(),
        waiting.size(),
        ended.contains(shardId) ? " (input ended)" : "");
    if (waiting.isEmpty()) {
      return;
    }
    scannedAt.put(shardId, marker);
    if (ended.contains(shardId) && !committedBundlesAreDurable && operatorFinalizer != null) {
      // Flink fires no timer after the end of the input: the final checkpoint writes these.
      writeAtNextCheckpoint(shardId, writer, waiting);
      if (handedOverAtFinish.add(shardId)) {
        // Once more when the operator finishes, in case that checkpoint is declined.
        flush.offset(AT_FINISH).setRelative();
      }
    } else {
      armFlush(shardId, flush);
    }
  }

  private void armFlush(int shardId, Timer flush) {
    flushArmed.add(shardId);
    flush.offset(FLUSH_DELAY).setRelative();
  }

  /** Writes {@code records} of {@code shardId} when the next checkpoint completed. */
  private void writeAtNextCheckpoint(
      int shardId, String writer, List<KV<Long, EncodedRecord>> records) {
    operatorFinalizer.afterBundleCommit(
        Instant.now().plus(Duration.standardDays(1)),
        () -> {
          MetricsContainer previous = MetricsEnvironment.setCurrentContainer(metrics);
          try {
            writeLeftRecords(shardId, writer, records);
          } finally {
            MetricsEnvironment.setCurrentContainer(previous);
          }
        });
  }

  private void writeLeftRecords(int shardId, String writer, List<KV<Long, EncodedRecord>> records) {
    LOG.debug(
        "Shard {}: writing {} records left at the end of the input after the final" + " checkpoint",
        shardId,
        records.size());
    List<KV<Long, EncodedRecord>> gaps = new ArrayList<>();
    writes.writeInOrder(producers.shard(shardId), writer, 0, records, gaps);
    if (!gaps.isEmpty()) {
      throw new KafkaSinkException(
          "Exactly-once sink: at the end of the input, records from number "
              + gaps.get(0).getKey()
              + " of shard "
              + shardId
              + " (producer '"
              + spec.transactionalIdPrefix()
              + "-"
              + shardId
              + "') follow a gap;"
              + " failing so that a restore writes them in order");
    }
  }

  /**
   * Once per shard and instance, before its state is used ({@link ShardStates#reconcile}).
   *
   * @return whether the shard writes
   */
  private boolean reconcile(int shardId, ShardStates states) {
    boolean writes = states.reconcile(spec, shardId, producers.shard(shardId), afterSnapshot);
    reconciled.add(shardId);
    if (!writes) {
      retired.add(shardId);
    }
    return writes;
  }

  /** What changes when more of this instance's bundles become durable. */
  private long durabilityMarker() {
    return committedBundlesAreDurable ? bundle : durable.get();
  }

  /** Whether this instance's bundle {@code tagged} is committed by the runner. */
  private boolean isDurableBundle(long tagged) {
    return tagged <= durable.get() || (committedBundlesAreDurable && tagged < bundle);
  }

  @Teardown
  public void teardown() {
    if (producers != null) {
      producers.release();
      producers = null;
    }
  }
}
