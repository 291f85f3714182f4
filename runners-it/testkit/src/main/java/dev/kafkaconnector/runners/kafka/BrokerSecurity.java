package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;

/**
 * The secured listeners of an embedded broker: {@code SASL_PLAINTEXT}, {@code SSL}, {@code
 * SASL_SSL} and {@code MTLS} (SSL with {@code ssl.client.auth=required}), each on its own port
 * beside the PLAINTEXT one (which stays the inter-broker and admin listener, and the controller
 * listener stays PLAINTEXT too).
 *
 * <p>SASL listeners accept PLAIN (users declared in the listener's JAAS configuration) and
 * SCRAM-SHA-256 / SCRAM-SHA-512 (users created with {@code alterUserScramCredentials} once the
 * broker runs). The TLS key pair is a self-signed RSA certificate for {@code 127.0.0.1} made by the
 * JDK's {@code keytool} once per JVM ({@link TlsStoreTemplate}) and copied into the cluster
 * directory; its truststore is what clients trust, and an "untrusted" truststore holding another
 * certificate lets tests check a failed handshake.
 *
 * <p>The {@code MTLS} listener trusts the client certificates a test certificate authority (made at
 * start, like the broker's key pair) signed: {@link #createClientStores} signs the client key pairs
 * it makes; an "untrusted" client keystore holds a self-signed certificate that the broker refuses.
 */
final class BrokerSecurity {
  /** The SASL mechanisms every SASL listener enables. */
  static final List<String> MECHANISMS = List.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");

  /** The secured listener names, which are also their security protocols. */
  static final List<String> LISTENERS = List.of("SASL_PLAINTEXT", "SSL", "SASL_SSL", "MTLS");

  /** The listener that asks for a client certificate; its security protocol is SSL. */
  static final String MTLS = "MTLS";

  private final Path directory;
  private final Map<String, String> users;
  private final TlsStoreTemplate template = TlsStoreTemplate.get();
  private final String storePassword = template.password();
  private final Keytool keytool;
  private boolean storesCreated;

  BrokerSecurity(Path directory, Map<String, String> users) {
    this.directory = directory;
    this.keytool = new Keytool(directory.resolve("tls/keytool.log"));
    this.users = Map.copyOf(users);
  }

  Map<String, String> users() {
    return users;
  }

  /** A file of the cluster's TLS directory. */
  private Path tls(String name) {
    return directory.resolve("tls").resolve(name);
  }

  Path keystore() {
    return tls(TlsStoreTemplate.BROKER_KEYSTORE);
  }

  Path truststore() {
    return tls(TlsStoreTemplate.TRUSTSTORE);
  }

  Path untrustedTruststore() {
    return tls(TlsStoreTemplate.UNTRUSTED_TRUSTSTORE);
  }

  /** The test certificate authority's key pair, which signs the trusted client certificates. */
  private Path certificateAuthority() {
    return tls(TlsStoreTemplate.CERTIFICATE_AUTHORITY);
  }

  /** What the MTLS listener trusts: the test certificate authority's certificate. */
  private Path clientCaTruststore() {
    return tls(TlsStoreTemplate.CLIENT_CA_TRUSTSTORE);
  }

  /** A PKCS12 client keystore whose self-signed certificate the MTLS listener does not trust. */
  Path untrustedClientKeystore() {
    return tls(TlsStoreTemplate.UNTRUSTED_CLIENT_KEYSTORE);
  }

  String storePassword() {
    return storePassword;
  }

