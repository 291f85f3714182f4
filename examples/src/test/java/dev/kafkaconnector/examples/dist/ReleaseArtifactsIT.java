package dev.kafkaconnector.examples.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release artifacts as a user gets them: every published module in the file repository that
 * this build deployed to ({@code target/staging-repo} of the directory Maven runs in, at {@code
 * verify}) with its sources and javadoc jars, and a sample project outside the reactor that
 * compiles with the dependency snippet of docs/getting-started.md and nothing else. The sample is
 * built by a Maven of its own, offline, with an empty local repository and two file repositories:
 * the staging repository for this project's snapshots and the build's local repository for
 * third-party releases only (its snapshots are off, so an artifact installed earlier cannot stand
 * in for a deployed one). Maven refuses to deploy in offline mode ({@code -o}), so such a build
 * stages nothing and the two repository tests are skipped; the CI command runs them.
 */
class ReleaseArtifactsIT {
  static final String VERSION = System.getProperty("project.version");
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final List<String> JAR_MODULES =
      List.of(
          "kafka-connector-schema",
          "kafka-connector-formats",
          "kafka-connector-io",
          "kafka-connector-sql",
          "kafka-connector-pipeline",
          "kafka-connector-testkit");
  static final Pattern SNIPPET =
      Pattern.compile(
          "<!-- sample-project:start -->\\s*```xml\\n(.*?)```\\s*<!-- sample-project:end -->",
          Pattern.DOTALL);

  @TempDir Path dir;

  private static Path staging() {
    Path staging = Path.of(System.getProperty("staging.repo.dir"));
    Assumptions.assumeFalse(
        Boolean.getBoolean("staging.deploy.skip"),
        "Maven deploys nothing in offline mode (-o): run the build without -o to check the"
            + " deployed artifacts");
    Assumptions.assumeTrue(
        Files.isDirectory(staging.resolve("dev/kafkaconnector/kafka-connector-io")),
        "no kafka-connector-io in "
            + staging
            + ": run the build from the project root (mvn verify deploys there)");
    return staging;
  }

