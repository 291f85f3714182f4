package dev.kafkaconnector.runners.flink;

import dev.kafkaconnector.runners.JvmScoped;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that gives a test class its own {@link FlinkSessionCluster}, started before
 * the first test and stopped after the last; or, made with {@link #shared()}, one cluster shared by
 * every test class of the JVM that uses it, started by the first and stopped when the JVM exits
 * ({@link JvmScoped}), and {@linkplain FlinkSessionCluster#reset reset} before each class (no job
 * running, two TaskManagers of two slots).
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
  private static final Object SHARED_LOCK = new Object();
  private static FlinkSessionCluster sharedCluster;
  private static final int SHARED_TASK_MANAGERS = 2;

  private final UnaryOperator<FlinkSessionCluster.Builder> settings;
  private final boolean shared;
  private volatile FlinkSessionCluster cluster;

  /** A cluster of two TaskManagers with two slots each. */
  public FlinkClusterExtension() {
    this(UnaryOperator.identity());
  }

  /**
   * @param settings adjusts the builder (TaskManagers, slots, configuration entries)
   */
  public FlinkClusterExtension(UnaryOperator<FlinkSessionCluster.Builder> settings) {
    this(settings, false);
  }

  private FlinkClusterExtension(
      UnaryOperator<FlinkSessionCluster.Builder> settings, boolean shared) {
    this.settings = settings;
    this.shared = shared;
  }

  /**
   * One cluster of two TaskManagers with two slots each, shared by the test classes of the JVM that
   * use this: it saves each class the cluster's start (JobManager and TaskManagers are child JVMs).
   * Each class starts with no job running and two live TaskManagers; what a class changes beyond
   * that (Flink configuration, retained checkpoints) stays.
   */
  public static FlinkClusterExtension shared() {
    return new FlinkClusterExtension(UnaryOperator.identity(), true);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (!shared) {
      cluster = settings.apply(FlinkSessionCluster.builder()).start();
      return;
    }
    FlinkSessionCluster running;
    synchronized (SHARED_LOCK) {
      if (sharedCluster == null) {
        sharedCluster = FlinkSessionCluster.builder().taskManagers(SHARED_TASK_MANAGERS).start();
        JvmScoped.closeAtExit("Flink session cluster", sharedCluster);
      }
      running = sharedCluster;
    }
    running.reset(SHARED_TASK_MANAGERS);
    cluster = running;
  }

  @Override
  public void afterAll(ExtensionContext context) {
    FlinkSessionCluster running = cluster;
    cluster = null;
    if (running != null && !shared) {
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