  /** The broker settings of the secured listeners, given the listener ports. */
  Map<String, String> brokerSettings() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("sasl.enabled.mechanisms", String.join(",", MECHANISMS));
    for (String listener : List.of("SASL_PLAINTEXT", "SASL_SSL")) {
      String prefix = "listener.name." + listener.toLowerCase(Locale.ROOT) + ".";
      p.put(prefix + "plain.sasl.jaas.config", plainServerJaas());
      p.put(
          prefix + "scram-sha-256.sasl.jaas.config",
          "org.apache.kafka.common.security.scram.ScramLoginModule required;");
      p.put(
          prefix + "scram-sha-512.sasl.jaas.config",
          "org.apache.kafka.common.security.scram.ScramLoginModule required;");
    }
    p.put("ssl.keystore.type", "PKCS12");
    p.put("ssl.keystore.location", keystore().toAbsolutePath().toString());
    p.put("ssl.keystore.password", storePassword);
    p.put("ssl.key.password", storePassword);
    p.put("ssl.client.auth", "none");
    String mtls = "listener.name." + MTLS.toLowerCase(Locale.ROOT) + ".";
    p.put(mtls + "ssl.client.auth", "required");
    p.put(mtls + "ssl.truststore.type", "PKCS12");
    p.put(mtls + "ssl.truststore.location", clientCaTruststore().toAbsolutePath().toString());
    p.put(mtls + "ssl.truststore.password", storePassword);
    return p;
  }

  private String plainServerJaas() {
    StringBuilder jaas =
        new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
    users.forEach(
        (user, password) ->
            jaas.append(" user_").append(user).append("=\"").append(password).append('"'));
    return jaas.append(';').toString();
  }

  /**
   * Puts the broker keystore, the truststore trusting it, the untrusted truststore and the stores
   * of the mutual-TLS listener into the cluster directory; does nothing the second time (a restart
   * keeps the same certificate).
   */
  synchronized void createStores() {
    if (storesCreated) {
      return;
    }
    template.copyTo(keystore().getParent());
    storesCreated = true;
  }

  /**
   * Creates client stores in {@code target}: a PKCS12 truststore trusting the broker's certificate
   * and a JKS keystore with a client key pair whose certificate the test certificate authority
   * signed, so that the MTLS listener accepts it (JKS, because a PKCS12 key has the store's
   * password), each with the given passwords. Needs {@link #createStores()} to have run (the
   * cluster started).
   */
  synchronized Path[] createClientStores(
      Path target, String truststorePassword, String keystorePassword, String keyPassword) {
    if (!storesCreated) {
      throw new IllegalStateException("the broker's stores do not exist yet: start the cluster");
    }
    try {
      Files.createDirectories(target);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create " + target, e);
    }
    Path truststore = target.resolve("client-truststore.p12");
    Path keystore = target.resolve("client-keystore.jks");
    keytool.importCertificate(
        truststore, "broker", tls(TlsStoreTemplate.BROKER_CERTIFICATE), truststorePassword);
    keytool.generateClientKeyPair(keystore, keystorePassword, keyPassword);
    Path request = target.resolve("client.csr");
    Path signed = target.resolve("client.crt");
    keytool.requestClientCertificate(keystore, keystorePassword, keyPassword, request);
    keytool.sign(certificateAuthority(), storePassword, request, signed);
    keytool.importSignedClientCertificate(
        keystore, keystorePassword, keyPassword, tls(TlsStoreTemplate.CA_CERTIFICATE), signed);
    return new Path[] {truststore, keystore};
  }

  /** Adds the secured listeners to {@code p}, whose PLAINTEXT and CONTROLLER ones are set. */
  void addListeners(Properties p, Map<String, Integer> ports, String host) {
    StringBuilder listeners = new StringBuilder(p.getProperty("listeners"));
    StringBuilder advertised = new StringBuilder(p.getProperty("advertised.listeners"));
    StringBuilder map = new StringBuilder(p.getProperty("listener.security.protocol.map"));
    for (String listener : LISTENERS) {
      String address = "," + listener + "://" + host + ":" + ports.get(listener);
      listeners.append(address);
      advertised.append(address);
      map.append(',').append(listener).append(':').append(protocolOf(listener));
    }
    p.setProperty("listeners", listeners.toString());
    p.setProperty("advertised.listeners", advertised.toString());
    p.setProperty("listener.security.protocol.map", map.toString());
    brokerSettings().forEach(p::setProperty);
  }

  /** The security protocol of a secured listener: its name, but SSL for {@link #MTLS}. */
  static String protocolOf(String listener) {
    return MTLS.equals(listener) ? "SSL" : listener;
  }

  /**
   * Creates the SCRAM credentials of every user for both SCRAM mechanisms through {@code admin} (on
   * the PLAINTEXT listener), then waits until a SCRAM-SHA-512 login of one user on {@code
   * saslBootstrap} succeeds, so that tests never race the credentials' propagation.
   */
  void createScramUsers(Admin admin, String saslBootstrap, Deadline deadline) {
    if (users.isEmpty()) {
      return;
    }
    // One request per mechanism: a request may not alter a user's credentials twice.
    for (ScramMechanism mechanism :
        List.of(ScramMechanism.SCRAM_SHA_256, ScramMechanism.SCRAM_SHA_512)) {
      List<UserScramCredentialAlteration> alterations = new ArrayList<>();
      users.forEach(
          (user, password) ->
              alterations.add(
                  new UserScramCredentialUpsertion(
                      user, new ScramCredentialInfo(mechanism, 4096), password)));
      try {
        admin
            .alterUserScramCredentials(alterations)
            .all()
            .get(deadline.callTimeoutMillis(30_000), TimeUnit.MILLISECONDS);
      } catch (ExecutionException | TimeoutException e) {
        throw new EmbeddedKafkaException("Cannot create the " + mechanism + " users: " + e, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new EmbeddedKafkaException("Interrupted while creating the SCRAM users", e);
      }
    }
    awaitScramLogin(saslBootstrap, deadline);
  }

  private void awaitScramLogin(String saslBootstrap, Deadline deadline) {
    Map.Entry<String, String> user = users.entrySet().iterator().next();
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("bootstrap.servers", saslBootstrap);
    props.put("client.id", "embedded-kafka-scram-check");
    props.put("security.protocol", "SASL_PLAINTEXT");
    props.put("sasl.mechanism", "SCRAM-SHA-512");
    props.put("sasl.jaas.config", scramJaas(user.getKey(), user.getValue()));
    String last = "not checked";
    while (!deadline.isExpired()) {
      try (Admin scram = Admin.create(props)) {
        scram
            .describeCluster()
            .nodes()
            .get(deadline.callTimeoutMillis(10_000), TimeUnit.MILLISECONDS);
        return;
      } catch (ExecutionException | TimeoutException e) {
        last = String.valueOf(e.getCause() == null ? e : e.getCause().getClass().getName());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new EmbeddedKafkaException("Interrupted while checking the SCRAM users", e);
      }
      deadline.pauseBeforeNextPoll();
    }
    throw new EmbeddedKafkaException(
        "SCRAM login on " + saslBootstrap + " never succeeded: " + last);
  }

  /** A client JAAS configuration of a SCRAM login. */
  static String scramJaas(String user, String password) {
    return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
        + user
        + "\" password=\""
        + password
        + "\";";
  }

  /** A client JAAS configuration of a PLAIN login. */
  static String plainJaas(String user, String password) {
    return "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + user
        + "\" password=\""
        + password
        + "\";";
  }
}
