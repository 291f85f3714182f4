package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.KafkaLineage;
import dev.kafkaconnector.io.common.TimestampSkew;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.io.source.decode.RecordDecoder;
import dev.kafkaconnector.io.source.decode.RecordHandler;
import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.InstantCoder;
import org.apache.beam.sdk.io.range.OffsetRange;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.transforms.splittabledofn.GrowableOffsetRangeTracker;
import org.apache.beam.sdk.transforms.splittabledofn.ManualWatermarkEstimator;
import org.apache.beam.sdk.transforms.splittabledofn.OffsetRangeTracker;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The splittable reader: one restriction per topic partition over an offset range (growable for
 * unbounded reads), which runners may checkpoint but never split at a fraction. Records are claimed
 * a polled batch at a time (the batch's last offset); a claim fails when the runner checkpoints,
 * and the partition's consumer then goes back to the source's pool with its buffered records so the
 * resumed restriction continues without a new consumer or seek.
 *
 * <p>Everything the reader opens belongs to the source's {@link SourceResources}, acquired in
 * {@code @Setup} and released in {@code @Teardown}. Timestamps and the watermark follow the
 * source's watermark policy ({@link PartitionWatermark}). After a checkpoint is durable the offsets
 * read are committed to {@code properties.group.id}, when set. A partition whose topic the admin
 * client confirms deleted (by topic id) ends its restriction. Each topic read is reported to Beam's
 * lineage ({@link KafkaLineage}); the metrics are {@link SourceMetrics}'.
 *
 * <p>What a record becomes is the {@link RecordHandler}'s business: rows of one schema ({@link
 * RecordDecoder}) for {@code read()}, change events for {@code readChanges()}.
 *
 * <p>Consumers read with {@code isolation.level = read_committed} unless the user set otherwise
 * ({@code ConsumerSettings}): bounded {@code latest-offset} reads end at the last stable offset,
 * and a stop offset beyond it (behind an open transaction) makes the read wait, as Flink's
 * KafkaSource does, with a warning naming topic, partition, stop offset and LSO.
 *
 * @param <T> the main output's type
 */
