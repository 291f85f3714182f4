package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import dev.kafkaconnector.io.common.NotRetriedException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.ProducerFencedException;

/**
 * The errors of a shard's transactional producer ({@link ShardProducer}), one method per kind of
 * failure: kept apart so that the producer's code shows what it does, not how each failure is
 * worded. {@code what} says what the producer was doing, {@code id} is its transactional id.
 */
final class ShardFailures {
  private ShardFailures() {}

  /** Whether {@code e} says that a newer producer with this transactional id exists. */
  static boolean fenced(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ProducerFencedException || t instanceof InvalidProducerEpochException) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /** The broker refused the client's credentials: not retried. */
  static KafkaSinkException authentication(
      String what, String id, AuthenticationException refused, SinkSpec spec) {
    return new KafkaSinkException(
        AuthenticationFailures.describe(
            "write exactly-once (while " + what + ", producer '" + id + "')",
            refused,
            spec.clientProperties()),
        AuthenticationFailures.notRetried());
  }

  /**
   * A record the broker refuses for good inside a transaction (sizes are checked before records are
   * numbered, so this is mostly an authorization): the whole transaction is aborted, and every
   * retry would be refused again. Fail once.
   */
  static KafkaSinkException refusedRecord(
      String what, String id, String topic, int partition, Throwable refusedRecord, SinkSpec spec) {
    return new KafkaSinkException(
        "Exactly-once write to Kafka failed while "
            + what
            + " (producer '"
            + id
            + "'): "
            + BrokerRefusals.describe(
                topic, partition, refusedRecord, TopicLimits.UNKNOWN, spec.clientProperties())
            + ". The transaction was aborted; the job fails and is not restarted",
        NotRetriedException.cause());
  }

  /**
   * The producer was fenced by another running sink ({@code rival}) with the same prefix: not
   * retried, both would fence each other for ever.
   */
  static KafkaSinkException prefixShared(
      String what, String id, String rival, String run, SinkSpec spec) {
    return new KafkaSinkException(
        "Option 'sink.transactional-id-prefix' = '"
            + spec.transactionalIdPrefix()
            + "' is"
            + " used by another running exactly-once sink: its run "
            + rival
            + " took over the"
            + " producer '"
            + id
            + "' of this run "
            + run
            + " while "
            + what
            + ". Two jobs, or two sinks in one pipeline, must not share a prefix (nor may a"
            + " job restored from a snapshot run beside the job it was taken from): stop one,"
            + " or give each sink its own 'sink.transactional-id-prefix'. Not retried: both"
            + " would fence each other for ever.",
        NotRetriedException.cause());
  }

  /** The producer was fenced by another writer (no other run found): retried. */
  static KafkaSinkException fenced(String what, String id, SinkSpec spec, RuntimeException e) {
    return new KafkaSinkException(
        "The transactional producer '"
            + id
            + "' was fenced while "
            + what
            + ": another writer uses option 'sink.transactional-id-prefix' = '"
            + spec.transactionalIdPrefix()
            + "' (two jobs with one prefix, or a newer attempt"
            + " of this one)",
        e);
  }

  /** Any other failure, with the brokers written to. */
  static KafkaSinkException failed(String what, String id, SinkSpec spec, RuntimeException e) {
    return new KafkaSinkException(
        "Exactly-once write to Kafka failed while "
            + what
            + " (producer '"
            + id
            + "', "
            + spec.clientProperties().get("bootstrap.servers")
            + "): "
            + e.getMessage(),
        e);
  }
}
