package dev.kafkaconnector.io.source.enumerate;

import java.util.HashSet;
import java.util.Set;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.SplitResult;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Tracks partition discovery. A claim is the set of partitions that exist now; it succeeds until
 * the runner checkpoints, after which the residual restriction carries the known partitions to the
 * next round.
 */
final class DiscoveryTracker extends RestrictionTracker<DiscoveryRestriction, Set<TopicPartition>> {
  private DiscoveryRestriction current;

  DiscoveryTracker(DiscoveryRestriction restriction) {
    this.current = restriction;
  }

  @Override
  public boolean tryClaim(Set<TopicPartition> partitions) {
    if (current.finished()) {
      return false;
    }
    Set<TopicPartition> known = new HashSet<>(current.known());
    known.addAll(partitions);
    current = new DiscoveryRestriction(true, known, false);
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
    current = new DiscoveryRestriction(current.initialized(), current.known(), true);
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
