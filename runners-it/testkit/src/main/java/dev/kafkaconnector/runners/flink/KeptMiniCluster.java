package dev.kafkaconnector.runners.flink;

import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.client.deployment.executors.PipelineExecutorUtils;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.MiniClusterJobClient;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * An embedded Flink cluster in this JVM that Beam jobs with {@code --flinkMaster=[auto]} run on,
 * one after the other, like jobs submitted to a session cluster: the cluster (its RPC system, which
 * Flink loads from a jar of its own into a new class loader, its TaskManager, slots and memory)
 * starts once instead of once per job as with {@code [local]}.
 *
 * <p>While it runs it is the context environment of Flink's batch and streaming APIs, which is what
 * Beam's FlinkRunner asks for with {@code [auto]}; {@link #close()} removes it again. One at a time
 * per JVM.
 */
public final class KeptMiniCluster implements AutoCloseable {
  private static final String EXECUTOR = "kept-mini-cluster";

  private final MiniCluster cluster;
  private final Configuration jobConfiguration;

  private KeptMiniCluster(MiniCluster cluster, Configuration jobConfiguration) {
    this.cluster = cluster;
    this.jobConfiguration = jobConfiguration;
  }

  /**
   * Starts a cluster of one TaskManager with {@code slots} slots, configured as Beam configures
   * {@code [local]}: managed memory 40% of the free heap, no check for leaked class loaders.
   */
  public static KeptMiniCluster start(int slots) throws Exception {
    Configuration config = new Configuration();
    long managed =
        (long)
            (EnvironmentInformation.getSizeOfFreeHeapMemoryWithDefrag()
                * TaskManagerOptions.MANAGED_MEMORY_FRACTION.defaultValue());
    config.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, new MemorySize(managed));
    config.set(CoreOptions.CHECK_LEAKED_CLASSLOADER, false);
    config.set(RestOptions.BIND_PORT, "0");
    MiniCluster cluster =
        new MiniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(config)
                .setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(slots)
                .build());
    cluster.start();
    Configuration jobs = new Configuration();
    jobs.set(DeploymentOptions.TARGET, EXECUTOR);
    jobs.set(DeploymentOptions.ATTACHED, true);
    KeptMiniCluster kept = new KeptMiniCluster(cluster, jobs);
    BatchContext.install(kept);
    StreamingContext.install(kept);
    return kept;
  }

  /**
   * Makes this cluster the context environment of Flink's batch API only: Beam's batch jobs with
   * {@code [auto]} run on it, and streaming jobs with {@code [local]} keep their own embedded
   * cluster (an installed streaming context forbids {@code [local]} streaming jobs). Also
   * re-installs it after another kept cluster was installed and closed, which leaves none.
   */
  public void installForBatchJobs() {
    BatchContext.install(this);
    StreamingContext.uninstall();
  }

  /**
   * Makes this cluster the context environment of Flink's batch and streaming APIs: every Beam job
   * with {@code [auto]} runs on it, and {@code [local]} jobs are refused by Flink while it is.
   */
  public void installForAllJobs() {
    BatchContext.install(this);
    StreamingContext.install(this);
  }

  /**
   * Removes the context environments (this cluster's or another's) and keeps this cluster running:
   * {@code [auto]} jobs then run as without a kept cluster, and {@code [local]} jobs are allowed.
   */
  public void uninstall() {
    BatchContext.uninstall();
    StreamingContext.uninstall();
  }

  /** The jobs this cluster has run or is running. */
  public Collection<JobStatusMessage> jobs() throws Exception {
    return cluster.listJobs().get();
  }

  /** Removes the context environments, then stops the cluster. */
  @Override
  public void close() throws Exception {
    BatchContext.uninstall();
    StreamingContext.uninstall();
    cluster.close();
  }

  private PipelineExecutorServiceLoader executors() {
    PipelineExecutor executor = this::submit;
    PipelineExecutorFactory factory =
        new PipelineExecutorFactory() {
          @Override
          public String getName() {
            return EXECUTOR;
          }

          @Override
          public boolean isCompatibleWith(Configuration configuration) {
            return true;
          }

          @Override
          public PipelineExecutor getExecutor(Configuration configuration) {
            return executor;
          }
        };
    return new PipelineExecutorServiceLoader() {
      @Override
      public PipelineExecutorFactory getExecutorFactory(Configuration configuration) {
        return factory;
      }

      @Override
      public Stream<String> getExecutorNames() {
        return Stream.of(EXECUTOR);
      }
    };
  }

  private CompletableFuture<JobClient> submit(
      Pipeline pipeline, Configuration configuration, ClassLoader classLoader) throws Exception {
    JobGraph job = PipelineExecutorUtils.getJobGraph(pipeline, configuration, classLoader);
    return cluster
        .submitJob(job)
        .thenApply(
            submitted ->
                new MiniClusterJobClient(
                    submitted.getJobID(),
                    cluster,
                    classLoader,
                    MiniClusterJobClient.JobFinalizationBehavior.NOTHING));
  }

  /** Flink's batch API sets a context environment only from a subclass. */
  private static final class BatchContext extends ExecutionEnvironment {
    private BatchContext(KeptMiniCluster kept) {
      super(kept.executors(), new Configuration(kept.jobConfiguration), classLoader());
    }

    static void install(KeptMiniCluster kept) {
      initializeContextEnvironment(() -> new BatchContext(kept));
    }

    static void uninstall() {
      resetContextEnvironment();
    }
  }

  /** Flink's streaming API sets a context environment only from a subclass. */
  private static final class StreamingContext extends StreamExecutionEnvironment {
    private StreamingContext(KeptMiniCluster kept, Configuration configuration) {
      super(kept.executors(), merged(kept.jobConfiguration, configuration), classLoader());
    }

    static void install(KeptMiniCluster kept) {
      initializeContextEnvironment(configuration -> new StreamingContext(kept, configuration));
    }

    static void uninstall() {
      resetContextEnvironment();
    }

    private static Configuration merged(Configuration base, Configuration overrides) {
      Configuration merged = new Configuration(base);
      merged.addAll(overrides);
      merged.set(DeploymentOptions.TARGET, EXECUTOR);
      return merged;
    }
  }

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : KeptMiniCluster.class.getClassLoader();
  }
}
