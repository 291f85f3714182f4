package dev.kafkaconnector.runners.kafka;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the broker as a child JVM ({@code java -cp <classpath> kafka.Kafka server.properties}),
 * whose output goes to {@code broker.log} in the cluster directory.
 *
 * <p>The command line is passed in a Java argument file, so a long classpath does not hit the
 * operating system's limit on the length of one argument.
 */
final class ChildProcessBrokerRunner implements BrokerRunner {

  /** How much of the end of {@code broker.log} an error message quotes. */
  private static final int LOG_TAIL_LINES = 40;

  private static final int LOG_TAIL_BYTES = 16 * 1024;

  private final BrokerConfig config;
  private final String classpath;
  private final List<String> jvmOptions;
  private Process process;

  ChildProcessBrokerRunner(BrokerConfig config, String classpath, List<String> jvmOptions) {
    this.config = config;
    this.classpath = classpath;
    this.jvmOptions = List.copyOf(jvmOptions);
  }

  @Override
  public void start() {
    config.formatStorage();
    Path argFile = config.directory().resolve("broker-jvm.args");
    List<String> args = new ArrayList<>(jvmOptions);
    args.addAll(Arrays.asList("-cp", classpath, "kafka.Kafka", config.propertiesFile().toString()));
    List<String> lines = new ArrayList<>();
    for (String arg : args) {
      lines.add(quote(arg));
    }
    try {
      Files.write(argFile, lines, StandardCharsets.UTF_8);
      process =
          new ProcessBuilder(javaBinary(), "@" + argFile)
              .directory(config.directory().toFile())
              .redirectErrorStream(true)
              .redirectOutput(Redirect.appendTo(config.logFile().toFile()))
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot launch the Kafka broker JVM in " + config.directory(), e);
    }
  }

  @Override
  public void stop(Duration timeout) {
    Process running = process;
    if (running == null || !running.isAlive()) {
      return;
    }
    running.destroy(); // SIGTERM: kafka.Kafka's shutdown hook stops the broker cleanly
    if (!waitFor(running, timeout)) {
      kill(timeout);
    }
  }

  @Override
  public void beginStop() {
    Process running = process;
    if (running != null && running.isAlive()) {
      running.destroy();
    }
  }

  @Override
  public void kill(Duration timeout) {
    Process running = process;
    if (running == null || !running.isAlive()) {
      return;
    }
    running.destroyForcibly(); // SIGKILL
    if (!waitFor(running, timeout)) {
      throw new EmbeddedKafkaException(
          "Kafka broker process " + running.pid() + " still alive " + timeout + " after SIGKILL");
    }
  }

  @Override
  public boolean isAlive() {
    Process running = process;
    return running != null && running.isAlive();
  }

  @Override
  public String diagnostics() {
    Process running = process;
    String state;
    if (running == null) {
      state = "broker process not launched";
    } else if (running.isAlive()) {
      state = "broker process " + running.pid() + " alive";
    } else {
      state = "broker process " + running.pid() + " exited with code " + running.exitValue();
    }
    return state + "; last lines of " + config.logFile() + ":\n" + logTail();
  }

  @Override
  public boolean portWasTaken(Throwable startFailure) {
    return !isAlive() && logTail().contains("Address already in use");
  }

  /** Kills the child without waiting; for JVM shutdown hooks, which must not block on locks. */
  void killNow() {
    Process running = process;
    if (running != null) {
      running.destroyForcibly();
    }
  }

  private String logTail() {
    Path log = config.logFile();
    if (!Files.exists(log)) {
      return "(no log yet)";
    }
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      long start = Math.max(0L, file.length() - LOG_TAIL_BYTES);
      byte[] bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
      String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
      int from = Math.max(0, lines.length - LOG_TAIL_LINES);
      return String.join("\n", Arrays.asList(lines).subList(from, lines.length));
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e + ")";
    }
  }

  private static boolean waitFor(Process process, Duration timeout) {
    try {
      return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddedKafkaException("Interrupted while waiting for the Kafka broker to end", e);
    }
  }

  private static String javaBinary() {
    return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Quotes one argument for a Java {@code @argfile}: backslashes and quotes are escaped. */
  private static String quote(String arg) {
    return '"' + arg.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
