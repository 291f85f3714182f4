package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.decode.BadRecordException;
import dev.kafkaconnector.io.source.decode.RecordHandler;
import dev.kafkaconnector.io.source.filter.HeaderFilter;
import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.io.range.OffsetRange;
import org.apache.beam.sdk.transforms.DoFn.BundleFinalizer;
import org.apache.beam.sdk.transforms.DoFn.MultiOutputReceiver;
import org.apache.beam.sdk.transforms.DoFn.ProcessContinuation;
import org.apache.beam.sdk.transforms.splittabledofn.ManualWatermarkEstimator;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;

/**
 * One call of {@link ReadPartitionFn#readPartition} on one non-empty restriction: the state its
 * exits share (the last offset claimed, whether the partition's read is finished, since when polls
 * came back empty) and its steps, each named. Made per call, never kept: the partition's consumer
 * goes back to the source's pool at the end of the call unless the read is finished ({@link #end}).
 *
 * <p>The call ends when the restriction is read to its stop offset, when a claim fails (the runner
 * checkpoints), when the partition has no records for now (resumed after {@link #resumeDelay}),
 * when its topic was deleted, when it has read for {@link ReadPartitionFn#MAX_CALL_NANOS} (resumed
 * at once), when the runner interrupts it (the task is cancelled: resumed, the interrupt kept), or
 * when the consumer fails.
 *
 * <p>An unbounded read never waits in {@code poll} for records that may come: it takes what the
 * consumer has received ({@code poll(0)}) and gives the task thread back when that is nothing, so
 * that the other partitions the thread reads take their turn at once. It waits in {@code poll} only
 * for records known to exist (its position is before the end offset its last fetch saw), as a
 * bounded read does.
 */
final class PartitionReadCall<T> {
  private static final org.joda.time.Duration COMMIT_EXPIRY =
      org.joda.time.Duration.standardMinutes(10);

  private final SourceSpec spec;
  private final RecordHandler<T> decoder;
  private final BadRecordHandler badRecords;
  private final RestrictionTracker<OffsetRange, Long> tracker;
  private final MultiOutputReceiver outputs;
  private final OffsetRange range;
  private final long stop;
  private final SourceResources source;
  private final TopicPartition tp;
  private final PartitionReader reader;
  private final PartitionWatermark watermark;
  private final SourceMetrics.Batch counts;
  private final @Nullable HeaderFilter filter;
  private final TimestampedOutput<T> out;

  /**
   * Whether an empty poll ends the call with a live-stream delay: unbounded, not on DirectRunner.
   */
  private final boolean liveResumes;

  private boolean finished = false;
  private long lastClaimed = -1;
  private long emptySince = 0;
  private final long callStart;

  /**
   * Borrows the partition's reader from {@code source}'s pool, at the start of {@code range} (the
   * tracker's current restriction).
   */
  PartitionReadCall(
      SourceSpec spec,
      RecordHandler<T> decoder,
      TupleTag<T> mainTag,
      BadRecordHandler badRecords,
      SourceMetrics metrics,
      SourceResources source,
      PartitionDescriptor partition,
      OffsetRange range,
      RestrictionTracker<OffsetRange, Long> tracker,
      ManualWatermarkEstimator<Instant> estimator,
      MultiOutputReceiver outputs,
      boolean liveResumes) {
    this.spec = spec;
    this.decoder = decoder;
    this.badRecords = badRecords;
    this.tracker = tracker;
    this.outputs = outputs;
    this.range = range;
    this.stop = range.getTo();
    this.liveResumes = liveResumes && stop == PartitionDescriptor.UNBOUNDED;
    this.source = source;
    this.tp = partition.topicPartition();
    this.reader = source.readers().borrow(tp, partition.topicId(), range.getFrom());
    this.watermark = new PartitionWatermark(spec.watermark(), estimator);
    this.counts = metrics.batch();
    this.filter = spec.headerFilter();
    this.out =
        new TimestampedOutput<>(outputs.get(mainTag), RowEventTime.of(spec.watermark()), watermark);
    this.callStart = System.nanoTime();
  }

