package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.SharedPerJvm;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything one applied source holds open in a worker JVM: its idle partition readers, its end
 * offset estimates, its offset committer, its topic look-ups and its error budget. DoFn instances
 * of the source share it: each {@code @Setup} acquires it and each {@code @Teardown} releases it,
 * and the last release closes every client and thread it opened and removes it from the registry.
 * It is keyed by the source's identity (made at {@code expand}) and the client settings, so two
 * sources never share a consumer or a group, even when built from one builder.
 */
final class SourceResources {
  private static final Logger LOG = LoggerFactory.getLogger(SourceResources.class);
  private static final SharedPerJvm<Key, SourceResources> REGISTRY = new SharedPerJvm<>();

  private record Key(String sourceId, Map<String, String> clientProperties) {}

  private final Key key;
  private final PartitionReaderPool readers;
  private final EndOffsets endOffsets;
  private final OffsetCommitter committer;
  private final AdminTopicLookup topics;
  private final AtomicLong badRecords = new AtomicLong();
  private final OwnedPartitions owned = new OwnedPartitions();

  private SourceResources(Key key, SourceSpec spec) {
    this.key = key;
    this.endOffsets = new EndOffsets(spec);
    this.topics = new AdminTopicLookup(spec);
    this.readers = new PartitionReaderPool(spec, endOffsets, topics);
    this.committer = new OffsetCommitter(spec);
  }

  /** The resources of {@code spec}'s source, opened if this is the first reference. */
  static SourceResources acquire(SourceSpec spec) {
    return REGISTRY.acquire(
        new Key(spec.sourceId(), spec.clientProperties()), k -> new SourceResources(k, spec));
  }

  /** Drops one reference; the last one closes everything. */
  void release() {
    REGISTRY.release(key, SourceResources::close);
  }

  private void close() {
    LOG.debug("Closing the clients of source {}", key.sourceId());
    readers.close();
    committer.close();
    endOffsets.close();
    topics.close();
  }

  PartitionReaderPool readers() {
    return readers;
  }

  EndOffsets endOffsets() {
    return endOffsets;
  }

  OffsetCommitter committer() {
    return committer;
  }

  /** The partitions of this source read in this JVM, by the instance that read them last. */
  OwnedPartitions owned() {
    return owned;
  }

  /** Records of this source that failed to decode in this JVM (the error budget). */
  AtomicLong badRecords() {
    return badRecords;
  }
}
