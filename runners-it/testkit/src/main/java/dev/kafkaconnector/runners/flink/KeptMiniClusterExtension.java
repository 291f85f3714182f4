package dev.kafkaconnector.runners.flink;

import dev.kafkaconnector.runners.JvmScoped;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that runs the batch Flink jobs of every test class that registers it on one
 * {@link KeptMiniCluster} per JVM, started by the first class and stopped when the JVM exits
 * ({@link JvmScoped}). A batch job with {@code --flinkMaster=[auto]} ({@link #MASTER}) then skips
 * the embedded cluster's start that {@code [local]} pays per job (its RPC system, TaskManager,
 * slots and memory). Streaming jobs keep {@code [local]}; a batch job with {@code [local]} fails
 * while the kept cluster is installed (Flink forbids an explicit local environment then).
 *
 * <pre>{@code
 * @RegisterExtension static final KeptMiniClusterExtension FLINK = new KeptMiniClusterExtension();
 *
 * PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true)
 * }</pre>
 *
 * <p>Only for jobs that end by themselves and run one at a time: the cluster has {@value #SLOTS}
 * slots, and a job left running would hold them.
 */
public final class KeptMiniClusterExtension implements BeforeAllCallback, AfterAllCallback {
  /** The {@code --flinkMaster} of jobs that run on the kept cluster. */
  public static final String MASTER = "[auto]";

  /** Slots of the kept cluster's one TaskManager. */
  public static final int SLOTS = 4;

  private static final Object LOCK = new Object();
  private static KeptMiniCluster cluster;

  private final boolean streaming;

  /** For the batch jobs of a class; its streaming jobs keep {@code [local]}. */
  public KeptMiniClusterExtension() {
    this(false);
  }

  private KeptMiniClusterExtension(boolean streaming) {
    this.streaming = streaming;
  }

  /**
   * For every job of a class, batch and streaming, with {@code [auto]}: for classes whose streaming
   * jobs end by themselves (bounded sources, {@code PipelineRunners
   * .flinkStreamingEndingWithSources(MASTER)}) and that run no {@code [local]} job.
   */
  public static KeptMiniClusterExtension forBatchAndStreamingJobs() {
    return new KeptMiniClusterExtension(true);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    KeptMiniCluster kept = shared();
    // Batch jobs only unless asked, so that streaming jobs of the class can keep [local]; and again
    // for each class: another kept cluster started and closed in between leaves none installed.
    if (streaming) {
      kept.installForAllJobs();
    } else {
      kept.installForBatchJobs();
    }
  }

  /**
   * Uninstalls the context environment after the class, so that test classes without this extension
   * run their {@code [local]} batch jobs as usual; the cluster keeps running.
   */
  @Override
  public void afterAll(ExtensionContext context) {
    KeptMiniCluster kept;
    synchronized (LOCK) {
      kept = cluster;
    }
    if (kept != null) {
      kept.uninstall();
    }
  }

  private static KeptMiniCluster shared() {
    synchronized (LOCK) {
      if (cluster == null) {
        cluster = start();
        JvmScoped.closeAtExit("embedded Flink cluster", cluster);
      }
      return cluster;
    }
  }

  private static KeptMiniCluster start() {
    try {
      return KeptMiniCluster.start(SLOTS);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot start the kept embedded Flink cluster", e);
    }
  }
}
