package dev.kafkaconnector.io.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.options.Configuration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.flink.runtime.throwable.ThrowableClassifier;
import org.apache.flink.runtime.throwable.ThrowableType;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;

class AuthenticationFailuresTest {
  private static final String PASSWORD = "s3cr3t-canary";
  private static final Map<String, String> SASL =
      Map.of(
          "bootstrap.servers", "b1:9093",
          "security.protocol", "SASL_SSL",
          "sasl.mechanism", "SCRAM-SHA-256",
          "sasl.jaas.config",
              "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\""
                  + " password=\""
                  + PASSWORD
                  + "\";",
          "ssl.truststore.password", "trust-canary");

  @Test
  void findsTheAuthenticationFailureInTheCauseChainOnly() {
    SaslAuthenticationException refused = new SaslAuthenticationException("bad");
    assertSame(
        refused,
        AuthenticationFailures.find(new ExecutionException(new KafkaException("x", refused))));
    assertNull(AuthenticationFailures.find(new ExecutionException(new TimeoutException("slow"))));
    assertNull(AuthenticationFailures.find(null));
  }

  @Test
  void aDescribedFailureIsMarkedNotToBeRetriedAlsoForFlinksFailureClassifier() {
    RuntimeException failure =
        new RuntimeException(
            "user code failed",
            new IllegalStateException("described", AuthenticationFailures.notRetried()));
    assertTrue(AuthenticationFailures.isRefusal(failure));
    assertFalse(
        AuthenticationFailures.isRefusal(new RuntimeException(new TimeoutException("slow"))));
    assertFalse(AuthenticationFailures.isRefusal(null));
    // What Flink's ExecutionFailureHandler asks before restarting a failed job.
    assertTrue(
        ThrowableClassifier.findThrowableOfThrowableType(failure, ThrowableType.NonRecoverableError)
            .isPresent());
    assertFalse(AuthenticationFailures.notRetried().getMessage().contains(PASSWORD));
  }

  @Test
  void aSaslFailureNamesTheMechanismAndTheServersButNoSecret() {
    String message =
        AuthenticationFailures.describe(
            "list topics",
            new SaslAuthenticationException("invalid credentials, password=\"" + PASSWORD + "\""),
            SASL);
    assertTrue(message.contains("SCRAM-SHA-256"), message);
    assertTrue(message.contains("properties.bootstrap.servers=b1:9093"), message);
    assertTrue(message.contains("properties.sasl.jaas.config"), message);
    assertFalse(message.contains(PASSWORD), message);
    assertTrue(message.contains(Secrets.MASK), message);
  }

  @Test
  void anSslFailureNamesSslAndTheTruststore() {
    String message =
        AuthenticationFailures.describe(
            "write", new SslAuthenticationException("SSL handshake failed"), SASL);
    assertTrue(message.contains("SSL handshake failed"), message);
    assertTrue(message.contains("properties.ssl.truststore.location"), message);
    assertTrue(message.contains("properties.ssl.keystore.location"), message);
    assertTrue(message.contains("properties.bootstrap.servers=b1:9093"), message);
  }

  @Test
  void anAuthorizationFailureIsFoundAndNamesThePrincipalsMechanismAndTheServers() {
    TopicAuthorizationException denied = new TopicAuthorizationException(Set.of("orders"));
    assertSame(denied, AuthenticationFailures.findDenial(new KafkaException("x", denied)));
    assertNull(AuthenticationFailures.findDenial(new SaslAuthenticationException("bad")));
    assertNull(AuthenticationFailures.find(denied));
    String message =
        AuthenticationFailures.describeDenial("read partition 0 of topic 'orders'", denied, SASL);
    assertTrue(
        message.startsWith(
            "Could not read partition 0 of topic 'orders' on the cluster at"
                + " properties.bootstrap.servers=b1:9093"),
        message);
    assertTrue(message.contains("SASL_SSL and mechanism SCRAM-SHA-256"), message);
    assertTrue(message.contains("TopicAuthorizationException"), message);
    assertFalse(message.contains(PASSWORD), message);
  }

  @Test
  void scrubMasksEverySecretValue() {
    String scrubbed = AuthenticationFailures.scrub("a " + PASSWORD + " b trust-canary c", SASL);
    assertEquals("a ****** b ****** c", scrubbed);
  }

  @Test
  void flinkRelocatedKafkaClassNamesAreMappedToTheKafkaClients() {
    Map<String, String> client =
        ClientProperties.fromOptions(
            Configuration.of(
                Map.of(
                    "properties.bootstrap.servers",
                    "b1:9093",
                    "properties.sasl.jaas.config",
                    "org.apache.flink.kafka.shaded.org.apache.kafka.common.security.plain"
                        + ".PlainLoginModule required username=\"u\" password=\"p\";")),
            List.of(),
            "");
    assertEquals(
        "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\""
            + " password=\"p\";",
        client.get("sasl.jaas.config"));
  }
}
