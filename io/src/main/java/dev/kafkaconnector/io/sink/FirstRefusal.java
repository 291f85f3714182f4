package dev.kafkaconnector.io.sink;

import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The callback of every send of a transaction ({@link ShardProducer}): remembers the first record
 * that the broker refused for good ({@link BrokerRefusals}), with where, for the error that fails
 * the transaction. Sends complete on the producer's thread, hence the atomic references.
 */
final class FirstRefusal implements Callback {
  private final AtomicReference<RecordMetadata> refusedAt = new AtomicReference<>();
  private final AtomicReference<Exception> refusal = new AtomicReference<>();

  @Override
  public void onCompletion(RecordMetadata metadata, Exception exception) {
    if (exception != null
        && BrokerRefusals.find(exception) != null
        && refusal.compareAndSet(null, exception)) {
      refusedAt.set(metadata);
    }
  }

  /** Forgets the refusal of an earlier transaction. */
  void clear() {
    refusal.set(null);
    refusedAt.set(null);
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
