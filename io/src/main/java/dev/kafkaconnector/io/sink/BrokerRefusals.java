package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Recognizes and describes a record the broker refuses for good: too large for the topic ({@code
 * MESSAGE_TOO_LARGE}: the topic's {@code max.message.bytes} is below the record while the client's
 * {@code max.request.size} let it through), invalid for the topic ({@code INVALID_RECORD}, e.g. no
 * key on a compacted topic), a topic the principal may not write ({@code
 * TOPIC_AUTHORIZATION_FAILED}) or a topic name the broker rejects. Sending the same record again
 * gets the same answer, so such a record takes the bad-row policy (dead-letter output, or a failure
 * marked as not retried) instead of failing the bundle into a restart loop.
 *
 * <p>Descriptions name the topic, the partition when known, the broker's error and what to change;
 * the Kafka client's message is {@linkplain AuthenticationFailures#scrub scrubbed} of secrets.
 */
final class BrokerRefusals {
  private BrokerRefusals() {}

  /**
   * The per-record refusal in {@code failure}'s cause chain, or null when it holds none (the
   * failure may then heal by retrying: a timeout, a leader change, a broker restart).
   */
  static @Nullable Throwable find(@Nullable Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof RecordTooLargeException
          || t instanceof RecordBatchTooLargeException
          || t instanceof InvalidRecordException
          || t instanceof TopicAuthorizationException
          || t instanceof InvalidTopicException) {
        return t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  /**
   * Describes a refusal (see {@link #find}) of a record for {@code topic}.
   *
   * @param partition the partition, or a negative number when not known
   * @param topicLimit the topic's {@code max.message.bytes}, or a negative number when not known
   * @param clientProperties the producer's properties, whose secrets are kept out of the text
   */
  static String describe(
      String topic,
      int partition,
      Throwable refusal,
      int topicLimit,
      Map<String, ?> clientProperties) {
    String where = "topic '" + topic + "'" + (partition >= 0 ? " partition " + partition : "");
    if (refusal instanceof TopicAuthorizationException denied) {
      return describeDenial(topic, where, denied, clientProperties);
    }
    String said =
        refusal.getClass().getSimpleName()
            + ": "
            + AuthenticationFailures.scrub(String.valueOf(refusal.getMessage()), clientProperties);
    return "Kafka refused the record for "
        + where
        + ": "
        + advice(topic, refusal, topicLimit)
        + ". Retrying cannot help."
        + " Kafka said: "
        + said;
  }

  /** A write the topic's ACLs deny, naming the topic the broker refused. */
  private static String describeDenial(
      String topic,
      String where,
      TopicAuthorizationException denied,
      Map<String, ?> clientProperties) {
    Set<String> deniedTopics = denied.unauthorizedTopics();
    if (!deniedTopics.isEmpty() && !deniedTopics.contains(topic)) {
      // In a transaction, every batch fails with the error of the topic the broker refused
      // (AddPartitionsToTxn): name that topic, not the one this record was sent to.
      where =
          deniedTopics.size() == 1
              ? "topic '" + deniedTopics.iterator().next() + "'"
              : "topics " + new TreeSet<>(deniedTopics);
    }
    return AuthenticationFailures.describeDenial(
        "write to " + where + " (it needs the WRITE and DESCRIBE ACLs on the topic)",
        denied,
        clientProperties);
  }

  /** What the refusal means for the record, and what to do about it. */
  private static String advice(String topic, Throwable refusal, int topicLimit) {
    if (refusal instanceof RecordTooLargeException
        || refusal instanceof RecordBatchTooLargeException) {
      return "the record is larger than the topic accepts: its config '"
          + TopicLimits.MAX_MESSAGE_BYTES
          + "'"
          + (topicLimit >= 0 ? " = " + topicLimit : "")
          + " is below the record (while option 'properties.max.request.size' let it through)."
          + " Raise the topic's '"
          + TopicLimits.MAX_MESSAGE_BYTES
          + "' (kafka-configs.sh"
          + " --alter --entity-type topics --entity-name "
          + topic
          + " --add-config "
          + TopicLimits.MAX_MESSAGE_BYTES
          + "=<bytes>) or write smaller records";
    } else if (refusal instanceof InvalidRecordException) {
      return "the broker says the record is invalid for the topic: a compacted topic"
          + " ('cleanup.policy' = compact) needs a key on every record, and the topic's"
          + " 'message.timestamp.before.max.ms' / 'message.timestamp.after.max.ms' bound the"
          + " record timestamp. Check the topic's configuration and the rows' key and"
          + " timestamp columns";
    }
    return "the broker rejects the topic name: check option 'topic' (or the 'topic' metadata"
        + " column)";
  }
}
