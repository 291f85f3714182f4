package dev.kafkaconnector.examples.cli;

import dev.kafkaconnector.io.common.JobListener;
import dev.kafkaconnector.runners.FreePorts;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A job's progress on standard error, for the tools that run jobs ({@code kafka-pipeline}; the SQL
 * shell can use it the same way): at the start the runner, the job name and, on Flink, the REST
 * address (the web UI of a cluster) and the job id once the cluster lists it; while the job runs,
 * when {@code showProgress}, a line every {@code interval} with the connector's counts ({@link
 * JobMetrics}); at the end, always, a summary: state ({@code FINISHED}, {@code FAILED}, or {@code
 * CANCELLED} when cancelled on request, e.g. a shell statement on Ctrl-C, {@code STOPPED} when the
 * JVM stops first, e.g. kafka-pipeline on Ctrl-C), duration, counts, rate, errors.
 *
 * <p>Use it as the {@link JobListener} of {@code PipelineJob.execute(job, progress)}, or call its
 * methods around a pipeline of one's own:
 *
 * <pre>{@code
 * JobProgress progress = new JobProgress("kafka-sql", System.err, JobProgress.onTerminal(), 5s);
 * progress.starting(options);                 // before Pipeline.create(options)
 * PipelineResult result = pipeline.run();
 * progress.running(result);
 * ... result.waitUntilFinish() ...            // then, failed or not:
 * progress.ended(result, failureOrNull);
 * }</pre>
 *
 * <p>Where the counts come from: on the DirectRunner, {@code PipelineResult.metrics()} ({@link
 * #starting} makes {@code run()} return at once, {@code --blockOnRun=false}, so that the result is
 * there while the job runs and after it failed); on the FlinkRunner, whose attached {@code run()}
 * returns only at the end, Flink's REST API while the job runs, and the final {@code
 * PipelineResult.metrics()} (Flink's accumulators) for the summary, or the last counts seen over
 * REST when the job failed. Embedded Flink ({@code [local]}, {@code [auto]}) gets a REST port of
 * its own through a generated Flink configuration directory, unless {@code --flinkConfDir} or
 * {@code FLINK_CONF_DIR} names one.
 */
public final class JobProgress implements JobListener {
  private static final Duration FIND_JOB_EVERY = Duration.ofMillis(250);
  private static final String LAST_SEEN = " (as last seen while running)";

  /** The progress line before the runner reports metrics: not zeros, which would mislead. */
  public static final String NOT_REPORTED =
      "running, no counts reported yet (on Flink a step reports them when a bundle ends: in a"
          + " batch job at the step's end)";

  private final String tool;
  private final PrintStream err;
  private final boolean showProgress;
  private final boolean overwrite;
  private final Duration interval;
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread thread = new Thread(r, "job-progress");
            thread.setDaemon(true);
            return thread;
          });
  private long startNanos;
  private @Nullable FlinkJobWatch flink;
  private @Nullable Path confDir;
  private volatile @Nullable String jobId;
  private volatile JobMetrics lastSeen = JobMetrics.NONE;

  /** Whether the runner has reported the job's metrics once (Flink does at a bundle's end). */
  private volatile boolean reported;

  private boolean pendingLine;
  private final Thread interrupted = new Thread(this::stopped, "job-progress-summary");

  /**
   * @param tool the name that starts each line ({@code kafka-pipeline})
   * @param showProgress whether to print the progress lines ({@link #onTerminal()} by default)
   * @param interval the time between two progress lines
   */
  public JobProgress(String tool, PrintStream err, boolean showProgress, Duration interval) {
    this.tool = tool;
    this.err = err;
    this.showProgress = showProgress;
    this.overwrite = showProgress && onTerminal();
    this.interval = interval;
  }

  /** Whether the tool runs on a terminal ({@link System#console()}): then progress is shown. */
  public static boolean onTerminal() {
    return System.console() != null;
  }

  @Override
  public void starting(PipelineOptions options) {
    startNanos = System.nanoTime();
    try {
      Runtime.getRuntime().addShutdownHook(interrupted);
    } catch (IllegalStateException e) {
      // the JVM is shutting down already
    }
    String name = options.getJobName();
    Class<?> runner = options.getRunner();
    if (DirectRunner.class.isAssignableFrom(runner)) {
      options.as(DirectOptions.class).setBlockOnRun(false);
      print("job '" + name + "' on the DirectRunner, in this JVM (no job id)");
    } else if (FlinkRunner.class.isAssignableFrom(runner)) {
      startFlink(options.as(FlinkPipelineOptions.class), name);
    } else {
      print("job '" + name + "' on " + runner.getSimpleName());
    }
  }

  private void startFlink(FlinkPipelineOptions options, String name) {
    String master = options.getFlinkMaster();
    URI address = null;
    String where;
    if (master == null || master.startsWith("[")) {
      where = "embedded Flink";
      if (options.getFlinkConfDir() == null && System.getenv("FLINK_CONF_DIR") == null) {
        int port = FreePorts.take("127.0.0.1", 1)[0];
        confDir = restConfDir(port);
        options.setFlinkConfDir(confDir.toString());
        address = URI.create("http://127.0.0.1:" + port);
        where += ", REST API " + address;
      }
    } else {
      address = URI.create(master.contains("://") ? master : "http://" + master);
      where = "Flink cluster, web UI " + address;
    }
    print("job '" + name + "' on the FlinkRunner (" + where + ")");
    if (address != null) {
      FlinkJobWatch watch = FlinkJobWatch.before(address, name);
      flink = watch;
      ticker.schedule(() -> findJob(watch), 0, TimeUnit.MILLISECONDS);
    }
  }

  /** Polls for the job id, then watches its metrics. */
  private void findJob(FlinkJobWatch watch) {
    Optional<String> id = watch.findJob();
    if (id.isEmpty()) {
      ticker.schedule(() -> findJob(watch), FIND_JOB_EVERY.toMillis(), TimeUnit.MILLISECONDS);
      return;
    }
    jobId = id.get();
    print("Flink job id " + jobId);
    watch(() -> watch.metrics(jobId));
  }

  @Override
  public void running(PipelineResult result) {
    if (flink == null) {
      watch(() -> Optional.of(JobMetrics.of(result.metrics(), false)));
    }
  }

  private void watch(Supplier<Optional<JobMetrics>> metrics) {
    ticker.scheduleWithFixedDelay(
        () -> {
          try {
            metrics
                .get()
                .ifPresent(
                    m -> {
                      lastSeen = m;
                      reported = true;
                    });
          } catch (RuntimeException e) {
            return; // a runner's metrics are not ready yet: the next tick tries again
          }
          if (showProgress) {
            progressLine(elapsed() + " " + (reported ? lastSeen.describe(true) : NOT_REPORTED));
          }
        },
        interval.toMillis(),
        interval.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  @Override
  public void ended(@Nullable PipelineResult result, @Nullable String failure) {
    try {
      Runtime.getRuntime().removeShutdownHook(interrupted);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook prints the summary, or has
    }
    stopTicker();
    deleteConfDir();
    JobMetrics counts = lastSeen;
    String origin = "";
    JobMetrics fromResult = result == null ? JobMetrics.NONE : finalMetrics(result);
    if (result != null && (!fromResult.isEmpty() || lastSeen.isEmpty())) {
      counts = fromResult;
    } else if (!lastSeen.isEmpty()) {
      origin = LAST_SEEN;
    }
    summary(
        failure == null
            ? "FINISHED"
            : JobListener.CANCELLED.equals(failure) ? "CANCELLED" : "FAILED",
        counts,
        origin);
  }

  /** The summary of a job whose JVM stops before it ends (Ctrl-C, a signal). */
  private void stopped() {
    stopTicker();
    deleteConfDir();
    summary("STOPPED", lastSeen, LAST_SEEN);
  }

  private void stopTicker() {
    ticker.shutdownNow();
    try {
      ticker.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void summary(String state, JobMetrics counts, String origin) {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    long records = counts.recordsIn() > 0 ? counts.recordsIn() : counts.recordsOut();
    print(
        String.format(
            Locale.ROOT,
            "%s after %.1f s%s: %s | %.0f records/s%s",
            state,
            seconds,
            origin,
            counts.describe(false),
            seconds > 0 ? records / seconds : 0.0,
            jobId == null ? "" : " | Flink job id " + jobId));
  }

  private static JobMetrics finalMetrics(PipelineResult result) {
    try {
      return JobMetrics.of(result.metrics(), true);
    } catch (RuntimeException e) {
      return JobMetrics.NONE; // a runner without metrics
    }
  }

  private String elapsed() {
    long seconds = (System.nanoTime() - startNanos) / 1_000_000_000L;
    return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
  }

  private synchronized void progressLine(String text) {
    if (overwrite) {
      err.print("\r" + tool + ": " + text + "\033[K");
      pendingLine = true;
    } else {
      err.println(tool + ": " + text);
    }
    err.flush();
  }

  private synchronized void print(String text) {
    if (pendingLine) {
      err.print("\r\033[K");
      pendingLine = false;
    }
    err.println(tool + ": " + text);
    err.flush();
  }

  /** A Flink configuration directory whose one setting is the REST port of embedded Flink. */
  private static Path restConfDir(int port) {
    try {
      Path dir = Files.createTempDirectory("kafka-pipeline-flink-conf");
      Files.writeString(
          dir.resolve("flink-conf.yaml"),
          "rest.bind-address: 127.0.0.1\nrest.address: 127.0.0.1\nrest.bind-port: " + port + "\n",
          StandardCharsets.UTF_8);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a Flink configuration directory", e);
    }
  }

  private void deleteConfDir() {
    if (confDir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(confDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind
    }
    confDir = null;
  }
}
