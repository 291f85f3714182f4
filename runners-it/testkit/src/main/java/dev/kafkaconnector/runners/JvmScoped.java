package dev.kafkaconnector.runners;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes what the test kit shares across the test classes of a JVM (the embedded broker, the schema
 * registry, the Flink session cluster) when that JVM exits. Not when a JUnit test plan ends:
 * Maven's test runners, given more than one fork, run each class as a plan of its own, and closing
 * there would start every shared service again for each class.
 */
public final class JvmScoped {
  private static final Logger LOG = LoggerFactory.getLogger(JvmScoped.class);

  private JvmScoped() {}

  /**
   * Closes {@code resource} when the JVM exits (a shutdown hook); a failure to close is logged.
   *
   * @param what what it is, for the log
   * @param resource what to close
   */
  public static void closeAtExit(String what, AutoCloseable resource) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    resource.close();
                  } catch (Exception e) {
                    LOG.warn("Closing the shared {} at exit failed: {}", what, e.toString());
                  }
                },
                "close-shared-" + what.replace(' ', '-')));
  }
}
