package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's {@code keytool}, run as a process, with one method per command that the TLS stores of
 * an embedded broker need ({@link BrokerSecurity}): key pairs valid for 7 days, certificates
 * exported, imported, requested and signed. Kept apart so that the broker's security reads as which
 * stores it makes, not as keytool's arguments.
 */
final class Keytool {
  private static final long TIMEOUT_SECONDS = 60;

  /** Where keytool's output goes; it never holds a password, and goes into a failure. */
  private final Path log;

  Keytool(Path log) {
    this.log = log;
  }

  /**
   * Generates a self-signed RSA key pair {@code alias} for {@code 127.0.0.1} and {@code localhost}
   * in the PKCS12 {@code store}, whose store and key password is {@code password}.
   */
  void generateKeyPair(Path store, String alias, String password) {
    run(
        "-genkeypair",
        "-alias",
        alias,
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "7",
        "-dname",
        "CN=" + alias + ".embedded-kafka",
        "-ext",
        "SAN=IP:127.0.0.1,DNS:localhost",
        "-storetype",
        "PKCS12",
        "-keystore",
        store.toString(),
        "-storepass",
        password,
        "-keypass",
        password);
  }

  /**
   * Generates the key pair {@code ca} of a certificate authority (basic constraint CA) in the
   * PKCS12 {@code store}, whose store and key password is {@code password}.
   */
  void generateCertificateAuthority(Path store, String password) {
    run(
        "-genkeypair",
        "-alias",
        "ca",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "7",
        "-dname",
        "CN=ca.embedded-kafka",
        "-ext",
        "bc:c",
        "-storetype",
        "PKCS12",
        "-keystore",
        store.toString(),
        "-storepass",
        password,
        "-keypass",
        password);
  }

  /** Generates the client key pair {@code client} in the JKS {@code keystore}. */
  void generateClientKeyPair(Path keystore, String keystorePassword, String keyPassword) {
    run(
        "-genkeypair",
        "-alias",
        "client",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "7",
        "-dname",
        "CN=client.embedded-kafka",
        "-storetype",
        "JKS",
        "-keystore",
        keystore.toString(),
        "-storepass",
        keystorePassword,
        "-keypass",
        keyPassword);
  }

  /** Writes the certificate of {@code alias} in {@code store} to {@code certificate} (PEM). */
  void exportCertificate(Path store, String alias, String password, Path certificate) {
    run(
        "-exportcert",
        "-rfc",
        "-alias",
        alias,
        "-keystore",
        store.toString(),
        "-storepass",
        password,
        "-file",
        certificate.toString());
  }

  /** Adds {@code certificate} as trusted {@code alias} to the PKCS12 {@code truststore}. */
  void importCertificate(Path truststore, String alias, Path certificate, String password) {
    run(
        "-importcert",
        "-noprompt",
        "-alias",
        alias,
        "-file",
        certificate.toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        truststore.toString(),
        "-storepass",
        password);
  }

  /**
   * Writes a signing request of the key pair {@code client} in {@code keystore} to {@code request}.
   */
  void requestClientCertificate(
      Path keystore, String keystorePassword, String keyPassword, Path request) {
    run(
        "-certreq",
        "-alias",
        "client",
        "-keystore",
        keystore.toString(),
        "-storepass",
        keystorePassword,
        "-keypass",
        keyPassword,
        "-file",
        request.toString());
  }

  /** Signs {@code request} with the key pair {@code ca} of {@code caStore}, into {@code signed}. */
  void sign(Path caStore, String caPassword, Path request, Path signed) {
    run(
        "-gencert",
        "-rfc",
        "-alias",
        "ca",
        "-validity",
        "7",
        "-keystore",
        caStore.toString(),
        "-storepass",
        caPassword,
        "-infile",
        request.toString(),
        "-outfile",
        signed.toString());
  }

  /**
   * Imports into the JKS {@code keystore} the authority's certificate {@code caCertificate}, then
   * the key pair {@code client}'s certificate {@code signed} that it signed.
   */
  void importSignedClientCertificate(
      Path keystore, String keystorePassword, String keyPassword, Path caCertificate, Path signed) {
    run(
        "-importcert",
        "-noprompt",
        "-alias",
        "ca",
        "-file",
        caCertificate.toString(),
        "-keystore",
        keystore.toString(),
        "-storepass",
        keystorePassword);
    run(
        "-importcert",
        "-noprompt",
        "-alias",
        "client",
        "-file",
        signed.toString(),
        "-keystore",
        keystore.toString(),
        "-storepass",
        keystorePassword,
        "-keypass",
        keyPassword);
  }

  /** Runs keytool with {@code args}; its output goes into a failure. */
  private void run(String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new EmbeddedKafkaException("keytool " + args[0] + " did not end in time");
      }
      if (process.exitValue() != 0) {
        throw new EmbeddedKafkaException(
            "keytool "
                + args[0]
                + " exited with "
                + process.exitValue()
                + ": "
                + Files.readString(log, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run keytool " + args[0], e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddedKafkaException("Interrupted while running keytool", e);
    }
  }
}
