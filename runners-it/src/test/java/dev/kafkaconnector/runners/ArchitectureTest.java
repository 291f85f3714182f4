package dev.kafkaconnector.runners;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the main code of every module, as rules: no package cycles, and each layer uses
 * only the layers below it.
 *
 * <pre>
 * schema ← formats ← io.common (+ io.common.ddl) ← io.source.spec, io.source.filter ← io.runner
 *        ← io.source (+ decode, enumerate, reader), io.sink ← io.infer ← io.cdc
 *        ← io (KafkaConnectorIO, OptionReference) ← io.sql, io.catalog, io.pipeline,
 *        io.transforms (front ends)
 * test kit (runners, runners.kafka, runners.flink, runners.fault, runners.registry): uses none of
 *        the connector
 * benchmarks (runners.bench): may use everything; nothing uses them
 * </pre>
 */
class ArchitectureTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.kafkaconnector");
  }

  @Test
  void everyModuleIsImported() {
    for (String name :
        List.of(
            "dev.kafkaconnector.schema.SqlType",
            "dev.kafkaconnector.formats.FormatFactory",
            "dev.kafkaconnector.io.KafkaConnectorIO",
            "dev.kafkaconnector.io.sql.FlinkDdl",
            "dev.kafkaconnector.io.pipeline.PipelineJob",
            "dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster",
            "dev.kafkaconnector.runners.bench.ReadBenchmark")) {
      assertTrue(classes.contain(name), name + " was not imported");
    }
  }

  /**
   * Every package of main code says in its package-info.java whether it is API ("Public API"),
   * internal ("Internal"), or neither (examples, benchmarks: "not API"); docs/api.md lists the API.
   */
  @Test
  void everyMainPackageSaysWhetherItIsApi() throws IOException {
    Path root = Path.of("..");
    List<String> missing = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> packages =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(f -> f.toString().contains("/src/main/java/"))
              .filter(f -> !f.toString().contains("/target/"))
              .filter(f -> !f.toString().contains("/src/test/")) // sample projects of tests
              .map(Path::getParent)
              .distinct()
              .toList();
      for (Path dir : packages) {
        Path info = dir.resolve("package-info.java");
        String text = Files.exists(info) ? Files.readString(info) : "";
        if (!text.contains("Public API")
            && !text.contains("Internal")
            && !text.contains("not API")) {
          missing.add(root.relativize(dir).toString());
        }
      }
      assertTrue(packages.size() > 30, "found only " + packages.size() + " packages");
    }
    assertTrue(missing.isEmpty(), "packages that do not say whether they are API: " + missing);
  }

  /** Small classes with one job each: no main source file is over 400 lines. */
  @Test
  void noMainSourceFileIsOver400Lines() throws IOException {
    List<String> tooLong = new ArrayList<>();
    int checked = 0;
    try (Stream<Path> files = Files.walk(Path.of(".."))) {
      for (Path file :
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(f -> f.toString().contains("/src/main/java/"))
              .filter(f -> !f.toString().contains("/target/"))
              .toList()) {
        long lines = Files.readAllLines(file).size();
        checked++;
        if (lines > 400) {
          tooLong.add(file + " (" + lines + " lines)");
        }
      }
    }
    assertTrue(checked > 300, "found only " + checked + " main source files");
    assertTrue(tooLong.isEmpty(), "main source files over 400 lines: " + tooLong);
  }

  @Test
  void mainPackagesHaveNoCycles() {
    ArchRule rule = slices().matching("dev.kafkaconnector.(**)").should().beFreeOfCycles();
    rule.check(classes);
  }

  @Test
  void layersUseOnlyTheLayersBelowThem() {
    ArchRule rule =
        layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("Schema")
            .definedBy("dev.kafkaconnector.schema..")
            .layer("Formats")
            .definedBy("dev.kafkaconnector.formats..")
            .layer("Common")
            .definedBy("dev.kafkaconnector.io.common..")
            .layer("SourceSpec")
            .definedBy(
                "dev.kafkaconnector.io.source.spec..", "dev.kafkaconnector.io.source.filter..")
            .layer("Runner")
            .definedBy("dev.kafkaconnector.io.runner..")
            .layer("Source")
            .definedBy(
                "dev.kafkaconnector.io.source",
                "dev.kafkaconnector.io.source.decode..",
                "dev.kafkaconnector.io.source.enumerate..",
                "dev.kafkaconnector.io.source.reader..")
            .layer("Sink")
            .definedBy("dev.kafkaconnector.io.sink..")
            .layer("Infer")
            .definedBy("dev.kafkaconnector.io.infer..")
            .layer("Cdc")
            .definedBy("dev.kafkaconnector.io.cdc..")
            .layer("Api")
            .definedBy("dev.kafkaconnector.io")
            .layer("FrontEnds")
            .definedBy(
                "dev.kafkaconnector.io.sql..",
                "dev.kafkaconnector.io.catalog..",
                "dev.kafkaconnector.io.pipeline..",
                "dev.kafkaconnector.io.transforms..")
            .layer("TestKit")
            .definedBy(
                "dev.kafkaconnector.runners",
                "dev.kafkaconnector.runners.kafka..",
                "dev.kafkaconnector.runners.flink..",
                "dev.kafkaconnector.runners.fault..",
                "dev.kafkaconnector.runners.registry..")
            .layer("Bench")
            .definedBy("dev.kafkaconnector.runners.bench..")
            .whereLayer("Schema")
            .mayNotAccessAnyLayer()
            .whereLayer("Formats")
            .mayOnlyAccessLayers("Schema")
            .whereLayer("Common")
            .mayOnlyAccessLayers("Schema", "Formats")
            .whereLayer("SourceSpec")
            .mayOnlyAccessLayers("Schema", "Formats", "Common")
            .whereLayer("Runner")
            .mayOnlyAccessLayers("Schema", "Formats", "Common", "SourceSpec")
            .whereLayer("Source")
            .mayOnlyAccessLayers("Schema", "Formats", "Common", "SourceSpec", "Runner")
            .whereLayer("Sink")
            .mayOnlyAccessLayers("Schema", "Formats", "Common", "SourceSpec", "Runner")
            .whereLayer("Infer")
            .mayOnlyAccessLayers("Schema", "Formats", "Common", "SourceSpec", "Runner", "Source")
            .whereLayer("Cdc")
            .mayOnlyAccessLayers(
                "Schema", "Formats", "Common", "SourceSpec", "Runner", "Source", "Sink", "Infer")
            .whereLayer("Api")
            .mayOnlyAccessLayers(
                "Schema",
                "Formats",
                "Common",
                "SourceSpec",
                "Runner",
                "Source",
                "Sink",
                "Infer",
                "Cdc")
            .whereLayer("TestKit")
            .mayNotAccessAnyLayer()
            .whereLayer("Bench")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("FrontEnds")
            .mayNotBeAccessedByAnyLayer();
    rule.check(classes);
  }
}
