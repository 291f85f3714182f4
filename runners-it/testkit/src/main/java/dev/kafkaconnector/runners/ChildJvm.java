package dev.kafkaconnector.runners;

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
 * One child JVM started by the test kit ({@code java @argfile}, the {@code java} of this JVM),
 * whose output goes to a log file: the processes of a Flink session cluster, a schema registry. The
 * command line is passed in a Java argument file, so a long class path does not hit the operating
 * system's limit on the length of one argument. Stopping it also stops the processes it started.
 */
public final class ChildJvm {
  /** How much of the end of the log {@link #diagnostics()} quotes, in lines and bytes. */
  private static final int LOG_TAIL_LINES = 40;

  private static final int LOG_TAIL_BYTES = 16 * 1024;

  private final String name;
  private final Path logFile;
  private final Process process;

  private ChildJvm(String name, Path logFile, Process process) {
    this.name = name;
    this.logFile = logFile;
    this.process = process;
  }

  /**
   * Launches {@code java <args>} in {@code directory}, appending its output to {@code <name>.log}
   * there.
   *
   * @param name names the process in messages and its files ({@code <name>.log}, {@code
   *     <name>-jvm.args})
   * @param directory the working directory, which holds the log and the argument file
   * @param args the JVM options, then the main class or {@code -jar <jar>}, then its arguments
   * @return the running process
   * @throws UncheckedIOException when the process cannot be started
   */
  public static ChildJvm launch(String name, Path directory, List<String> args) {
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
      throw new UncheckedIOException("Cannot launch the " + name + " JVM in " + directory, e);
    }
  }

  /** The name given to {@link #launch}. */
  public String name() {
    return name;
  }

  /** The operating system's process id. */
  public long pid() {
    return process.pid();
  }

  /** The file that receives the process's standard output and error. */
  public Path logFile() {
    return logFile;
  }

  /** Whether the process is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * {@code kill -9} of the process and its descendants: they end without running any shutdown hook.
   *
   * @throws IllegalStateException when the process is still alive 30 s later
   */
  public void kill() {
    List<ProcessHandle> descendants = process.descendants().toList();
    process.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
    if (!awaitExit(30)) {
      throw new IllegalStateException(
          name + " (pid " + process.pid() + ") still alive 30 s after SIGKILL");
    }
  }

  /**
   * SIGTERM to the process and its descendants, then SIGKILL if the JVM has not ended within {@code
   * seconds}.
   */
  public void stop(long seconds) {
    if (!process.isAlive()) {
      return;
    }
    List<ProcessHandle> descendants = process.descendants().toList();
    process.destroy();
    descendants.forEach(ProcessHandle::destroy);
    if (!awaitExit(seconds)) {
      kill();
    }
  }

  /** Kills the process and its descendants without waiting; for JVM shutdown hooks. */
  public void killNow() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** The state of the process and the last lines of its log, for error messages. */
  public String diagnostics() {
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
      throw new IllegalStateException("Interrupted while waiting for the end of " + name, e);
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
      List<String> lines = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\n"));
      // The first line of a cut read is a partial one.
      int from = Math.max(start > 0 ? 1 : 0, lines.size() - LOG_TAIL_LINES);
      return String.join("\n", lines.subList(Math.min(from, lines.size()), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + logFile + ": " + e + ")";
    }
  }
}
