package dev.kafkaconnector.runners.flink;

import dev.kafkaconnector.runners.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Flink 1.19 session cluster made of child JVMs: one JobManager ({@code
 * StandaloneSessionClusterEntrypoint}) and TaskManagers ({@code TaskManagerRunner}) started from
 * the Flink jars on the class path (the ones Beam's Flink runner brings; no flink-dist), with a
 * generated {@code config.yaml} on free ports of 127.0.0.1, checkpoints to files in the cluster
 * directory and a fixed-delay restart strategy.
 *
 * <p>Jobs are submitted as to any remote cluster: Beam's FlinkRunner with {@code
 * --flinkMaster=}{@link #flinkMaster()}, which stages the job's jars through the JobManager's blob
 * server. Tests inject faults with {@link #killTaskManager(int)} ({@code kill -9}) and {@link
 * #startTaskManager()}.
 *
 * <pre>{@code
 * try (FlinkSessionCluster flink = FlinkSessionCluster.builder().taskManagers(2).start()) {
 *   FlinkPipelineOptions options = PipelineRunners.flink(flink.flinkMaster(), 2, false);
 *   ...
 * }
 * }</pre>
 */
public final class FlinkSessionCluster implements AutoCloseable {
  private final FlinkClusterConfig config;
  private final Duration startupTimeout;
  private final FlinkRestClient rest;
  private final List<ChildJvm> taskManagers = new ArrayList<>();
  private final Thread shutdownHook = new Thread(this::killAllNow, "flink-session-cluster-kill");
  private ChildJvm jobManager;
  private int taskManagersStarted;

  private FlinkSessionCluster(Builder builder, Path directory) {
    this.config =
        new FlinkClusterConfig(directory, builder.classpath, builder.slots, builder.settings);
    this.startupTimeout = builder.startupTimeout;
    this.rest = new FlinkRestClient(restUri());
  }

  /** A builder with two TaskManagers of two slots each. */
  public static Builder builder() {
    return new Builder();
  }

  /** {@code host:port} of the JobManager's REST endpoint: the FlinkRunner's {@code flinkMaster}. */
  public String flinkMaster() {
    return FlinkClusterConfig.HOST + ":" + config.restPort();
  }

  /** The REST endpoint, {@code http://127.0.0.1:<port>}. */
  public URI restUri() {
    return URI.create("http://" + flinkMaster());
  }

  /** A client of this cluster's REST API. */
  public FlinkRestClient rest() {
    return rest;
  }

  /** The directory holding {@code conf/config.yaml}, the JVMs' logs and the checkpoints. */
  public Path directory() {
    return config.directory();
  }

  /** The generated configuration directory (a client's {@code FLINK_CONF_DIR}). */
  public Path configDirectory() {
    return config.configDirectory();
  }

  /** The number of TaskManager processes alive. */
  public synchronized int liveTaskManagers() {
    return (int) taskManagers.stream().filter(ChildJvm::isAlive).count();
  }

  /** Starts the JobManager, then the TaskManagers, and waits until they are registered. */
  synchronized FlinkSessionCluster start(int taskManagerCount) {
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    try {
      config.write();
      jobManager = ChildJvm.launch("jobmanager", directory(), config.jobManagerCommand());
      await("the JobManager's REST endpoint " + restUri(), this::restAnswers);
      List<String> names = new ArrayList<>();
      for (int i = 0; i < taskManagerCount; i++) {
        names.add(launchTaskManager());
      }
      await(names + " to register", () -> registered().containsAll(names));
      return this;
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * Starts one more TaskManager and waits until it is registered.
   *
   * @return its resource id
   */
  public synchronized String startTaskManager() {
    String name = launchTaskManager();
    await(name + " to register", () -> registered().contains(name));
    return name;
  }

  /**
   * Kills ({@code kill -9}) the {@code index}-th live TaskManager (in start order) and waits for
   * the process to end.
   *
   * @return its resource id
   */
  public synchronized String killTaskManager(int index) {
    List<ChildJvm> live = taskManagers.stream().filter(ChildJvm::isAlive).toList();
    if (index < 0 || index >= live.size()) {
      throw new IllegalArgumentException(
          "No live TaskManager " + index + ": " + live.size() + " alive");
    }
    ChildJvm victim = live.get(index);
    victim.kill();
    return victim.name();
  }

  /**
   * Brings the cluster back to a known state for its next user (a cluster shared by several test
   * classes): cancels every job that has not ended and waits for it to end, kills the TaskManagers
   * beyond {@code taskManagerCount} (the newest first), starts missing ones, and waits until the
   * JobManager lists exactly the live TaskManagers (a killed one is listed until its heartbeat
   * times out).
   */
  public synchronized void reset(int taskManagerCount) {
    for (FlinkRestClient.Job job : rest.jobs()) {
      if (!job.ended()) {
        rest.cancel(job.id());
      }
    }
    await("every job to end", () -> rest.jobs().stream().allMatch(FlinkRestClient.Job::ended));
    List<ChildJvm> live = taskManagers.stream().filter(ChildJvm::isAlive).toList();
    for (int i = live.size() - 1; i >= taskManagerCount; i--) {
      live.get(i).kill();
    }
    while (liveTaskManagers() < taskManagerCount) {
      launchTaskManager();
    }
    Set<String> names =
        taskManagers.stream()
            .filter(ChildJvm::isAlive)
            .map(ChildJvm::name)
            .collect(Collectors.toSet());
    await("exactly " + names + " to be registered", () -> registered().equals(names));
  }

  /** Kills ({@code kill -9}) every TaskManager; the JobManager keeps running. */
  public synchronized void killAllTaskManagers() {
    taskManagers.forEach(ChildJvm::kill);
  }

  /** Stops the TaskManagers and then the JobManager (SIGTERM, SIGKILL after 20 s each). */
  @Override
  public synchronized void close() {
    taskManagers.forEach(tm -> tm.stop(20));
    if (jobManager != null) {
      jobManager.stop(20);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException | IllegalArgumentException alreadyGone) {
      // JVM shutting down, or start() never registered the hook
    }
    // Staged jars and checkpoints can be large; the logs and the configuration stay.
    for (String bulky : List.of("blobs", "tmp", "web", "checkpoints", "savepoints")) {
      deleteRecursively(directory().resolve(bulky));
    }
  }

  /** The state of every process and the end of its log, for error messages. */
  public synchronized String diagnostics() {
    StringBuilder out = new StringBuilder();
    if (jobManager != null) {
      out.append(jobManager.diagnostics()).append('\n');
    }
    taskManagers.forEach(tm -> out.append(tm.diagnostics()).append('\n'));
    return out.toString();
  }

  @Override
  public String toString() {
    return "FlinkSessionCluster{" + flinkMaster() + ", " + directory() + "}";
  }

  private String launchTaskManager() {
    String name = "taskmanager-" + (++taskManagersStarted);
    taskManagers.add(ChildJvm.launch(name, directory(), config.taskManagerCommand(name)));
    return name;
  }

  private Set<String> registered() {
    return Set.copyOf(rest.taskManagerIds());
  }

  private boolean restAnswers() {
    try {
      rest.registeredTaskManagers();
      return true;
    } catch (FlinkClusterException notYet) {
      return false;
    }
  }

  private void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + startupTimeout.toNanos();
    while (true) {
      if (jobManager != null && !jobManager.isAlive()) {
        throw new FlinkClusterException(
            "The JobManager ended while waiting for " + what + "\n" + diagnostics());
      }
      if (safely(condition)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new FlinkClusterException(
            "Timed out after " + startupTimeout + " waiting for " + what + "\n" + diagnostics());
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FlinkClusterException("Interrupted while waiting for " + what, e);
      }
    }
  }

  private static boolean safely(BooleanSupplier condition) {
    try {
      return condition.getAsBoolean();
    } catch (FlinkClusterException notYet) {
      return false;
    }
  }

  private void killAllNow() {
    taskManagers.forEach(ChildJvm::killNow);
    if (jobManager != null) {
      jobManager.killNow();
    }
  }

  private static void deleteRecursively(Path path) {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path, e);
    }
  }

  /** Settings of a session cluster; {@link #start()} launches it. */
  public static final class Builder {
    private int taskManagers = 2;
    private int slots = 2;
    private String classpath = System.getProperty("java.class.path");
    private Path parentDirectory;
    private Duration startupTimeout = Duration.ofSeconds(90);
    private final Map<String, String> settings = new LinkedHashMap<>();

    private Builder() {}

    /** The number of TaskManagers started with the cluster (default 2). */
    public Builder taskManagers(int count) {
      this.taskManagers = count;
      return this;
    }

    /** Task slots per TaskManager (default 2). */
    public Builder slotsPerTaskManager(int count) {
      this.slots = count;
      return this;
    }

    /** A Flink configuration entry, overriding the generated one of the same key. */
    public Builder setting(String key, String value) {
      settings.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
      return this;
    }

    /** The class path of the child JVMs (default: this JVM's {@code java.class.path}). */
    public Builder classpath(String classpath) {
      this.classpath = Objects.requireNonNull(classpath, "classpath");
      return this;
    }

    /**
     * Where the cluster's directory is made (default: {@code target} in the working directory when
     * it exists, else the temporary directory).
     */
    public Builder parentDirectory(Path directory) {
      this.parentDirectory = Objects.requireNonNull(directory, "directory");
      return this;
    }

    /** How long to wait for the JobManager and each TaskManager (default 90 s). */
    public Builder startupTimeout(Duration timeout) {
      this.startupTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /** Starts the cluster and waits until every TaskManager is registered. */
    public FlinkSessionCluster start() {
      Path parent = parentDirectory;
      if (parent == null) {
        parent =
            Files.isDirectory(Path.of("target"))
                ? Path.of("target").toAbsolutePath()
                : Path.of(System.getProperty("java.io.tmpdir"));
      }
      try {
        Files.createDirectories(parent);
        Path directory = Files.createTempDirectory(parent, "flink-session-");
        return new FlinkSessionCluster(this, directory).start(taskManagers);
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the cluster directory in " + parent, e);
      }
    }
  }
}
