package dev.kafkaconnector.io.sink;

import java.util.HashMap;
import java.util.Map;

/**
 * The transactional producers of one exactly-once sink in a worker JVM, one per shard, shared by
 * the sink's DoFn instances: a runner may hand a shard's bundles to different instances over time
 * (the DirectRunner does), and two producers with one transactional id would fence each other.
 * Each {@code @Setup} acquires it and each {@code @Teardown} releases it; the last release closes
 * the producers and the admin client and removes it from the registry. Keyed by the sink's
 * identity (made at {@code expand}) and its client settings.
 */
final class TransactionalProducers {
  private static final Map<Key, TransactionalProducers> REGISTRY = new HashMap<>();

  private record Key(String sinkId, Map<String, String> clientProperties) {}

  private final Key key;
  private final SinkSpec spec;
  private final CommittedState committedState;
  private final Map<Integer, ShardProducer> shards = new HashMap<>();
  private int references;

  private TransactionalProducers(Key key, SinkSpec spec) {
    this.key = key;
    this.spec = spec;
    this.committedState = new CommittedState(spec);
  }

  static TransactionalProducers acquire(SinkSpec spec) {
    Key key = new Key(spec.sinkId(), spec.clientProperties());
    synchronized (REGISTRY) {
      TransactionalProducers p = REGISTRY.computeIfAbsent(key, k -> new TransactionalProducers(k, spec));
      p.references++;
      return p;
    }
  }

  /** The producer of {@code shard} (made on first use; its transactions start in {@link ShardProducer#begin}). */
  ShardProducer shard(int shard) {
    synchronized (shards) {
      return shards.computeIfAbsent(shard, s -> new ShardProducer(spec, s, committedState));
    }
  }

  void release() {
    synchronized (REGISTRY) {
      if (--references > 0) {
        return;
      }
      REGISTRY.remove(key);
    }
    synchronized (shards) {
      shards.values().forEach(ShardProducer::close);
      shards.clear();
    }
    committedState.close();
  }
}
