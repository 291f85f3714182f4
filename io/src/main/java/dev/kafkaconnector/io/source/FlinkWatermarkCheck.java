package dev.kafkaconnector.io.source;

import java.util.Optional;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.transforms.display.DisplayData;

/**
 * Detects FlinkRunner settings under which the runner never passes this source's watermark on.
 *
 * <p>Beam 2.70's Flink runner emits an operator's output watermark only while no bundle is open.
 * The reader is a splittable DoFn that resumes itself with processing-time timers, and every timer
 * opens a bundle, so its watermark goes out only when a bundle is finished by time
 * ({@code --maxBundleTimeMills}, default 1000 ms). A checkpoint also finishes the open bundle and
 * restarts that clock without emitting the watermark, so with checkpoints more frequent than the
 * bundle time the watermark downstream of the source never moves: event-time windows and timers
 * never fire (found with the runner's debug log and a windowed test; the DirectRunner is not
 * affected). This class reads the options without depending on the Flink runner: through their
 * display data, which holds the values a user set ({@code --checkpointingInterval} is off unless
 * set; {@code --maxBundleTimeMills} is 1000 ms unless set).
 */
public final class FlinkWatermarkCheck {
  /** The Flink runner's default {@code --maxBundleTimeMills}. */
  static final long DEFAULT_MAX_BUNDLE_TIME_MILLIS = 1000;

  private FlinkWatermarkCheck() {}

  /**
   * A warning when {@code options} run an unbounded read on the FlinkRunner with a checkpointing
   * interval under twice the maximum bundle time (the bundle clock is checked every half bundle
   * time, so an interval just above the bundle time can still miss every time-based finish).
   */
  public static Optional<String> warning(PipelineOptions options) {
    long checkpointing = -1;
    long bundleTime = DEFAULT_MAX_BUNDLE_TIME_MILLIS;
    boolean flink = false;
    for (DisplayData.Item item : DisplayData.from(options).items()) {
      Object value = item.getValue();
      if (value == null) {
        continue;
      }
      switch (item.getKey()) {
        case "runner":
          String runner = value.toString();
          flink = runner.endsWith(".FlinkRunner") || runner.endsWith(".TestFlinkRunner");
          break;
        case "checkpointingInterval":
          checkpointing = asLong(value, checkpointing);
          break;
        case "maxBundleTimeMills":
          bundleTime = asLong(value, bundleTime);
          break;
        default:
          break;
      }
    }
    if (!flink || checkpointing <= 0 || checkpointing >= 2 * bundleTime) {
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

  private static long asLong(Object value, long otherwise) {
    try {
      return Long.parseLong(value.toString());
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }
}
