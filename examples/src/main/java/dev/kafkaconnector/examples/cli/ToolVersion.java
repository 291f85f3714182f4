package dev.kafkaconnector.examples.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version} of every tool: the project version (written into {@code version.properties} by
 * the build) and the Java runtime.
 */
public final class ToolVersion implements IVersionProvider {
  private static final String RESOURCE = "version.properties";

  /**
   * The start of a picocli variable for the command as the user typed it: the system property
   * {@code kafkaconnector.command} that the distribution's {@code bin/} scripts set ({@code
   * bin/kafka-sql}); the usage appends the default (the checkout's {@code examples/bin/...}) and a
   * closing brace.
   */
  public static final String COMMAND = "${sys:kafkaconnector.command:-";

  @Override
  public String[] getVersion() {
    return new String[] {
      "${COMMAND-NAME} " + projectVersion() + " (Kafka connector for Apache Beam)",
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
    };
  }

  /** The project version, e.g. {@code 0.1.0-SNAPSHOT}; {@code unknown} outside a build. */
  public static String projectVersion() {
    try (InputStream in = ToolVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return "unknown";
      }
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version", "unknown");
      // an unfiltered copy (an IDE that does not run Maven's resource filtering)
      return version.startsWith("${") ? "unknown" : version;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
