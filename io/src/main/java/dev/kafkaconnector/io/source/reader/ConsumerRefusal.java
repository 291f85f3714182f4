package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a partition's consumer throws when the cluster refuses it while reading. Partition discovery
 * and the first connection fail that way already (see {@code KafkaMetadataClient}); this covers a
 * consumer that was connected and is refused later: after a reconnect (broker restart, dropped
 * connection) or a re-authentication with credentials deleted or changed meanwhile, or an ACL
 * removed.
 */
final class ConsumerRefusal {
  private ConsumerRefusal() {}

  /**
   * The failure to throw instead of {@code e} when {@code e} is an authentication or authorization
   * failure, or null. The failure is marked not to be retried ({@link
   * AuthenticationFailures#notRetried()}), so that Flink fails the job instead of restarting it for
   * ever; its message names the partition, the offset, the mechanism and the bootstrap servers, and
   * no secret (the Kafka exception is not kept as its cause).
   *
   * @param offset the offset the read was at
   * @param clientProperties the source's Kafka client properties
   */
  static @Nullable RuntimeException of(
      RuntimeException e, TopicPartition tp, long offset, Map<String, ?> clientProperties) {
    String what =
        "read partition "
            + tp.partition()
            + " of topic '"
            + tp.topic()
            + "' ("
            + tp
            + ") at offset "
            + offset;
    AuthenticationException refused = AuthenticationFailures.find(e);
    if (refused != null) {
      return new KafkaSourceException(
          AuthenticationFailures.describe(what, refused, clientProperties),
          AuthenticationFailures.notRetried());
    }
    AuthorizationException denied = AuthenticationFailures.findDenial(e);
    if (denied != null) {
      return new KafkaSourceException(
          AuthenticationFailures.describeDenial(what, denied, clientProperties),
          AuthenticationFailures.notRetried());
    }
    return null;
  }
}
