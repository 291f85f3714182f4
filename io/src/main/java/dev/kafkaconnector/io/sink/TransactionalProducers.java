package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.SharedPerJvm;
import java.util.HashMap;
import java.util.Map;

/**
 * The transactional producers of one exactly-once sink in a worker JVM, one per shard, shared by
 * the sink's DoFn instances: a runner may hand a shard's bundles to different instances over time
 * (the DirectRunner does), and two producers with one transactional id would fence each other. Each
 * {@code @Setup} acquires it and each {@code @Teardown} releases it; the last release closes the
 * producers and the admin client and removes it from the registry. Keyed by the sink's identity
 * (made at {@code expand}) and its client settings.
 */
final class TransactionalProducers {
  private static final SharedPerJvm<Key, TransactionalProducers> REGISTRY = new SharedPerJvm<>();

  private record Key(String sinkId, Map<String, String> clientProperties) {}

  private final Key key;
  private final SinkSpec spec;
  private final CommittedState committedState;
  private final Map<Integer, ShardProducer> shards = new HashMap<>();

  private TransactionalProducers(Key key, SinkSpec spec) {
    this.key = key;
    this.spec = spec;
    this.committedState = new CommittedState(spec);
  }

  static TransactionalProducers acquire(SinkSpec spec) {
    return REGISTRY.acquire(
        new Key(spec.sinkId(), spec.clientProperties()), k -> new TransactionalProducers(k, spec));
  }

  /**
   * The producer of {@code shard} (made on first use; its transactions start in {@link
   * ShardProducer#begin}).
   */
  ShardProducer shard(int shard) {
    synchronized (shards) {
      return shards.computeIfAbsent(shard, s -> new ShardProducer(spec, s, committedState));
    }
  }

  void release() {
    REGISTRY.release(key, TransactionalProducers::close);
  }

  private void close() {
    synchronized (shards) {
      shards.values().forEach(ShardProducer::close);
      shards.clear();
    }
    committedState.close();
  }
}
