package dev.kafkaconnector.examples.pipeline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link KafkaPipelineLauncher#run} on another thread of this JVM with its standard error captured,
 * for tests that watch the launcher's lines while its job runs. Close it to give standard error
 * back.
 */
final class LauncherRun implements AutoCloseable {
  private static final Duration WAIT = Duration.ofMinutes(2);

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintStream originalErr = System.err;
  private final CompletableFuture<Integer> status;

  private LauncherRun(String[] args) {
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    status = CompletableFuture.supplyAsync(() -> KafkaPipelineLauncher.run(args));
  }

  /** Starts the launcher with {@code args}. */
  static LauncherRun start(String... args) {
    return new LauncherRun(args);
  }

  /** What the launcher printed on standard error so far. */
  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /**
   * Waits until a whole line of standard error matches {@code regex} (or the launcher ended, or 2
   * minutes passed) and asserts that one does.
   *
   * @return the match, for its groups
   */
  Matcher awaitLine(String regex) throws InterruptedException {
    Pattern line = Pattern.compile("^" + regex + "$", Pattern.MULTILINE);
    long deadline = System.nanoTime() + WAIT.toNanos();
    Matcher seen = line.matcher(err());
    while (!seen.find() && !status.isDone() && System.nanoTime() < deadline) {
      Thread.sleep(100);
      seen = line.matcher(err());
    }
    Matcher last = line.matcher(err());
    assertTrue(last.find(), "no line matching " + regex + " in\n" + err());
    return last;
  }

  /** The launcher's exit status, once it ends (at most 2 minutes from now). */
  int status() throws Exception {
    return status.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Asserts that a whole line of {@code text} matches {@code regex}. */
  static void assertLine(String regex, String text) {
    assertTrue(
        Pattern.compile("^" + regex + "$", Pattern.MULTILINE).matcher(text).find(),
        "no line matching " + regex + " in\n" + text);
  }

  @Override
  public void close() {
    System.setErr(originalErr);
  }
}
