package dev.kafkaconnector.io.source.enumerate;

import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Tracks partition discovery. A claim is what one listing knows (the partitions that exist now and
 * their topics' ids, see {@link PartitionEnumerator#added}); it replaces the known state, so
 * partitions of topics that are gone leave it. A claim succeeds until the runner checkpoints, after
 * which the residual restriction carries the known state to the next round.
 */
final class DiscoveryTracker
    extends RestrictionTracker<DiscoveryRestriction, DiscoveryRestriction> {
  private DiscoveryRestriction current;

  DiscoveryTracker(DiscoveryRestriction restriction) {
    this.current = restriction;
  }

  @Override
  public boolean tryClaim(DiscoveryRestriction listed) {
    if (current.finished()) {
      return false;
    }
    current = new DiscoveryRestriction(true, listed.known(), listed.topicIds(), false);
    return true;
  }

  @Override
  public DiscoveryRestriction currentRestriction() {
    return current;
  }

  @Override
  public @Nullable SplitResult<DiscoveryRestriction> trySplit(double fractionOfRemainder) {
    if (current.finished()) {
      return null;
    }
    DiscoveryRestriction residual = current;
    current = current.withFinished(true);
    return SplitResult.of(current, residual);
  }

  @Override
  public void checkDone() {
    // Discovery has no unclaimed work that could be lost: every round is a complete listing.
  }

  @Override
  public IsBounded isBounded() {
    return IsBounded.UNBOUNDED;
  }
}
