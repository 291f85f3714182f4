package dev.kafkaconnector.io.source.enumerate;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import dev.kafkaconnector.io.common.TimestampSkew;
import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.InstantCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.DoFn.UnboundedPerElement;
import org.apache.beam.sdk.transforms.splittabledofn.ManualWatermarkEstimator;
import org.apache.beam.sdk.transforms.splittabledofn.RestrictionTracker;
import org.apache.beam.sdk.transforms.splittabledofn.WatermarkEstimators;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.joda.time.Duration;
import org.joda.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the partitions of an unbounded read: first with the startup mode applied, then every {@code
 * scan.topic-partition-discovery.interval} for partitions (and, with {@code topic-pattern}, topics)
 * that appeared since, which start at their earliest offset. The set of known partitions and their
 * topics' ids is checkpointed with the restriction ({@link DiscoveryRestriction}), so a restored
 * job neither re-applies the startup mode nor emits a partition twice. A topic deleted and
 * re-created under the same name has a new topic id: its partitions are emitted again, from their
 * earliest offset, with the new id. Topics the cluster confirmed gone leave the known set.
 *
 * <p>A failed listing is retried every interval (a broker may be down for a while), except an
 * authentication failure (wrong credentials, untrusted certificate), which fails the job at once
 * with a message naming the mechanism and {@code properties.bootstrap.servers}.
 */
@UnboundedPerElement
public final class DiscoverPartitionsFn extends DoFn<byte[], PartitionDescriptor> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(DiscoverPartitionsFn.class);

  private final SourceSpec spec;

  public DiscoverPartitionsFn(SourceSpec spec) {
    this.spec = spec;
  }

  @GetInitialRestriction
  public DiscoveryRestriction initialRestriction() {
    return DiscoveryRestriction.start();
  }

  @NewTracker
  public DiscoveryTracker newTracker(@Restriction DiscoveryRestriction restriction) {
    return new DiscoveryTracker(restriction);
  }

  @GetRestrictionCoder
  public Coder<DiscoveryRestriction> restrictionCoder() {
    return DiscoveryRestrictionCoder.of();
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

  @Override
  public Duration getAllowedTimestampSkew() {
    return TimestampSkew.ANY;
  }

  @ProcessElement
  public ProcessContinuation process(
      RestrictionTracker<DiscoveryRestriction, DiscoveryRestriction> tracker,
      ManualWatermarkEstimator<Instant> watermark,
      OutputReceiver<PartitionDescriptor> out) {
    DiscoveryRestriction restriction = tracker.currentRestriction();
    PartitionEnumerator.Listing listing;
    if (!restriction.initialized()) {
      listing = PartitionEnumerator.initial(spec);
      LOG.info("Reading {}: {}", spec.subscription(), listing.toRead());
    } else {
      try {
        listing = PartitionEnumerator.added(spec, restriction);
      } catch (RuntimeException e) {
        // A refused login or certificate does not heal by waiting: fail the job (the exception is
        // marked not to be retried) instead of trying again every interval for ever.
        if (Thread.currentThread().isInterrupted() || AuthenticationFailures.isRefusal(e)) {
          throw e;
        }
        LOG.warn(
            "Partition discovery for {} failed; trying again in {}: {}",
            spec.subscription(),
            spec.discoveryInterval(),
            e.toString());
        return ProcessContinuation.resume().withResumeDelay(resumeDelay());
      }
      if (!listing.renewed().isEmpty()) {
        LOG.info(
            "Topics {} of {} were deleted and re-created (new topic id): reading them again from"
                + " their earliest offsets",
            listing.renewed(),
            spec.subscription());
      }
      if (!listing.forgotten().isEmpty()) {
        LOG.info(
            "Topics {} of {} no longer exist; partition discovery forgets their partitions",
            listing.forgotten(),
            spec.subscription());
      }
      if (!listing.toRead().isEmpty()) {
        LOG.info("Discovered new partitions of {}: {}", spec.subscription(), listing.toRead());
      }
    }
    if (!tracker.tryClaim(listing.known())) {
      return ProcessContinuation.stop();
    }
    // Descriptors carry the earliest timestamp: until a partition's first read has reported its
    // own watermark, the pending descriptor holds the reader's output watermark back, so records
    // with event times older than the wall clock are not late downstream.
    for (PartitionDescriptor descriptor : listing.toRead()) {
      out.outputWithTimestamp(descriptor, BoundedWindow.TIMESTAMP_MIN_VALUE);
    }
    watermark.setWatermark(Instant.now());
    if (!spec.discoveryEnabled()) {
      return ProcessContinuation.stop();
    }
    return ProcessContinuation.resume().withResumeDelay(resumeDelay());
  }

  private Duration resumeDelay() {
    return Duration.millis(spec.discoveryInterval().toMillis());
  }
}