  /**
   * Reads batch after batch until one of the call's exits; then gives the reader back (or closes
   * it) and registers the offset commit with {@code finalizer}, if any.
   */
  ProcessContinuation read(@Nullable BundleFinalizer finalizer) {
    try {
      while (true) {
        List<ConsumerRecord<byte[], byte[]>> pending = reader.pending(pollTimeout());
        if (pending.isEmpty()) {
          ProcessContinuation idle = afterEmptyPoll();
          if (idle == null) {
            continue; // poll again at once
          }
          return idle;
        }
        emptySince = 0;
        ConsumerRecord<byte[], byte[]> first = pending.get(0);
        if (first.offset() < range.getFrom()) {
          // Only after a start offset past the partition's end (see PartitionReader): records
          // below the range's start were never part of this read.
          reader.advance();
          continue;
        }
        // The whole batch up to the stop offset is claimed at once: claiming its last offset
        // claims the offsets before it, and a checkpoint taken meanwhile resumes after it.
        int count = countBefore(pending, stop);
        long last = count == 0 ? first.offset() : pending.get(count - 1).offset();
        if (!tracker.tryClaim(last)) {
          finished = last >= stop;
          return ProcessContinuation.stop();
        }
        lastClaimed = last;
        handleClaimed(pending, count);
        watermark.publish();
        if (last + 1 >= stop) {
          // The last offset of a bounded range: done without waiting for another poll.
          finished = true;
          return ProcessContinuation.stop();
        }
        if (System.nanoTime() - callStart >= ReadPartitionFn.MAX_CALL_NANOS) {
          return ProcessContinuation.resume();
        }
      }
    } catch (InterruptException e) {
      // The runner cancels the task (the job is cancelled, or restarts because another task
      // failed) and interrupted this thread in a consumer call, before any claim of that batch.
      // The call ends as a resume, the interrupt kept: a call that throws leaves the checkpoint
      // Beam's Flink operator scheduled for it, and the operator's close then waits up to 10 s
      // for it, delaying every cancel and failover of the job by that much.
      Thread.currentThread().interrupt();
      return ProcessContinuation.resume();
    } catch (RuntimeException e) {
      throw refusalOr(e);
    } finally {
      end(finalizer);
    }
  }

  /**
   * After a poll without records: stops when a bounded range has nothing left before its stop
   * offset or the topic is confirmed deleted; null (poll again at once) while a bounded range
   * catches up for up to {@link ReadPartitionFn#CATCH_UP_WAIT}; else resumes after the idle delay.
   */
  private @Nullable ProcessContinuation afterEmptyPoll() {
    if (stop != PartitionDescriptor.UNBOUNDED && !reader.gone()) {
      long position = reader.fetchPosition();
      if (position >= stop) {
        // Nothing left before the stop offset (the last offsets may be transaction markers).
        tracker.tryClaim(stop);
        finished = true;
        return ProcessContinuation.stop();
      }
      long now = System.nanoTime();
      if (emptySince == 0) {
        emptySince = now;
      }
      if (now - emptySince < ReadPartitionFn.CATCH_UP_WAIT.toNanos()) {
        return null;
      }
      reader.warnIfWaitingBefore(stop); // e.g. behind an open transaction
    }
    if (!reader.stillExists(ReadPartitionFn.EXISTENCE_CHECK_INTERVAL)) {
      // Confirmed by topic id (logged by the reader): a transient answer never ends a read.
      tracker.tryClaim(stop);
      finished = true;
      return ProcessContinuation.stop();
    }
    watermark.onNoRecord(reader.caughtUp(), reader.nanosWithoutRecords());
    return ProcessContinuation.resume().withResumeDelay(resumeDelay());
  }

  /**
   * How long the next poll may wait: {@link ReadPartitionFn#POLL_TIMEOUT} on a bounded range or
   * when records past the position are known to exist (the fetch for them is on its way), else
   * nothing (take what the consumer has received).
   */
  private java.time.Duration pollTimeout() {
    return !liveResumes || reader.behind() ? ReadPartitionFn.POLL_TIMEOUT : java.time.Duration.ZERO;
  }

