package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.JobListener;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The job of one statement that {@code jdbc:kafkaconnector:} runs itself: started with the
 * connection's {@link JobListener} told (when one listens), cancelled by {@code Statement.cancel},
 * and ended once. The statement's class ({@link RunnerSelect}, {@link RunnerInsert}) builds the
 * pipeline and decides when the job has done its work.
 */
final class SqlJob {
  private final JobListener listener;
  private final AtomicReference<PipelineResult> result = new AtomicReference<>();
  private volatile boolean cancelled;
  private boolean ended;

  SqlJob(JobListener listener) {
    this.listener = listener;
  }

  /**
   * Builds the pipeline on {@code options} and runs it.
   *
   * @return what {@code run()} returned: the job runs on, or (an attached runner) has ended
   * @throws RuntimeException when {@code run()} failed (the listener was told)
   */
  PipelineResult start(PipelineOptions options, Consumer<Pipeline> build) {
    listener.starting(options);
    Pipeline pipeline = Pipeline.create(options);
    build.accept(pipeline);
    PipelineResult run;
    try {
      run = pipeline.run();
    } catch (RuntimeException e) {
      end(String.valueOf(e.getMessage()));
      throw e;
    }
    result.set(run);
    listener.running(run);
    if (cancelled) {
      cancelQuietly(run);
    }
    return run;
  }

  /** Tells the listener that the job ended, once: well when {@code failure} is null. */
  synchronized void end(@Nullable String failure) {
    if (!ended) {
      ended = true;
      listener.ended(result.get(), failure);
    }
  }

  /** Whether {@link #cancel} was called. */
  boolean cancelled() {
    return cancelled;
  }

  /** Cancels the job, now if it runs, else as soon as it does. */
  void cancel() {
    cancelled = true;
    PipelineResult run = result.get();
    if (run != null) {
      cancelQuietly(run);
    }
  }

  /**
   * Whether the job ended; a job whose state cannot be had has ended (a detached job on an embedded
   * Flink cluster: the cluster is gone once its job ended).
   */
  static boolean ended(PipelineResult result) {
    try {
      return result.getState().isTerminal();
    } catch (RuntimeException e) {
      return true;
    }
  }

  /** Cancels {@code result}'s job unless it ended; a job that ends meanwhile is no error. */
  static void cancelQuietly(PipelineResult result) {
    try {
      if (!ended(result)) {
        result.cancel();
      }
    } catch (IOException | RuntimeException e) {
      // the job ended meanwhile
    }
  }
}