  /** The newest deployed file of {@code artifactId} that ends with {@code suffix}. */
  private static Path deployed(Path staging, String artifactId, String suffix) throws IOException {
    Path folder = staging.resolve("dev/kafkaconnector/" + artifactId + "/" + VERSION);
    assertTrue(Files.isDirectory(folder), "not deployed: " + folder);
    String base = VERSION.replace("-SNAPSHOT", "");
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(f -> f.getFileName().toString().startsWith(artifactId + "-" + base))
          .filter(f -> f.getFileName().toString().matches(".*-\\d+" + Pattern.quote(suffix)))
          .max(java.util.Comparator.comparing(f -> f.getFileName().toString()))
          .orElseThrow(
              () -> new AssertionError("no " + artifactId + " *" + suffix + " in " + folder));
    }
  }

  @Test
  void everyPublishedModuleIsDeployedWithSourcesAndJavadoc() throws IOException {
    Path staging = staging();
    for (String pom : List.of("kafka-connector-parent", "kafka-connector-bom")) {
      assertTrue(Files.readString(deployed(staging, pom, ".pom")).contains("<packaging>pom"));
    }
    for (String module : JAR_MODULES) {
      assertTrue(Files.size(deployed(staging, module, ".pom")) > 0, module);
      assertTrue(Files.size(deployed(staging, module, ".jar")) > 0, module);
      try (ZipFile sources = new ZipFile(deployed(staging, module, "-sources.jar").toFile());
          ZipFile javadoc = new ZipFile(deployed(staging, module, "-javadoc.jar").toFile())) {
        assertTrue(
            sources.stream().anyMatch(e -> e.getName().endsWith(".java")), module + " sources");
        assertTrue(javadoc.getEntry("index.html") != null, module + " javadoc has no index.html");
      }
    }
    for (String unpublished : List.of("kafka-connector-runners-it", "kafka-connector-examples")) {
      assertTrue(
          !Files.exists(staging.resolve("dev/kafkaconnector/" + unpublished)),
          unpublished + " is not published");
    }
  }

  @Test
  void theBomAndTheCompatibilityTableNameTheVersionsTheProjectBuildsWith() throws IOException {
    String parent = Files.readString(ROOT.resolve("pom.xml"));
    String bom = Files.readString(ROOT.resolve("io/bom/pom.xml"));
    for (String property : List.of("beam.version", "kafka.version", "slf4j.version")) {
      assertEquals(property(parent, property), property(bom, property), property);
    }
    assertTrue(bom.contains("<version>" + VERSION + "</version>"), "the BOM's own version");
    String docs = Files.readString(ROOT.resolve("docs/getting-started.md"));
    for (String row :
        List.of(
            "| Java | " + property(parent, "maven.compiler.release") + " |",
            "| Apache Beam | " + property(parent, "beam.version") + " |",
            "| Apache Flink (runner) | " + property(parent, "flink.version") + " |",
            "| Kafka client | " + property(parent, "kafka.version") + " |",
            "| Kafka broker | " + property(parent, "kafka.version") + " (KRaft) |",
            "| slf4j | " + property(parent, "slf4j.version") + " |")) {
      assertTrue(docs.contains(row), "the compatibility table has no row " + row);
    }
  }

  private static String property(String pom, String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
    assertTrue(m.find(), name + " not set");
    return m.group(1);
  }

  @Test
  void aSampleProjectCompilesWithTheDocsSnippetAgainstTheDeployedArtifacts() throws Exception {
    Path staging = staging();
    Matcher snippet = SNIPPET.matcher(Files.readString(ROOT.resolve("docs/getting-started.md")));
    assertTrue(snippet.find(), "no sample-project snippet in docs/getting-started.md");
    String dependencies = snippet.group(1);
    assertTrue(dependencies.contains("<artifactId>kafka-connector-bom</artifactId>"), dependencies);
    assertTrue(dependencies.contains("<version>" + VERSION + "</version>"), dependencies);

    Path project = dir.resolve("sample");
    Path template = Path.of("src/test/resources/sample-project");
    Path source = Path.of("src/main/java/sample/SampleJob.java");
    Files.createDirectories(project.resolve(source).getParent());
    Files.copy(template.resolve(source), project.resolve(source));
    String pom = Files.readString(template.resolve("pom.xml"));
    assertTrue(pom.contains("<!-- DOCS-SNIPPET -->"));
    Files.writeString(
        project.resolve("pom.xml"), pom.replace("<!-- DOCS-SNIPPET -->", dependencies));
    Path repo = dir.resolve("repository");
    Path settings = dir.resolve("settings.xml");
    Files.writeString(
        settings,
        SampleSettings.xml(repo, staging, Path.of(System.getProperty("maven.local.repo"))));

    Path log = dir.resolve("mvn.log");
    Path mvn = Path.of(System.getProperty("maven.home"), "bin", "mvn");
    ProcessBuilder pb =
        new ProcessBuilder(
                mvn.toString(),
                "-B",
                "-o",
                "-Daether.offline.protocols=file",
                "-s",
                settings.toString(),
                "-gs",
                settings.toString(),
                "compile")
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().remove("MAVEN_ARGS");
    Process maven = pb.start();
    if (!maven.waitFor(3, TimeUnit.MINUTES)) {
      maven.destroyForcibly();
      throw new AssertionError("the sample build did not end:\n" + Files.readString(log));
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, maven.exitValue(), output);
    assertTrue(
        Files.isRegularFile(project.resolve("target/classes/sample/SampleJob.class")), output);
    // kafka-connector-io came from the staging repository (id "staging"), not from anywhere else
    Path io = repo.resolve("dev/kafkaconnector/kafka-connector-io/" + VERSION);
    assertTrue(Files.isRegularFile(io.resolve("maven-metadata-staging.xml")), output);
    assertTrue(
        Files.isRegularFile(
            repo.resolve("org/apache/beam/beam-runners-direct-java")
                .resolve(property(Files.readString(ROOT.resolve("pom.xml")), "beam.version"))
                .resolve(
                    "beam-runners-direct-java-"
                        + property(Files.readString(ROOT.resolve("pom.xml")), "beam.version")
                        + ".jar")),
        output);
  }
}