  /**
   * How long a partition without records for now waits before its next call. A bounded range waits
   * {@link ReadPartitionFn#IDLE_RESUME_DELAY}. An unbounded one waits a quarter of the time it has
   * been without records, from {@link ReadPartitionFn#ACTIVE_RESUME_DELAY} for a partition whose
   * records keep coming up to the idle delay for one quiet for 400 ms or more: a live stream is
   * looked at again before many of its records wait, an idle partition costs a call per 100 ms.
   */
  private org.joda.time.Duration resumeDelay() {
    return liveResumes
        ? unboundedResumeDelay(reader.nanosWithoutRecords())
        : ReadPartitionFn.IDLE_RESUME_DELAY;
  }

  /** The resume delay of an unbounded partition that has given no records for that long. */
  static org.joda.time.Duration unboundedResumeDelay(long nanosWithoutRecords) {
    long quietMillis = TimeUnit.NANOSECONDS.toMillis(nanosWithoutRecords) / 4;
    return org.joda.time.Duration.millis(
        Math.min(
            ReadPartitionFn.IDLE_RESUME_DELAY.getMillis(),
            Math.max(ReadPartitionFn.ACTIVE_RESUME_DELAY.getMillis(), quietMillis)));
  }

  /**
   * Hands the first {@code count} records of {@code pending} (claimed) to the decoder, each with
   * its timestamp, unless the header filter drops it; bad records go to the bad-record handler.
   */
  private void handleClaimed(List<ConsumerRecord<byte[], byte[]>> pending, int count) {
    for (int i = 0; i < count; i++) {
      ConsumerRecord<byte[], byte[]> record = pending.get(i);
      reader.advance();
      counts.read(record);
      out.record = record;
      if (!out.timedByColumn()) {
        out.timestamp = watermark.timestampOf(record);
      }
      if (filter == null || filter.test(record.headers())) {
        try {
          decoder.handle(record, out);
        } catch (BadRecordException e) {
          badRecords.handle(e, outputs, source.badRecords());
        }
      } else {
        counts.filtered();
      }
    }
    if (count > 0) {
      counts.lags(
          reader.lastFetchMillis(), pending.get(count - 1).timestamp(), out.lastEmittedMillis);
    }
  }

  /**
   * What to throw for {@code e}: the consumer's refusal (the job fails, the reader is of no more
   * use: the read is finished), else {@code e} itself.
   */
  private RuntimeException refusalOr(RuntimeException e) {
    RuntimeException refused =
        ConsumerRefusal.of(
            e, tp, lastClaimed >= 0 ? lastClaimed + 1 : range.getFrom(), spec.clientProperties());
    if (refused == null) {
      return e;
    }
    // The consumer is of no more use; the job fails.
    finished = true;
    return refused;
  }

  /**
   * Publishes the watermark and the counts; closes a finished reader, else gives it back to the
   * pool; registers the commit of the next offset after the bundle, when there is a finalizer and a
   * group.
   */
  private void end(@Nullable BundleFinalizer finalizer) {
    watermark.publish();
    long next = lastClaimed >= 0 ? lastClaimed + 1 : range.getFrom();
    counts.flush(reader, next, watermark.lateRecords(), source.owned(), finished);
    if (finished) {
      reader.close();
    } else {
      source.readers().release(reader);
    }
    if (finalizer != null && spec.groupId() != null) {
      // Like Flink, commit the position of idle partitions too, so that lag is visible.
      OffsetCommitter committer = source.committer();
      finalizer.afterBundleCommit(
          Instant.now().plus(COMMIT_EXPIRY), () -> committer.commit(tp, next));
    }
  }

  /** How many of {@code records} (in offset order) lie before {@code stop}. */
  private static int countBefore(List<ConsumerRecord<byte[], byte[]>> records, long stop) {
    int n = records.size();
    if (stop == PartitionDescriptor.UNBOUNDED || records.get(n - 1).offset() < stop) {
      return n;
    }
    int count = 0;
    while (count < n && records.get(count).offset() < stop) {
      count++;
    }
    return count;
  }
}
