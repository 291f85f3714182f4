package dev.kafkaconnector.runners.flink;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Re-runs a main class in a child JVM when it was started in an isolated class loader, as {@code
 * mvn exec:java} does.
 *
 * <p>Embedded Flink deserializes a job's configuration with the JVM's system class loader when the
 * job has no jars of its own. Under {@code exec:java} that loader is Maven's, without Flink, and
 * every job fails with {@code ClassNotFoundException: org.apache.flink.api.common.ExecutionConfig}.
 * JMH has the same problem: it starts its measurement JVMs with {@code java.class.path}, which
 * under {@code exec:java} is Maven's launcher. A child JVM with the project class path on {@code
 * -cp} has no such problem, and the measurements are not shared with Maven's own heap and threads.
 * The child gets the parent's {@code -Xmx}, {@code -Xms} and {@code -XX:} options (so {@code
 * MAVEN_OPTS=-Xmx6g} still sizes the heap), the system properties named {@code bench.*} and {@code
 * org.slf4j.simpleLogger.*} (benchmark settings and log levels given with {@code -D}), {@code
 * --add-opens java.base/java.util=ALL-UNNAMED} (for Flink's Kryo on Java 17), and inherits standard
 * output and error.
 */
public final class ForkedJvm {
  /** Set in the child so that it does not fork again. */
  public static final String CHILD_PROPERTY = "kafkaconnector.bench.forked";

  private ForkedJvm() {}

  /**
   * The class path to fork with, or null when {@code mainClass} already runs on the system class
   * path (plain {@code java -cp}, an IDE, or the forked child itself).
   */
  public static @Nullable String isolatedClassPath(Class<?> mainClass) {
    if (Boolean.getBoolean(CHILD_PROPERTY)) {
      return null;
    }
    ClassLoader loader = mainClass.getClassLoader();
    if (loader == ClassLoader.getSystemClassLoader() || !(loader instanceof URLClassLoader)) {
      return null;
    }
    List<String> entries = new ArrayList<>();
    for (URL url : ((URLClassLoader) loader).getURLs()) {
      try {
        entries.add(Path.of(url.toURI()).toString());
      } catch (URISyntaxException | IllegalArgumentException e) {
        entries.add(url.getPath());
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  /**
   * Runs {@code mainClass} with {@code args} in a child JVM and waits for it.
   *
   * @return the child's exit status
   */
  public static int run(Class<?> mainClass, String classPath, String[] args)
      throws java.io.IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (option.startsWith("-Xmx") || option.startsWith("-Xms") || option.startsWith("-XX:")) {
        command.add(option);
      }
    }
    // Flink's Kryo serializes java.util collections by reflection (KafkaIO's exactly-once sink
    // fails its first checkpoint without it), as Flink's own scripts allow on Java 17.
    command.add("--add-opens");
    command.add("java.base/java.util=ALL-UNNAMED");
    command.add("-D" + CHILD_PROPERTY + "=true");
    // Settings given on the command line for the benchmark (-Dbench.source=..., log levels).
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("bench.") || name.startsWith("org.slf4j.simpleLogger.")) {
        command.add("-D" + name + "=" + System.getProperty(name));
      }
    }
    command.add("-cp");
    command.add(classPath);
    command.add(mainClass.getName());
    command.addAll(List.of(args));
    Process child = new ProcessBuilder(command).inheritIO().start();
    Thread killChild = new Thread(child::destroy, "forked-jvm-cleanup");
    Runtime.getRuntime().addShutdownHook(killChild);
    try {
      return child.waitFor();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(killChild);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
    }
  }
}
