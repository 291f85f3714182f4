package dev.kafkaconnector.examples.dist;

import java.nio.file.Path;

/**
 * The Maven settings of {@link ReleaseArtifactsIT}'s sample build: an empty local repository, the
 * staging repository for this project's snapshots (releases off) and the outer build's local
 * repository for third-party releases and plugins (snapshots off). Both are {@code file:}
 * repositories, which {@code -o -Daether.offline.protocols=file} lets through.
 */
final class SampleSettings {
  private SampleSettings() {}

  static String xml(Path localRepository, Path staging, Path thirdParty) {
    String repositories =
        "<repositories>"
            + repository("repository", "staging", staging, false, true)
            + repository("repository", "third-party", thirdParty, true, false)
            + "</repositories><pluginRepositories>"
            + repository("pluginRepository", "third-party", thirdParty, true, false)
            + "</pluginRepositories>";
    return """
        <settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
          <localRepository>%s</localRepository>
          <offline>true</offline>
          <profiles>
            <profile>
              <id>sample</id>
              %s
            </profile>
          </profiles>
          <activeProfiles><activeProfile>sample</activeProfile></activeProfiles>
        </settings>
        """
        .formatted(localRepository, repositories);
  }

  /** One {@code <repository>} or {@code <pluginRepository>} element. */
  private static String repository(
      String element, String id, Path dir, boolean releases, boolean snapshots) {
    String policy = "<checksumPolicy>ignore</checksumPolicy>";
    return """
        <%1$s>
          <id>%2$s</id>
          <url>%3$s</url>
          <releases><enabled>%4$s</enabled>%6$s</releases>
          <snapshots><enabled>%5$s</enabled><updatePolicy>always</updatePolicy>%6$s</snapshots>
        </%1$s>
        """
        .formatted(element, id, dir.toUri(), releases, snapshots, policy);
  }
}
