package dev.kafkaconnector.runners.security;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.slf4j.event.Level;

/**
 * Canary secrets and the places they must never reach. A canary is a unique string put into a
 * secret option; while {@link #start() capturing}, every slf4j log event of every logger in the JVM
 * (through {@link CapturingSlf4jProvider}, at DEBUG and above, whatever is printed), every {@code
 * java.util.logging} record (commons-logging ends there too), every line written to {@code
 * System.out} / {@code System.err}, and every text a test hands to {@link #scan} (exception chains,
 * {@code toString()}, display data, metric names, Flink plans) is searched for each canary's random
 * part. A find is a {@link Hit} naming where the canary appeared.
 *
 * <p>One capture per JVM at a time (tests in a JVM run one after the other).
 */
final class SecretCanary {
  /** Where a canary appeared. */
  record Hit(String where, String canary, String excerpt) {
    @Override
    public String toString() {
      return canary + " in " + where + ": " + excerpt;
    }
  }

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int EXCERPT = 160;

  /** The random part of each canary, to the name of the secret it stands for. */
  private static final Map<String, String> NEEDLES = new ConcurrentHashMap<>();

  private static final List<Hit> HITS = new ArrayList<>();
  private static final AtomicLong LOG_EVENTS = new AtomicLong();
  private static final AtomicLong TEXTS = new AtomicLong();

  /** Log events expected to be seen (logger name prefix and texts), to the number seen. */
  private static final Map<List<String>, AtomicLong> WATCHED = new ConcurrentHashMap<>();

  private static final Level CAPTURE_LEVEL =
      Level.valueOf(System.getProperty("canary.log.level", "DEBUG").toUpperCase(Locale.ROOT));
  private static volatile boolean capturing;
  private static PrintStream originalOut;
  private static PrintStream originalErr;
  private static Handler julHandler;
  private static java.util.logging.Level originalJulLevel;

  private SecretCanary() {}

  /**
   * A new canary: {@code cnry<name><random hex>}, letters and digits only (valid in JAAS quotes,
   * JSON, SQL strings and keytool passwords), registered so that its random part is looked for.
   *
   * @param name what secret it stands for, for the report (letters only)
   */
  static String create(String name) {
    byte[] bytes = new byte[10];
    RANDOM.nextBytes(bytes);
    String random = HexFormat.of().formatHex(bytes);
    NEEDLES.put(random, name);
    return "cnry" + name + random;
  }

  /** The level from which log events are captured (DEBUG, or {@code -Dcanary.log.level}). */
  static Level captureLevel() {
    return CAPTURE_LEVEL;
  }

  /** Whether log events at {@code level} are captured now. */
  static boolean captures(Level level) {
    return capturing && level.toInt() >= CAPTURE_LEVEL.toInt();
  }

  /**
   * Starts capturing: slf4j (needs {@link CapturingSlf4jProvider} bound), java.util.logging from
   * FINE, and the standard streams.
   *
   * @throws IllegalStateException when the capturing slf4j binding is not this JVM's
   */
  static synchronized void start() {
    if (!CapturingSlf4jProvider.isBound()) {
      throw new IllegalStateException(
          "slf4j is not bound to CapturingSlf4jProvider in this JVM, so log events cannot be"
              + " captured: run with -Dslf4j.provider="
              + CapturingSlf4jProvider.class.getName()
              + " (runners-it's surefire and failsafe argLine set it)");
    }
    if (capturing) {
      return;
    }
    originalOut = System.out;
    originalErr = System.err;
    System.setOut(new PrintStream(new ScanningStream(originalOut, "System.out"), true));
    System.setErr(new PrintStream(new ScanningStream(originalErr, "System.err"), true));
    java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
    originalJulLevel = root.getLevel();
    julHandler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            String message = record.getMessage();
            if (record.getParameters() != null && message != null) {
              try {
                message = java.text.MessageFormat.format(message, record.getParameters());
              } catch (IllegalArgumentException e) {
                message = message + " " + java.util.Arrays.toString(record.getParameters());
              }
            }
            logEvent("jul:" + record.getLoggerName(), Level.DEBUG, message, record.getThrown());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    julHandler.setLevel(java.util.logging.Level.FINE);
    root.addHandler(julHandler);
    if (originalJulLevel == null
        || originalJulLevel.intValue() > java.util.logging.Level.FINE.intValue()) {
      root.setLevel(java.util.logging.Level.FINE);
    }
    capturing = true;
  }

  /** Stops capturing and restores the standard streams and java.util.logging. */
  static synchronized void stop() {
    if (!capturing) {
      return;
    }
    capturing = false;
    System.out.flush();
    System.err.flush();
    System.setOut(originalOut);
    System.setErr(originalErr);
    java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
    root.removeHandler(julHandler);
    root.setLevel(originalJulLevel);
  }

