package dev.kafkaconnector.io.common;

import java.util.Map;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Recognizes a failed authentication with the cluster (wrong SASL credentials, a certificate the
 * client does not trust) and describes it by the options to fix. Such a failure is not retriable:
 * the source and the sink fail at once with this description instead of retrying or waiting for
 * their timeouts.
 *
 * <p>The description names {@code properties.security.protocol}, {@code properties.sasl.mechanism}
 * (or SSL) and {@code properties.bootstrap.servers}; it never holds a secret: the JAAS
 * configuration and passwords are not quoted, and the Kafka client's own message is added only
 * after {@link #scrub scrubbing} every secret property value out of it, and callers throw it
 * without the Kafka exception as cause (whose message is not scrubbed), with {@link #notRetried()}
 * as cause instead.
 */
public final class AuthenticationFailures {
  private AuthenticationFailures() {}

  /**
   * The authentication failure in {@code failure}'s cause chain, or null when it holds none.
   *
   * @param failure any throwable
   * @return the first {@link AuthenticationException} of the chain, or null
   */
  public static @Nullable AuthenticationException find(@Nullable Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof AuthenticationException) {
        return (AuthenticationException) t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  /**
   * The authorization failure (an ACL denying the principal access to a topic, group or the
   * cluster) in {@code failure}'s cause chain, or null when it holds none. Like an authentication
   * failure it does not go away by retrying: an operator has to grant access first.
   *
   * @param failure any throwable
   * @return the first {@link AuthorizationException} of the chain, or null
   */
  public static @Nullable AuthorizationException findDenial(@Nullable Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof AuthorizationException) {
        return (AuthorizationException) t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  /**
   * Describes an authorization failure for an error message, like {@link #describe} does an
   * authentication failure.
   *
   * @param what what the connector tried, e.g. {@code "read partition t-0"}
   * @param failure the authorization failure (see {@link #findDenial})
   * @param clientProperties the Kafka client properties (without the {@code properties.} prefix)
   * @return a message naming the protocol, the mechanism and the bootstrap servers
   */
  public static String describeDenial(
      String what, AuthorizationException failure, Map<String, ?> clientProperties) {
    Object protocol = clientProperties.get("security.protocol");
    Object mechanism = clientProperties.get("sasl.mechanism");
    return "Could not "
        + what
        + " on the cluster at properties.bootstrap.servers="
        + clientProperties.get("bootstrap.servers")
        + ": the cluster denied access to the principal authenticated with "
        + (protocol == null ? "PLAINTEXT" : protocol)
        + (mechanism == null ? "" : " and mechanism " + mechanism)
        + " (properties.security.protocol, properties.sasl.mechanism): grant it the ACLs it"
        + " needs. Authorization failures are not retried. Kafka said: "
        + failure.getClass().getSimpleName()
        + ": "
        + scrub(String.valueOf(failure.getMessage()), clientProperties);
  }

  /**
   * The cause to attach to an exception whose message {@link #describe} wrote, so that runners do
   * not retry it (see {@link AuthenticationRefusedException}).
   *
   * @return a new cause with a fixed message
   */
  public static AuthenticationRefusedException notRetried() {
    return new AuthenticationRefusedException();
  }

  /**
   * Whether {@code failure} is (or is caused by) a described authentication failure, marked with
   * {@link #notRetried()}.
   *
   * @param failure any throwable
   * @return true when its cause chain holds an {@link AuthenticationRefusedException}
   */
  public static boolean isRefusal(@Nullable Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof AuthenticationRefusedException) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /**
   * Describes an authentication failure for an error message.
   *
   * @param what what the connector tried, e.g. {@code "list topics"}
   * @param failure the authentication failure (see {@link #find})
   * @param clientProperties the Kafka client properties (without the {@code properties.} prefix)
   * @return a message naming the protocol, the mechanism or SSL, and the bootstrap servers
   */
  public static String describe(
      String what, AuthenticationException failure, Map<String, ?> clientProperties) {
    Object protocol = clientProperties.get("security.protocol");
    Object mechanism = clientProperties.get("sasl.mechanism");
    protocol = protocol == null ? "PLAINTEXT" : protocol;
    mechanism = mechanism == null ? "GSSAPI" : mechanism;
    boolean ssl = failure instanceof SslAuthenticationException;
    String how =
        ssl
            ? "the SSL handshake failed (properties.security.protocol="
                + protocol
                + "): check that properties.ssl.truststore.location trusts the broker's certificate"
                + ", that the broker's host name matches it and, when the broker asks for a client"
                + " certificate (ssl.client.auth=required), that properties.ssl.keystore.location"
                + " holds one the broker trusts"
            : "SASL authentication with mechanism "
                + mechanism
                + " (properties.sasl.mechanism, properties.security.protocol="
                + protocol
                + ") was refused: check the user name and password in properties.sasl.jaas.config";
    return "Could not "
        + what
        + " on the cluster at properties.bootstrap.servers="
        + clientProperties.get("bootstrap.servers")
        + ": "
        + how
        + ". Authentication failures are not retried. Kafka said: "
        + failure.getClass().getSimpleName()
        + ": "
        + scrub(String.valueOf(failure.getMessage()), clientProperties);
  }

  /**
   * Replaces every secret property value (see {@link Secrets#isSecretProperty}) found in {@code
   * text}, and every secret option value of a JAAS configuration ({@link
   * Secrets#jaasSecretValues}), with {@link Secrets#MASK}.
   *
   * @param text a message
   * @param clientProperties the client properties whose secrets must not appear
   * @return the text without secrets
   */
  public static String scrub(String text, Map<String, ?> clientProperties) {
    String out = text;
    for (Map.Entry<String, ?> e : clientProperties.entrySet()) {
      if (Secrets.isSecretProperty(e.getKey()) && e.getValue() != null) {
        String secret = String.valueOf(e.getValue());
        if (!secret.isEmpty()) {
          out = out.replace(secret, Secrets.MASK);
        }
        for (String password : Secrets.jaasSecretValues(secret)) {
          out = out.replace(password, Secrets.MASK);
        }
      }
    }
    return out;
  }
}