public abstract class ReadPartitionFn<T> extends DoFn<PartitionDescriptor, T> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(ReadPartitionFn.class);

  /**
   * How long a bounded read's poll waits for records before its call gives the thread back, and an
   * unbounded read's poll for records known to exist.
   */
  static final Duration POLL_TIMEOUT = Duration.ofMillis(20);

  /**
   * How long a partition without records waits before its next call. Resuming at once would keep a
   * runner's task thread busy with back-to-back calls (Flink runs each resume as a timer mail
   * before it reads its input), which starves checkpoint barriers when a worker reads several
   * partitions.
   */
  static final org.joda.time.Duration IDLE_RESUME_DELAY = org.joda.time.Duration.millis(100);

  /**
   * How long an unbounded partition whose records keep coming waits, once it has taken every record
   * received, before its next call ({@code PartitionReadCall#resumeDelay}). Its calls no longer
   * block in {@code poll}, so a short delay costs only the runner's resume. In the latency
   * benchmark (10,000 records/s, 4 partitions, Flink, 2 cores) the p99 went from 137.6 ms (empty
   * polls of 20 ms, then 100 ms away) to 43.8 ms, at the same CPU time.
   */
  static final org.joda.time.Duration ACTIVE_RESUME_DELAY = org.joda.time.Duration.millis(5);

  /**
   * How long a call on a bounded range keeps polling while its stop offset is not reached: the
   * records before it exist, and the fetch is only late (or only transaction markers are left).
   * Giving the thread back would cost the resume delay, which Beam's bounded splittable expansion
   * (Flink's batch mode) sleeps out on the task thread.
   */
  static final Duration CATCH_UP_WAIT = Duration.ofSeconds(1);

  static final Duration EXISTENCE_CHECK_INTERVAL = Duration.ofSeconds(2);

  /**
   * How long one call keeps reading while records keep coming before it gives the thread back
   * (resuming at once). Without it a busy partition's call lasts until Beam's own limit (on Flink
   * 10,000 outputs or 10 s), and all that time the task holds checkpoint barriers (checkpoints of a
   * 1 s interval took 13 to 16 s) and does not react to cancellation. Short, because a task thread
   * takes turns between the partitions it reads: a record of one waits while another's call runs
   * (at 10,000 records/s on Flink, 250 ms calls gave a p99 latency of 539 ms, 50 ms calls 149 ms;
   * the read benchmark's throughput did not change).
   */
  static final long MAX_CALL_NANOS = Duration.ofMillis(50).toNanos();

  /** The main output: the decoded rows. */
  public static final TupleTag<Row> ROWS = new TupleTag<Row>() {};

  /** The output of records that could not be decoded, when a dead-letter handler is set. */
  public static final TupleTag<BadRecord> BAD_RECORDS = BadRecordRouter.BAD_RECORD_TAG;

  private final SourceSpec spec;
  private final RecordHandler<T> decoder;
  private final TupleTag<T> mainTag;
  private final BadRecordHandler badRecords;
  private final SourceMetrics metrics = new SourceMetrics();
  private transient @Nullable SourceResources resources;

  /** Whether live partitions resume after ACTIVE_RESUME_DELAY (not on the DirectRunner). */
  private transient boolean liveResumes = true;

  /** The topics this instance reported to Beam's lineage. */
  private transient @Nullable Set<String> reportedTopics;

  ReadPartitionFn(
      SourceSpec spec, RecordHandler<T> decoder, TupleTag<T> mainTag, BadRecordHandler badRecords) {
    this.spec = spec;
    this.decoder = decoder;
    this.mainTag = mainTag;
    this.badRecords = badRecords;
  }

  /**
   * A reader for {@code spec}: bounded when the spec has a stop rule.
   *
   * @param deadLetter whether bad records go to {@link #BAD_RECORDS} rather than to the policy
   */
  public static ReadPartitionFn<Row> create(
      SourceSpec spec, RecordDecoder decoder, ErrorPolicy policy, boolean deadLetter) {
    return create(spec, decoder, ROWS, policy, deadLetter);
  }

  /**
   * A reader whose records become what {@code handler} makes of them, on {@code mainTag}.
   *
   * @param deadLetter whether bad records go to {@link #BAD_RECORDS} rather than to the policy
   */
  public static <T> ReadPartitionFn<T> create(
      SourceSpec spec,
      RecordHandler<T> handler,
      TupleTag<T> mainTag,
      ErrorPolicy policy,
      boolean deadLetter) {
    BadRecordHandler bad = new BadRecordHandler(policy, deadLetter);
    return spec.isBounded()
        ? new Bounded<>(spec, handler, mainTag, bad)
        : new Unbounded<>(spec, handler, mainTag, bad);
  }

  @Setup
  public void setup(PipelineOptions options) {
    // The DirectRunner runs every resume as a bundle of its own and, when a job is cancelled,
    // tears its DoFns down while bundles still start: with resumes every few milliseconds a DoFn
    // set up after the cancel kept the source's clients open (DirectRunnerSourceHardeningIT, 2 of
    // 5 runs). It keeps the idle cadence of IDLE_RESUME_DELAY.
    liveResumes = !options.getRunner().getSimpleName().equals("DirectRunner");
    resources();
    decoder.open();
  }

  @Teardown
  public void teardown() {
    decoder.close();
    SourceResources r = resources;
    resources = null;
    if (r != null) {
      r.release();
    }
  }

  /** The source's resources; acquired on first use if a runner asks before {@code @Setup}. */
  private SourceResources resources() {
    SourceResources r = resources;
    if (r == null) {
      r = SourceResources.acquire(spec);
      resources = r;
    }
    return r;
  }

  @GetInitialRestriction
  public OffsetRange initialRestriction(@Element PartitionDescriptor partition) {
    long from = partition.startOffset();
    return new OffsetRange(from, Math.max(from, partition.stopOffset()));
  }

  @NewTracker
  public RestrictionTracker<OffsetRange, Long> newTracker(
      @Element PartitionDescriptor partition, @Restriction OffsetRange range) {
    if (range.getTo() == PartitionDescriptor.UNBOUNDED) {
      TopicPartition tp = partition.topicPartition();
      EndOffsets ends = resources().endOffsets();
      return new CheckpointOnlyTracker(
          new GrowableOffsetRangeTracker(range.getFrom(), () -> ends.cached(tp)));
    }
    return new CheckpointOnlyTracker(new OffsetRangeTracker(range));
  }

  /**
   * The backlog in records. For an unbounded range the end offset comes from this JVM's readers or,
   * when none has read the partition here, from the broker.
   */
  @GetSize
  public double size(@Element PartitionDescriptor partition, @Restriction OffsetRange range) {
    if (range.getTo() != PartitionDescriptor.UNBOUNDED) {
      return range.getTo() - range.getFrom();
    }
    long end = resources().endOffsets().current(partition.topicPartition());
    if (end < 0) {
      // Unknown: not zero, so that a runner never takes an unread partition for finished.
      return 1;
    }
    return Math.max(0, end - range.getFrom());
  }

  @GetRestrictionCoder
  public Coder<OffsetRange> restrictionCoder() {
    return OffsetRange.Coder.of();
  }

  @GetInitialWatermarkEstimatorState
  public Instant initialWatermark() {
    return BoundedWindow.TIMESTAMP_MIN_VALUE;
  }

  @GetWatermarkEstimatorStateCoder
  public Coder<Instant> watermarkCoder() {
    return InstantCoder.of();
  }

  @NewWatermarkEstimator
  public WatermarkEstimators.Manual newWatermarkEstimator(@WatermarkEstimatorState Instant state) {
    return new WatermarkEstimators.Manual(state);
  }

  /** Record timestamps may be older than the partition descriptor's timestamp. */
  @Override
  public org.joda.time.Duration getAllowedTimestampSkew() {
    return TimestampSkew.ANY;
  }

  /**
   * Reads the restriction until it ends, the runner checkpoints it, or the partition has no more
   * records for now ({@link PartitionReadCall}).
   *
   * @param finalizer where to register the offset commit, or null when the runner has no bundle
   *     finalization for this reader (bounded reads)
   */
  ProcessContinuation readPartition(
      PartitionDescriptor partition,
      RestrictionTracker<OffsetRange, Long> tracker,
      ManualWatermarkEstimator<Instant> estimator,
      MultiOutputReceiver outputs,
      @Nullable BundleFinalizer finalizer) {
    OffsetRange range = tracker.currentRestriction();
    if (range.getFrom() >= range.getTo()) {
      return ProcessContinuation.stop();
    }
    reportLineage(partition.topicPartition().topic());
    return new PartitionReadCall<>(
            spec,
            decoder,
            mainTag,
            badRecords,
            metrics,
            resources(),
            partition,
            range,
            tracker,
            estimator,
            outputs,
            liveResumes)
        .read(finalizer);
  }

  /** Reports {@code topic} to Beam's lineage, once per instance ({@link KafkaLineage}). */
  private void reportLineage(String topic) {
    Set<String> reported = reportedTopics;
    if (reported == null) {
      reported = new HashSet<>();
      reportedTopics = reported;
    }
    if (reported.add(topic)) {
      KafkaLineage.source(spec.bootstrapServers(), topic);
    }
  }

  /**
   * Reads a partition up to a stop offset. Batch runners have no checkpoints to finalize (Flink's
   * batch mode rejects a bundle finalizer here), so a bounded read commits no offsets.
   */
  @BoundedPerElement
  static final class Bounded<T> extends ReadPartitionFn<T> {
    private static final long serialVersionUID = 1L;

    Bounded(
        SourceSpec spec, RecordHandler<T> decoder, TupleTag<T> tag, BadRecordHandler badRecords) {
      super(spec, decoder, tag, badRecords);
    }

    @ProcessElement
    public ProcessContinuation process(
        @Element PartitionDescriptor partition,
        RestrictionTracker<OffsetRange, Long> tracker,
        ManualWatermarkEstimator<Instant> watermark,
        MultiOutputReceiver out) {
      return readPartition(partition, tracker, watermark, out, null);
    }
  }

  /** Reads a partition without end, committing offsets after each durable checkpoint. */
  @UnboundedPerElement
  static final class Unbounded<T> extends ReadPartitionFn<T> {
    private static final long serialVersionUID = 1L;

    Unbounded(
        SourceSpec spec, RecordHandler<T> decoder, TupleTag<T> tag, BadRecordHandler badRecords) {
      super(spec, decoder, tag, badRecords);
    }

    @ProcessElement
    public ProcessContinuation process(
        @Element PartitionDescriptor partition,
        RestrictionTracker<OffsetRange, Long> tracker,
        ManualWatermarkEstimator<Instant> watermark,
        MultiOutputReceiver out,
        BundleFinalizer finalizer) {
      return readPartition(partition, tracker, watermark, out, finalizer);
    }
  }
}
