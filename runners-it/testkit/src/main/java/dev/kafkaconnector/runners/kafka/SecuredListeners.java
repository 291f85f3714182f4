package dev.kafkaconnector.runners.kafka;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The secured listeners of an {@link EmbeddedKafkaCluster} built {@link
 * EmbeddedKafkaClusterBuilder#withSecurity() withSecurity()}: their addresses, the truststores and
 * ready-made Kafka client properties.
 *
 * <pre>{@code
 * EmbeddedKafkaCluster kafka =
 *     EmbeddedKafkaCluster.inJvm().withSaslUser("alice", "alice-secret").start();
 * Map<String, String> client =
 *     kafka.security().clientProperties("SASL_SSL", "SCRAM-SHA-256", "alice", "alice-secret");
 * }</pre>
 */
public final class SecuredListeners {
  /** {@code SASL_PLAINTEXT}: SASL without TLS. */
  public static final String SASL_PLAINTEXT = "SASL_PLAINTEXT";

  /** {@code SSL}: TLS without SASL (no client certificate asked). */
  public static final String SSL = "SSL";

  /** {@code SASL_SSL}: SASL over TLS. */
  public static final String SASL_SSL = "SASL_SSL";

  /**
   * {@code MTLS}: the listener whose security protocol is {@code SSL} with {@code
   * ssl.client.auth=required}: a client needs a keystore with a certificate the broker trusts (see
   * {@link #createClientStores}).
   */
  public static final String MTLS = BrokerSecurity.MTLS;

  private final BrokerConfig config;
  private final BrokerSecurity security;

  SecuredListeners(BrokerConfig config, EmbeddedKafkaCluster cluster) {
    if (config.security() == null) {
      throw new IllegalStateException(
          cluster + " has no secured listeners: build it withSecurity()");
    }
    this.config = config;
    this.security = config.security();
  }

  /**
   * Returns the bootstrap servers of one secured listener.
   *
   * @param protocol {@link #SASL_PLAINTEXT}, {@link #SSL}, {@link #SASL_SSL} or {@link #MTLS}
   * @return {@code 127.0.0.1:<port>}
   */
  public String bootstrapServers(String protocol) {
    return config.bootstrapServers(protocol);
  }

  /**
   * Returns the SASL user names declared with {@link EmbeddedKafkaClusterBuilder#withSaslUser}.
   *
   * @return the user names
   */
  public Set<String> users() {
    return security.users().keySet();
  }

  /**
   * Returns the PKCS12 truststore that trusts the broker's certificate.
   *
   * @return a file in the cluster directory, present once the cluster started
   */
  public Path truststoreLocation() {
    return security.truststore();
  }

  /**
   * Returns a PKCS12 truststore holding another certificate only, with which a TLS handshake with
   * the broker fails.
   *
   * @return a file in the cluster directory, present once the cluster started
   */
  public Path untrustedTruststoreLocation() {
    return security.untrustedTruststore();
  }

  /**
   * Returns a PKCS12 client keystore holding a self-signed certificate, which the {@link #MTLS}
   * listener refuses; its store and key password is {@link #truststorePassword()}.
   *
   * @return a file in the cluster directory, present once the cluster started
   */
  public Path untrustedClientKeystoreLocation() {
    return security.untrustedClientKeystore();
  }

  /**
   * Returns the password of both truststores (and of the broker's keystore).
   *
   * @return a random password chosen for this cluster
   */
  public String truststorePassword() {
    return security.storePassword();
  }

  /**
   * Client-side TLS stores made by {@link #createClientStores}.
   *
   * @param truststore a PKCS12 truststore trusting the broker's certificate
   * @param keystore a JKS keystore holding a client key pair whose certificate the {@link #MTLS}
   *     listener trusts (the other listeners ask for no client certificate, but the Kafka client
   *     loads the keystore, so its passwords are checked there too)
   */
  public record ClientStores(Path truststore, Path keystore) {}

  /**
   * Creates a client truststore and keystore with the passwords given (for example to check that
   * none of them leaks into logs or messages).
   *
   * @param directory where the stores are written
   * @param truststorePassword the truststore's password ({@code ssl.truststore.password})
   * @param keystorePassword the keystore's password ({@code ssl.keystore.password})
   * @param keyPassword the client key's password ({@code ssl.key.password})
   * @return the stores' locations
   */
  public ClientStores createClientStores(
      Path directory, String truststorePassword, String keystorePassword, String keyPassword) {
    Path[] stores =
        security.createClientStores(directory, truststorePassword, keystorePassword, keyPassword);
    return new ClientStores(stores[0], stores[1]);
  }

  /**
   * Returns the Kafka client properties (without the connector's {@code properties.} prefix) to
   * reach a secured listener.
   *
   * @param protocol {@link #SASL_PLAINTEXT}, {@link #SSL}, {@link #SASL_SSL} or {@link #MTLS}
   *     (whose properties have no keystore: add one of {@link #createClientStores})
   * @param mechanism PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512; ignored for {@link #SSL} and {@link
   *     #MTLS}
   * @param user the SASL user; ignored for {@link #SSL} and {@link #MTLS}
   * @param password its password (any string, for testing wrong credentials)
   * @return {@code bootstrap.servers}, {@code security.protocol} and the SASL and TLS entries
   */
  public Map<String, String> clientProperties(
      String protocol, String mechanism, String user, String password) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("bootstrap.servers", bootstrapServers(protocol));
    String securityProtocol = BrokerSecurity.protocolOf(protocol);
    p.put("security.protocol", securityProtocol);
    if (!SSL.equals(securityProtocol)) {
      p.put("sasl.mechanism", mechanism);
      p.put(
          "sasl.jaas.config",
          "PLAIN".equals(mechanism)
              ? BrokerSecurity.plainJaas(user, password)
              : BrokerSecurity.scramJaas(user, password));
    }
    if (!SASL_PLAINTEXT.equals(protocol)) {
      p.put("ssl.truststore.location", truststoreLocation().toString());
      p.put("ssl.truststore.password", truststorePassword());
      p.put("ssl.truststore.type", "PKCS12");
    }
    return p;
  }
}
