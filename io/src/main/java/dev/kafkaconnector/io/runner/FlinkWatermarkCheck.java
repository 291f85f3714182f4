package dev.kafkaconnector.io.runner;

import java.util.Optional;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Detects FlinkRunner settings under which the runner never passes this source's watermark on.
 *
 * <p>Beam 2.70's Flink runner emits an operator's output watermark only while no bundle is open.
 * The reader is a splittable DoFn that resumes itself with processing-time timers, and every timer
 * opens a bundle, so its watermark goes out only when a bundle is finished by time ({@code
 * --maxBundleTimeMills}, default 1000 ms). A checkpoint also finishes the open bundle and restarts
 * that clock without emitting the watermark, so with checkpoints more frequent than the bundle time
 * the watermark downstream of the source never moves: event-time windows and timers never fire
 * (found with the runner's debug log and a windowed test; the DirectRunner is not affected).
 */
public final class FlinkWatermarkCheck {
  private FlinkWatermarkCheck() {}

  /**
   * A warning when {@code options} run an unbounded read on the FlinkRunner with a checkpointing
   * interval under twice the maximum bundle time (the bundle clock is checked every half bundle
   * time, so an interval just above the bundle time can still miss every time-based finish).
   */
  public static Optional<String> warning(PipelineOptions options) {
    RunnerSettings settings = RunnerSettings.of(options);
    long checkpointing = settings.checkpointingIntervalMillis();
    long bundleTime = settings.maxBundleTimeMillis();
    if (!settings.flink() || checkpointing <= 0 || checkpointing >= 2 * bundleTime) {
      return Optional.empty();
    }
    return Optional.of(
        "--checkpointingInterval="
            + checkpointing
            + " is less than twice --maxBundleTimeMills="
            + bundleTime
            + ": the FlinkRunner then never passes the Kafka source's watermark downstream, so"
            + " event-time windows and timers after the read do not fire. Set"
            + " --maxBundleTimeMills to at most "
            + checkpointing / 2
            + " (or checkpoint less often).");
  }
}
