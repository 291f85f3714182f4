package dev.kafkaconnector.io.runner;

import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.StreamingOptions;
import org.apache.beam.sdk.transforms.display.DisplayData;

/**
 * The runner settings the connector checks at construction, read from a pipeline's options without
 * depending on any runner: through the options' display data, which holds the values a user set
 * ({@code --streaming} through {@link StreamingOptions}). Unset values take the Flink runner's
 * defaults (checkpointing off, 1000 ms bundles, batch unless streaming is set).
 *
 * @param flink whether the runner is the FlinkRunner (or its test variant)
 * @param streaming {@code --streaming}
 * @param checkpointingIntervalMillis {@code --checkpointingInterval}, -1 when off
 * @param maxBundleTimeMillis {@code --maxBundleTimeMills}
 * @param parallelism {@code --parallelism}, -1 when not set
 */
public record RunnerSettings(
    boolean flink,
    boolean streaming,
    long checkpointingIntervalMillis,
    long maxBundleTimeMillis,
    int parallelism) {
  /** The Flink runner's default {@code --maxBundleTimeMills}. */
  public static final long DEFAULT_MAX_BUNDLE_TIME_MILLIS = 1000;

  /** The settings of {@code options}. */
  public static RunnerSettings of(PipelineOptions options) {
    boolean flink = false;
    // Not in the display data (an "is" getter); StreamingOptions is in the SDK itself.
    boolean streaming = options.as(StreamingOptions.class).isStreaming();
    long checkpointing = -1;
    long bundleTime = DEFAULT_MAX_BUNDLE_TIME_MILLIS;
    long parallelism = -1;
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
        case "parallelism":
          parallelism = asLong(value, parallelism);
          break;
        default:
          break;
      }
    }
    return new RunnerSettings(
        flink, streaming, checkpointing, bundleTime, parallelism > 0 ? (int) parallelism : -1);
  }

  private static long asLong(Object value, long otherwise) {
    try {
      return Long.parseLong(value.toString());
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }
}