  /** A log event (from slf4j or java.util.logging), with its throwable's whole chain. */
  static void logEvent(String logger, Level level, String message, Throwable throwable) {
    LOG_EVENTS.incrementAndGet();
    if (!WATCHED.isEmpty() && message != null) {
      WATCHED.forEach(
          (watch, seen) -> {
            if (logger.startsWith(watch.get(0))
                && watch.subList(1, watch.size()).stream().allMatch(message::contains)) {
              seen.incrementAndGet();
            }
          });
    }
    String where =
        "log event " + level + " " + logger + " [" + Thread.currentThread().getName() + "]";
    search(where, message);
    if (throwable != null) {
      search(where + " (its exception)", render(throwable));
    }
  }

  /**
   * Counts from now on the captured log events of loggers named {@code loggerPrefix}... whose
   * message holds every one of {@code texts}; see {@link #seen}.
   */
  static void watch(String loggerPrefix, String... texts) {
    List<String> key = new ArrayList<>();
    key.add(loggerPrefix);
    key.addAll(List.of(texts));
    WATCHED.putIfAbsent(List.copyOf(key), new AtomicLong());
  }

  /** How many log events matched {@link #watch} with the same arguments. */
  static long seen(String loggerPrefix, String... texts) {
    List<String> key = new ArrayList<>();
    key.add(loggerPrefix);
    key.addAll(List.of(texts));
    AtomicLong seen = WATCHED.get(List.copyOf(key));
    return seen == null ? 0 : seen.get();
  }

  /**
   * Searches a text for every canary.
   *
   * @param where what the text is, for the report (for example {@code "write toString()"})
   * @param text any text; null is ignored
   */
  static void scan(String where, String text) {
    TEXTS.incrementAndGet();
    search(where, text);
  }

  /** Searches a throwable's stack trace text: messages of its causes and suppressed ones. */
  static void scan(String where, Throwable throwable) {
    scan(where, render(throwable));
  }

  /** What was found since the last {@link #takeHits()}, and clears it. */
  static synchronized List<Hit> takeHits() {
    List<Hit> out = new ArrayList<>(HITS);
    HITS.clear();
    return out;
  }

  /**
   * Fails naming every place a canary appeared since the last check.
   *
   * @param phase what ran, for the message
   */
  static void assertNoLeak(String phase) {
    List<Hit> hits = takeHits();
    if (hits.isEmpty()) {
      return;
    }
    Map<String, Hit> distinct = new LinkedHashMap<>();
    hits.forEach(h -> distinct.putIfAbsent(h.canary() + " " + h.where(), h));
    StringBuilder message =
        new StringBuilder("A secret leaked during ")
            .append(phase)
            .append(" (")
            .append(hits.size())
            .append(" finds; canary = the secret option it was the value of):");
    distinct.values().stream().limit(25).forEach(h -> message.append("\n  - ").append(h));
    throw new AssertionError(message.toString());
  }

  /** How many log events and texts were searched so far (to report what the check covered). */
  static String coverage() {
    return LOG_EVENTS.get()
        + " log events ("
        + CAPTURE_LEVEL
        + " and above) and "
        + TEXTS.get()
        + " texts searched for "
        + NEEDLES.size()
        + " canaries";
  }

  private static void search(String where, String text) {
    if (text == null || text.isEmpty()) {
      return;
    }
    for (Map.Entry<String, String> needle : NEEDLES.entrySet()) {
      int at = text.indexOf(needle.getKey());
      if (at >= 0) {
        int from = Math.max(0, at - EXCERPT);
        int to = Math.min(text.length(), at + needle.getKey().length() + 40);
        record(new Hit(where, needle.getValue(), text.substring(from, to).replace('\n', ' ')));
      }
    }
  }

  private static synchronized void record(Hit hit) {
    HITS.add(hit);
  }

  private static String render(Throwable throwable) {
    StringWriter out = new StringWriter();
    throwable.printStackTrace(new PrintWriter(out));
    return out.toString();
  }

  /** Passes bytes through and searches each complete line. */
  private static final class ScanningStream extends OutputStream {
    private final PrintStream target;
    private final String name;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    ScanningStream(PrintStream target, String name) {
      this.target = target;
      this.name = name;
    }

    @Override
    public synchronized void write(int b) {
      target.write(b);
      if (b == '\n') {
        endLine();
      } else {
        line.write(b);
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      target.write(b, off, len);
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          endLine();
        } else {
          line.write(b[i]);
        }
      }
    }

    @Override
    public void flush() {
      target.flush();
    }

    private void endLine() {
      String text = line.toString(StandardCharsets.UTF_8);
      line.reset();
      TEXTS.incrementAndGet();
      search(name + " line", text);
    }
  }
}
