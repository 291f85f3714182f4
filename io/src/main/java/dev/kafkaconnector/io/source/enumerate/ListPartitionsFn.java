package dev.kafkaconnector.io.source.enumerate;

import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import org.apache.beam.sdk.transforms.DoFn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists the partitions of a bounded read once, with start and stop offsets resolved when the job
 * starts.
 */
public final class ListPartitionsFn extends DoFn<byte[], PartitionDescriptor> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(ListPartitionsFn.class);

  private final SourceSpec spec;

  public ListPartitionsFn(SourceSpec spec) {
    this.spec = spec;
  }

  @ProcessElement
  public void process(OutputReceiver<PartitionDescriptor> out) {
    PartitionEnumerator.Listing listing = PartitionEnumerator.initial(spec);
    LOG.info("Bounded read of {}: {}", spec.subscription(), listing.toRead());
    listing.toRead().forEach(out::output);
  }
}
