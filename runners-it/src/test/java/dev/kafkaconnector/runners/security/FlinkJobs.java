package dev.kafkaconnector.runners.security;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.beam.runners.flink.FlinkDetachedRunnerResult;
import org.apache.beam.sdk.PipelineResult;
import org.apache.flink.core.execution.JobClient;

/** What a detached FlinkRunner job ({@code attachedMode=false}) failed with. */
final class FlinkJobs {
  private FlinkJobs() {}

  /**
   * Waits for a detached job to fail and returns its failure. Beam's detached result only gives the
   * state (and, on embedded Flink, not even that once the job ended: the mini cluster shuts down
   * with it), so its Flink {@link JobClient} (a private field) is asked for the execution result,
   * which stays available.
   *
   * @param result the result of {@code pipeline.run()} with the FlinkRunner, detached
   * @param bound how long to wait; the job is cancelled and an {@link AssertionError} thrown when
   *     it is still running then
   * @return the exception the job's execution result completed with
   */
  static Throwable failure(PipelineResult result, Duration bound) throws Exception {
    if (!(result instanceof FlinkDetachedRunnerResult)) {
      throw new IllegalArgumentException("not a detached Flink job: " + result);
    }
    Field field = FlinkDetachedRunnerResult.class.getDeclaredField("jobClient");
    field.setAccessible(true);
    JobClient client = (JobClient) field.get(result);
    try {
      client.getJobExecutionResult().get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      return e.getCause() == null ? e : e.getCause();
    } catch (TimeoutException e) {
      client.cancel().get(30, TimeUnit.SECONDS);
      throw new AssertionError(
          "the Flink job "
              + client.getJobID()
              + " was still running after "
              + bound.toSeconds()
              + " s (cancelled)");
    }
    throw new AssertionError("the Flink job " + client.getJobID() + " ended without failing");
  }
}
