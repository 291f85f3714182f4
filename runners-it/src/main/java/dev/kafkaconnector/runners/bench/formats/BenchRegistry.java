package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.runners.registry.SchemaRegistryServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The schema registry of the format benchmark's {@code avro-confluent} case: a real one (the test
 * kit's {@link SchemaRegistryServer}, unpacked by the build into {@code
 * runners-it/target/apicurio-registry}), started only when that case runs.
 */
final class BenchRegistry {
  private BenchRegistry() {}

  /** A started registry when one of {@code cases} needs it, else null. */
  static @Nullable SchemaRegistryServer startIfNeeded(Collection<FormatCase> cases)
      throws Exception {
    if (cases.stream().noneMatch(FormatCase::needsRegistry)) {
      return null;
    }
    String property = System.getProperty(SchemaRegistryServer.HOME_PROPERTY);
    Path home = property != null ? Path.of(property) : defaultHome();
    return new SchemaRegistryServer(home).start();
  }

  private static Path defaultHome() {
    for (String candidate :
        new String[] {"runners-it/target/apicurio-registry", "target/apicurio-registry"}) {
      if (Files.isDirectory(Path.of(candidate))) {
        return Path.of(candidate);
      }
    }
    throw new IllegalStateException(
        "The avro-confluent case needs the schema registry that 'mvn install' unpacks into"
            + " runners-it/target/apicurio-registry; run that first, or set -D"
            + SchemaRegistryServer.HOME_PROPERTY);
  }
}
