package dev.kafkaconnector.io.sink;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The callback of every send of a transaction ({@link ShardProducer}): remembers the first record
 * that the broker refused for good ({@link BrokerRefusals}), with where, for the error that fails
 * the transaction, and whether a send failed because the producer was fenced (another producer with
 * its transactional id took over: the commit that follows must not wait for a broker answer that
 * never comes). On a fence it closes the watched producer at once: a transactional call the shard's
 * thread waits in (the entry or the commit sent just before the fence arrived) is then answered
 * with an error instead of waiting {@code max.block.ms} for a request the fenced producer never
 * sends. Sends complete on the producer's thread, hence the atomic references.
 */
final class FirstRefusal implements Callback {
  private final AtomicReference<RecordMetadata> refusedAt = new AtomicReference<>();
  private final AtomicReference<Exception> refusal = new AtomicReference<>();
  private final AtomicReference<Exception> fenced = new AtomicReference<>();
  private final AtomicReference<Producer<?, ?>> watched = new AtomicReference<>();

  /** The producer to close when a send finds it fenced (the current one of the shard). */
  void watch(Producer<?, ?> producer) {
    watched.set(producer);
  }

  @Override
  public void onCompletion(RecordMetadata metadata, Exception exception) {
    if (exception != null
        && BrokerRefusals.find(exception) != null
        && refusal.compareAndSet(null, exception)) {
      refusedAt.set(metadata);
    }
    if (exception != null && ShardFailures.fenced(exception)) {
      fenced.compareAndSet(null, exception);
      Producer<?, ?> producer = watched.getAndSet(null);
      if (producer != null) {
        producer.close(Duration.ZERO); // from a callback: allowed, returns at once
      }
    }
  }

  /** Forgets the refusal of an earlier transaction. */
  void clear() {
    refusal.set(null);
    refusedAt.set(null);
    fenced.set(null);
  }

  /** The first send of the transaction that failed because the producer was fenced, or null. */
  @Nullable Exception fenced() {
    return fenced.get();
  }

  /** The first refusal of the transaction, or null. */
  @Nullable Exception cause() {
    return refusal.get();
  }

  /** Where the first refused record was to go, or null. */
  @Nullable RecordMetadata at() {
    return refusedAt.get();
  }
}
