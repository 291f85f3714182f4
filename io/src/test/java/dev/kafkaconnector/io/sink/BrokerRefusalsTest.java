package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;

class BrokerRefusalsTest {
  private static final Map<String, String> CLIENT =
      Map.of(
          "bootstrap.servers",
          "b:9092",
          "sasl.jaas.config",
          "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"s3cr3t\";");

  @Test
  void findsARefusalInTheCauseChainButNotARetriableFailure() {
    RecordTooLargeException tooLarge = new RecordTooLargeException("too large");
    assertSame(
        tooLarge,
        BrokerRefusals.find(
            new KafkaException(
                "Cannot execute transactional method because we are in an error state", tooLarge)));
    assertTrue(BrokerRefusals.find(new InvalidRecordException("no key")) != null);
    assertTrue(BrokerRefusals.find(new TopicAuthorizationException(Set.of("t"))) != null);
    assertNull(BrokerRefusals.find(new TimeoutException("Expiring 4 record(s)")));
    assertNull(BrokerRefusals.find(null));
  }

  @Test
  void aTooLargeRecordNamesTopicPartitionAndTheTopicConfig() {
    String text =
        BrokerRefusals.describe(
            "orders",
            3,
            new RecordTooLargeException(
                "The request included a message larger than the max message size"),
            10_000,
            CLIENT);
    assertTrue(
        text.contains("topic 'orders' partition 3")
            && text.contains("'max.message.bytes' = 10000")
            && text.contains("--entity-name orders")
            && text.contains("RecordTooLargeException"),
        text);
  }

  @Test
  void aDeniedTopicNamesTheAclsAndKeepsSecretsOut() {
    String text =
        BrokerRefusals.describe(
            "orders",
            -1,
            new TopicAuthorizationException("Not authorized: s3cr3t"),
            TopicLimits.UNKNOWN,
            CLIENT);
    assertTrue(text.contains("topic 'orders'") && text.contains("ACL"), text);
    assertFalse(text.contains("partition -1"), text);
    assertFalse(text.contains("s3cr3t"), text);
  }

  /**
   * In a transaction every batch fails with the refusal of the denied topic, also a record sent to
   * an allowed one: the text names the denied topic, never the allowed one.
   */
  @Test
  void aDeniedTopicIsNamedFromTheRefusalNotFromTheRecordThatGotIt() {
    String text =
        BrokerRefusals.describe(
            "allowed",
            0,
            new TopicAuthorizationException(Set.of("denied")),
            TopicLimits.UNKNOWN,
            CLIENT);
    assertTrue(text.contains("topic 'denied'"), text);
    assertFalse(text.contains("'allowed'"), text);
    assertTrue(
        BrokerRefusals.describe(
                "denied",
                2,
                new TopicAuthorizationException(Set.of("denied")),
                TopicLimits.UNKNOWN,
                CLIENT)
            .contains("topic 'denied' partition 2"));
  }
}
