package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import org.apache.beam.sdk.io.range.OffsetRange;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.splittabledofn.OffsetRangeTracker;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A bounded read of whole partitions by a plain {@code DoFn}: each element's offset range is read
 * to its end in one call, exactly as Beam's bounded splittable expansion runs {@link
 * ReadPartitionFn} on a batch runner (the same reading code, resumed on the rest of the range after
 * the resume delay when it gives the thread back), without that expansion.
 *
 * <p>Used on Flink in batch mode, where that expansion keys every restriction with a random key
 * before its own shuffle, so which worker reads which partition would be chance; behind this reader
 * the shuffle in front of it decides (see {@code SpreadPartitions}). Everything it opens belongs to
 * the wrapped reader's lifecycle: {@code @Setup} and {@code @Teardown} are the wrapped reader's.
 *
 * @param <T> the main output's type
 */
public final class ReadWholePartitionFn<T> extends DoFn<PartitionDescriptor, T> {
  private static final long serialVersionUID = 1L;

  private final ReadPartitionFn<T> reader;

  /**
   * @param reader the bounded splittable reader whose reading code this runs
   */
  public ReadWholePartitionFn(ReadPartitionFn<T> reader) {
    if (!(reader instanceof ReadPartitionFn.Bounded)) {
      throw new IllegalArgumentException("A whole-partition read needs a bounded reader");
    }
    this.reader = reader;
  }

  @Setup
  public void setup(PipelineOptions options) {
    reader.setup(options);
  }

  @Teardown
  public void teardown() {
    reader.teardown();
  }

  @ProcessElement
  public void process(@Element PartitionDescriptor partition, MultiOutputReceiver outputs)
      throws InterruptedException {
    OffsetRange range = reader.initialRestriction(partition);
    WatermarkEstimators.Manual watermark =
        new WatermarkEstimators.Manual(BoundedWindow.TIMESTAMP_MIN_VALUE);
    while (true) {
      OffsetRangeTracker tracker = new OffsetRangeTracker(range);
      ProcessContinuation continuation =
          reader.readPartition(partition, tracker, watermark, outputs, null);
      if (!continuation.shouldResume()) {
        return;
      }
      // What a runner does on a resume: go on after the last offset claimed.
      @Nullable SplitResult<OffsetRange> rest = tracker.trySplit(0);
      if (rest == null) {
        return;
      }
      range = rest.getResidual();
      Thread.sleep(continuation.resumeDelay().getMillis());
    }
  }
}
