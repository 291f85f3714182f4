package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The TLS stores of the secured brokers of this JVM, made once with the JDK's {@code keytool} (nine
 * runs of it, several seconds on two busy cores) in a temporary directory that is deleted when the
 * JVM exits, and copied into each secured cluster's directory: the broker's key pair for {@code
 * 127.0.0.1} and the truststore trusting it, an untrusted truststore, the test certificate
 * authority with the truststore of the mutual-TLS listener, and an untrusted client keystore. All
 * share one random password. Client stores, whose passwords a test chooses, are made per cluster.
 */
final class TlsStoreTemplate {
  static final String BROKER_KEYSTORE = "broker.p12";
  static final String TRUSTSTORE = "truststore.p12";
  static final String UNTRUSTED_TRUSTSTORE = "untrusted-truststore.p12";
  static final String CERTIFICATE_AUTHORITY = "ca.p12";
  static final String CLIENT_CA_TRUSTSTORE = "client-ca-truststore.p12";
  static final String UNTRUSTED_CLIENT_KEYSTORE = "untrusted-client.p12";
  static final String BROKER_CERTIFICATE = "broker.crt";
  static final String CA_CERTIFICATE = "ca.crt";

  private static final List<String> COPIED =
      List.of(
          BROKER_KEYSTORE,
          TRUSTSTORE,
          UNTRUSTED_TRUSTSTORE,
          CERTIFICATE_AUTHORITY,
          CLIENT_CA_TRUSTSTORE,
          UNTRUSTED_CLIENT_KEYSTORE,
          BROKER_CERTIFICATE,
          CA_CERTIFICATE);

  private static TlsStoreTemplate instance;

  private final Path directory;
  private final String password = UUID.randomUUID().toString();

  private TlsStoreTemplate(Path directory) {
    this.directory = directory;
  }

  /** The stores of this JVM, made on the first call. */
  static synchronized TlsStoreTemplate get() {
    if (instance == null) {
      try {
        Path directory = Files.createTempDirectory("embedded-kafka-tls-");
        directory.toFile().deleteOnExit();
        TlsStoreTemplate template = new TlsStoreTemplate(directory);
        template.create();
        instance = template;
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the TLS stores of the embedded brokers", e);
      }
    }
    return instance;
  }

  /** The password of every store and key of the template. */
  String password() {
    return password;
  }

  /** Copies the stores and the two certificates into {@code target}, creating it. */
  void copyTo(Path target) {
    try {
      Files.createDirectories(target);
      for (String name : COPIED) {
        Files.copy(
            directory.resolve(name), target.resolve(name), StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot copy the TLS stores into " + target, e);
    }
  }

  private void create() throws IOException {
    Keytool keytool = new Keytool(file("keytool.log"));
    Path other = file("other.p12");
    Path otherCert = file("other.crt");
    keytool.generateKeyPair(file(BROKER_KEYSTORE), "broker", password);
    keytool.generateKeyPair(other, "other", password);
    keytool.exportCertificate(file(BROKER_KEYSTORE), "broker", password, file(BROKER_CERTIFICATE));
    keytool.exportCertificate(other, "other", password, otherCert);
    keytool.importCertificate(file(TRUSTSTORE), "broker", file(BROKER_CERTIFICATE), password);
    keytool.importCertificate(file(UNTRUSTED_TRUSTSTORE), "other", otherCert, password);
    keytool.generateCertificateAuthority(file(CERTIFICATE_AUTHORITY), password);
    keytool.exportCertificate(file(CERTIFICATE_AUTHORITY), "ca", password, file(CA_CERTIFICATE));
    keytool.importCertificate(file(CLIENT_CA_TRUSTSTORE), "ca", file(CA_CERTIFICATE), password);
    keytool.generateKeyPair(file(UNTRUSTED_CLIENT_KEYSTORE), "stranger", password);
    try (Stream<Path> files = Files.list(directory)) {
      files.forEach(f -> f.toFile().deleteOnExit());
    }
  }

  private Path file(String name) {
    return directory.resolve(name);
  }
}
