package dev.kafkaconnector.runners.flink;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM of the session cluster ({@code java @argfile}), whose output goes to a log file.
 * The command line is passed in a Java argument file, so a long class path does not hit the
 * operating system's limit on the length of one argument.
 */
final class ChildJvm {
  private static final int LOG_TAIL_BYTES = 8 * 1024;

  private final String name;
  private final Path logFile;
  private final Process process;

  private ChildJvm(String name, Path logFile, Process process) {
    this.name = name;
    this.logFile = logFile;
    this.process = process;
  }

  /**
   * Launches {@code java <args>} in {@code directory}, appending its output to {@code <name>.log}.
   */
  static ChildJvm launch(String name, Path directory, List<String> args) {
    Path argFile = directory.resolve(name + "-jvm.args");
    Path log = directory.resolve(name + ".log");
    List<String> lines = new ArrayList<>();
    for (String arg : args) {
      lines.add('"' + arg.replace("\\", "\\\\").replace("\"", "\\\"") + '"');
    }
    try {
      Files.write(argFile, lines, StandardCharsets.UTF_8);
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process process =
          new ProcessBuilder(java, "@" + argFile)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .redirectOutput(Redirect.appendTo(log.toFile()))
              .start();
      return new ChildJvm(name, log, process);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot launch the Flink " + name + " JVM in " + directory, e);
    }
  }

  String name() {
    return name;
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** {@code kill -9}: the process ends without running any shutdown hook. */
  void kill() {
    process.destroyForcibly();
    if (!awaitExit(30)) {
      throw new FlinkClusterException(
          name + " (pid " + process.pid() + ") still alive 30 s after" + " SIGKILL");
    }
  }

  /** SIGTERM, then SIGKILL if the JVM has not ended within {@code seconds}. */
  void stop(long seconds) {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    if (!awaitExit(seconds)) {
      kill();
    }
  }

  /** Kills the process without waiting; for JVM shutdown hooks. */
  void killNow() {
    process.destroyForcibly();
  }

  /** The state of the process and the end of its log, for error messages. */
  String diagnostics() {
    String state =
        process.isAlive()
            ? name + " (pid " + process.pid() + ") alive"
            : name + " (pid " + process.pid() + ") exited with code " + process.exitValue();
    return state + "; end of " + logFile + ":\n" + logTail();
  }

  private boolean awaitExit(long seconds) {
    try {
      return process.waitFor(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FlinkClusterException("Interrupted while waiting for the end of " + name, e);
    }
  }

  private String logTail() {
    if (!Files.exists(logFile)) {
      return "(no log yet)";
    }
    try (RandomAccessFile file = new RandomAccessFile(logFile.toFile(), "r")) {
      long start = Math.max(0L, file.length() - LOG_TAIL_BYTES);
      byte[] bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
      String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
      return String.join(
          "\n", Arrays.asList(lines).subList(Math.min(1, lines.length), lines.length));
    } catch (IOException e) {
      return "(cannot read " + logFile + ": " + e + ")";
    }
  }
}
