package dev.kafkaconnector.runners.registry;

import dev.kafkaconnector.runners.ChildJvm;
import dev.kafkaconnector.runners.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One Apicurio Registry 3 server with its Confluent-compatible API, run as a child JVM ({@code java
 * -jar apicurio-registry-app-<version>-runner.jar}) on a free port of 127.0.0.1. Its storage is an
 * in-memory database: every start begins with no schema, and nothing outlives {@link #close()}.
 *
 * <pre>{@code
 * try (SchemaRegistryServer registry = new SchemaRegistryServer().start()) {
 *   String url = registry.url(); // http://127.0.0.1:<port>/apis/ccompat/v7
 *   ...
 * }
 * }</pre>
 *
 * <p>The distribution (the unpacked {@code io.apicurio:apicurio-registry-app:<version>:zip:all}) is
 * the folder named by the system property {@value #HOME_PROPERTY}. Start-up takes about 10 s on an
 * idle machine and can take half a minute on a loaded one; {@link #start()} waits up to {@link
 * #STARTUP_TIMEOUT}. The registry's output goes to {@code registry.log} in a directory of its own
 * (under {@code target} when the working directory has one), quoted when the start fails.
 */
public final class SchemaRegistryServer implements AutoCloseable {
  /** System property naming the folder that holds {@code apicurio-registry-app-*-runner.jar}. */
  public static final String HOME_PROPERTY = "kafkaconnector.registry.home";

  /** How long {@link #start()} waits for the registry to report itself ready. */
  public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);

  private static final String HOST = "127.0.0.1";
  private static final String NAME = "registry";
  private static final Duration POLL_INTERVAL = Duration.ofMillis(250);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

  private final Path home;
  private final Thread shutdownHook = new Thread(this::killNow, "schema-registry-kill");
  private volatile ChildJvm process;
  private int port;

  /** A server from the distribution named by the system property {@value #HOME_PROPERTY}. */
  public SchemaRegistryServer() {
    this(homeFromProperty());
  }

  /**
   * A server from the distribution in {@code home}.
   *
   * @param home the unpacked distribution: the folder holding the runner jar and {@code lib/}
   */
  public SchemaRegistryServer(Path home) {
    this.home = Objects.requireNonNull(home, "home");
  }

  /**
   * Launches the registry and waits until {@code /health/ready} answers 200.
   *
   * @return this server, running
   * @throws IllegalStateException when the distribution is missing, or the process ends or is not
   *     ready within {@link #STARTUP_TIMEOUT} (the message quotes the end of its log)
   */
  public synchronized SchemaRegistryServer start() {
    if (process != null) {
      throw new IllegalStateException("start() was called already: " + this);
    }
    Path runnerJar = runnerJar(home);
    port = FreePorts.take(HOST, 1)[0];
    List<String> args = new ArrayList<>();
    args.add("-Xmx256m");
    args.add("-Dquarkus.http.host=" + HOST);
    args.add("-Dquarkus.http.port=" + port);
    // The start-up line ("started in N s. Listening on ...") for the log; WARN only otherwise.
    args.add("-Dquarkus.log.category.\"io.quarkus\".level=INFO");
    args.add("-jar");
    args.add(runnerJar.toString());
    process = ChildJvm.launch(NAME, newDirectory(), args);
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    try {
      awaitReady();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    return this;
  }

  /**
   * The base URL of the Confluent-compatible API, for a Confluent client's {@code
   * schema.registry.url}.
   *
   * @return {@code http://127.0.0.1:<port>/apis/ccompat/v7}
   */
  public synchronized String url() {
    return baseUrl() + "/apis/ccompat/v7";
  }

  /** The HTTP port the registry listens on (127.0.0.1). */
  public synchronized int port() {
    requireStarted();
    return port;
  }

  /** The registry's log file. */
  public synchronized Path logFile() {
    requireStarted();
    return process.logFile();
  }

  /** Stops the registry (SIGTERM, SIGKILL after 20 s) and waits for its end; the log stays. */
  @Override
  public synchronized void close() {
    if (process == null) {
      return;
    }
    process.stop(20);
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException | IllegalArgumentException alreadyGone) {
      // the JVM is shutting down, and the hook runs anyway
    }
  }

  @Override
  public synchronized String toString() {
    return "SchemaRegistryServer{" + (process == null ? home : url()) + "}";
  }

  private String baseUrl() {
    requireStarted();
    return "http://" + HOST + ":" + port;
  }

  private void awaitReady() {
    URI ready = URI.create(baseUrl() + "/health/ready");
    HttpClient client = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
    long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
    while (!answersOk(client, ready)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "The schema registry ended before it was ready\n" + process.diagnostics());
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "The schema registry was not ready at "
                + ready
                + " after "
                + STARTUP_TIMEOUT.toSeconds()
                + " s\n"
                + process.diagnostics());
      }
      try {
        Thread.sleep(POLL_INTERVAL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for the schema registry", e);
      }
    }
  }

  private static boolean answersOk(HttpClient client, URI uri) {
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT).GET().build();
    try {
      return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException notYet) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the schema registry", e);
    }
  }

  private void requireStarted() {
    if (process == null) {
      throw new IllegalStateException("The schema registry is not started: call start() first");
    }
  }

  /** For the shutdown hook: no lock, no waiting. */
  private void killNow() {
    ChildJvm running = process;
    if (running != null) {
      running.killNow();
    }
  }

  private static Path newDirectory() {
    Path parent =
        Files.isDirectory(Path.of("target"))
            ? Path.of("target").toAbsolutePath()
            : Path.of(System.getProperty("java.io.tmpdir"));
    try {
      return Files.createTempDirectory(parent, "schema-registry-");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create the schema registry's directory in " + parent, e);
    }
  }

  private static Path homeFromProperty() {
    String value = System.getProperty(HOME_PROPERTY);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(
          "The system property " + HOME_PROPERTY + " is not set. " + howToSetHome());
    }
    return Path.of(value.trim());
  }

  private static Path runnerJar(Path home) {
    List<Path> jars = new ArrayList<>();
    if (Files.isDirectory(home)) {
      try (DirectoryStream<Path> found = Files.newDirectoryStream(home, "*-runner.jar")) {
        found.forEach(jars::add);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot list " + home, e);
      }
    }
    if (jars.size() != 1 || !Files.isDirectory(home.resolve("lib"))) {
      throw new IllegalStateException(
          "No Apicurio Registry distribution in "
              + home.toAbsolutePath()
              + " (one *-runner.jar and lib/ expected, found "
              + jars
              + "). "
              + howToSetHome());
    }
    return jars.get(0).toAbsolutePath();
  }

  private static String howToSetHome() {
    return "Set -D"
        + HOME_PROPERTY
        + "=<folder> to an unpacked io.apicurio:apicurio-registry-app:<version>:zip:all (the"
        + " folder holding apicurio-registry-app-<version>-runner.jar and lib/). The runners-it"
        + " build unpacks it into runners-it/target/apicurio-registry before its integration tests"
        + " (alone: mvn -pl runners-it dependency:unpack@unpack-schema-registry) and sets the"
        + " property for its failsafe tests.";
  }
}
