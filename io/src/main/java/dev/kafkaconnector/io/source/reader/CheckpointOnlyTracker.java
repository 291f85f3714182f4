package dev.kafkaconnector.io.source.reader;

import org.apache.beam.sdk.io.range.OffsetRange;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A partition's offset range tracker that may be checkpointed (the rest of the range resumed later,
 * by whichever worker) but never split at a fraction: two ranges of one partition read at once
 * would need two consumers, break per-partition order and commit offsets out of order.
 */
final class CheckpointOnlyTracker extends RestrictionTracker<OffsetRange, Long>
    implements RestrictionTracker.HasProgress {
  private final RestrictionTracker<OffsetRange, Long> delegate;

  CheckpointOnlyTracker(RestrictionTracker<OffsetRange, Long> delegate) {
    this.delegate = delegate;
  }

  @Override
  public boolean tryClaim(Long position) {
    return delegate.tryClaim(position);
  }

  @Override
  public OffsetRange currentRestriction() {
    return delegate.currentRestriction();
  }

  /** Only a checkpoint ({@code fractionOfRemainder == 0}) is accepted; other splits are refused. */
  @Override
  public @Nullable SplitResult<OffsetRange> trySplit(double fractionOfRemainder) {
    if (fractionOfRemainder != 0) {
      return null;
    }
    return delegate.trySplit(0);
  }

  @Override
  public void checkDone() throws IllegalStateException {
    delegate.checkDone();
  }

  @Override
  public IsBounded isBounded() {
    return delegate.isBounded();
  }

  @Override
  public Progress getProgress() {
    return ((HasProgress) delegate).getProgress();
  }
}
