package dev.kafkaconnector.runners.flink;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that gives a test class its own {@link FlinkSessionCluster}, started before
 * the first test and stopped after the last.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final FlinkClusterExtension FLINK = new FlinkClusterExtension();
 *
 * @Test
 * void job() {
 *   ... PipelineRunners.flink(FLINK.cluster().flinkMaster(), 2, false) ...
 * }
 * }</pre>
 */
public final class FlinkClusterExtension implements BeforeAllCallback, AfterAllCallback {
  private final UnaryOperator<FlinkSessionCluster.Builder> settings;
  private volatile FlinkSessionCluster cluster;

  /** A cluster of two TaskManagers with two slots each. */
  public FlinkClusterExtension() {
    this(UnaryOperator.identity());
  }

  /**
   * @param settings adjusts the builder (TaskManagers, slots, configuration entries)
   */
  public FlinkClusterExtension(UnaryOperator<FlinkSessionCluster.Builder> settings) {
    this.settings = settings;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    cluster = settings.apply(FlinkSessionCluster.builder()).start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    FlinkSessionCluster running = cluster;
    cluster = null;
    if (running != null) {
      running.close();
    }
  }

  /** The running cluster. */
  public FlinkSessionCluster cluster() {
    FlinkSessionCluster running = cluster;
    if (running == null) {
      throw new IllegalStateException(
          "FlinkClusterExtension is not started: register it with @RegisterExtension on a static"
              + " field and use it from test methods");
    }
    return running;
  }
}
