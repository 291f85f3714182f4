package dev.kafkaconnector.io.common;

import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a launcher learns of a job that the connector runs for it (a YAML job through {@code
 * PipelineJob.execute(job, listener)}, a statement of {@code jdbc:kafkaconnector:} through {@code
 * KafkaConnectorConnection.setJobListeners}), so that it can show the job's progress and a summary
 * without running the job itself. Every method has an empty default.
 */
public interface JobListener {
  /** The {@code failure} of {@link #ended} for a job that was cancelled on request. */
  String CANCELLED = "cancelled";

  /**
   * The job's pipeline was built and is about to run with {@code options}: the listener may still
   * change them (for instance, let the DirectRunner's {@code run()} return at once). A job whose
   * definition or options are refused never gets here.
   */
  default void starting(PipelineOptions options) {}

  /**
   * The runner's {@code run()} returned {@code result}: the job runs on, or, on a runner whose
   * {@code run()} waits (the FlinkRunner attached), has ended already.
   */
  default void running(PipelineResult result) {}

  /**
   * The job ended.
   *
   * @param result what {@code run()} returned, or null when {@code run()} itself failed
   * @param failure why the job failed, secrets masked (as printed), {@link #CANCELLED} when it was
   *     cancelled on request, or null when it ended well
   */
  default void ended(@Nullable PipelineResult result, @Nullable String failure) {}
}
