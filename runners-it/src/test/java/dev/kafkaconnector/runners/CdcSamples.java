package dev.kafkaconnector.runners;

import java.util.List;
import java.util.Map;

/**
 * The CDC samples of testdata/cdc (real messages from Apache Flink's tests) and their final tables.
 */
public final class CdcSamples {
  private CdcSamples() {}

  /** The final table of SOURCES.md after replaying debezium-data-schema-exclude.txt. */
  public static final Map<Integer, String> DEBEZIUM_FINAL =
      Map.ofEntries(
          Map.entry(101, "scooter 3.14"), Map.entry(102, "car battery 8.1"),
          Map.entry(103, "12-pack drill bits 0.8"), Map.entry(104, "hammer 0.75"),
          Map.entry(105, "hammer 0.875"), Map.entry(106, "hammer 1.0"),
          Map.entry(107, "rocks 5.1"), Map.entry(108, "jacket 0.1"),
          Map.entry(109, "spare tire 22.2"), Map.entry(110, "jacket 0.5"));

  /** The final table of SOURCES.md after replaying canal-data.txt or maxwell-data.txt. */
  public static final Map<Integer, String> CANAL_MAXWELL_FINAL =
      Map.ofEntries(
          Map.entry(101, "scooter 5.17"), Map.entry(104, "hammer 0.75"),
          Map.entry(105, "hammer 0.875"), Map.entry(106, "hammer 1.0"),
          Map.entry(107, "rocks 5.1"), Map.entry(108, "jacket 0.1"),
          Map.entry(109, "spare tire 22.2"), Map.entry(110, "jacket 0.5"));

  /**
   * The CDC samples: ../shared/testdata/cdc beside the project when it is there, else the copy the
   * formats module keeps for its unit tests.
   */
  public static java.nio.file.Path dir() {
    for (java.nio.file.Path dir = java.nio.file.Path.of("").toAbsolutePath();
        dir != null;
        dir = dir.getParent()) {
      for (java.nio.file.Path candidate :
          List.of(
              dir.resolve("shared").resolve("testdata").resolve("cdc"),
              dir.resolve("formats")
                  .resolve("src")
                  .resolve("test")
                  .resolve("resources")
                  .resolve("cdc"))) {
        if (java.nio.file.Files.isDirectory(candidate)) {
          return candidate;
        }
      }
    }
    throw new IllegalStateException(
        "CDC samples not found above " + java.nio.file.Path.of("").toAbsolutePath());
  }

  /** The non-blank lines of sample {@code file}. */
  public static List<String> lines(String file) throws java.io.IOException {
    return java.nio.file.Files.readAllLines(dir().resolve(file)).stream()
        .filter(l -> !l.isBlank())
        .toList();
  }
}
