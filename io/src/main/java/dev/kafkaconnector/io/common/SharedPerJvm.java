package dev.kafkaconnector.io.common;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What the DoFn instances of one applied transform share in a worker JVM (clients, producers),
 * counted by reference: each {@code @Setup} acquires, each {@code @Teardown} releases, and the last
 * release closes the value and forgets it, so nothing outlives the job that opened it.
 *
 * @param <K> the identity of the transform (made at {@code expand}) and the settings it depends on
 * @param <V> what is shared
 */
public final class SharedPerJvm<K, V> {
  private static final class Entry<V> {
    final V value;
    int references;

    Entry(V value) {
      this.value = value;
    }
  }

  private final Map<K, Entry<V>> entries = new HashMap<>();

  /** The value of {@code key}, opened with {@code open} if this is its first reference. */
  public synchronized V acquire(K key, Function<K, V> open) {
    Entry<V> entry = entries.computeIfAbsent(key, k -> new Entry<>(open.apply(k)));
    entry.references++;
    return entry.value;
  }

  /** Drops one reference to {@code key}; the last one closes the value with {@code close}. */
  public void release(K key, Consumer<V> close) {
    Entry<V> entry;
    synchronized (this) {
      entry = entries.get(key);
      if (entry == null || --entry.references > 0) {
        return;
      }
      entries.remove(key);
    }
    close.accept(entry.value);
  }
}
