package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.runner.FlinkWatermarkCheck;
import dev.kafkaconnector.runners.PipelineRunners;
import java.util.Optional;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.jupiter.api.Test;

/**
 * {@link FlinkWatermarkCheck} on real FlinkRunner and DirectRunner options (it lives in io, which
 * does not depend on the Flink runner, and reads the options through their display data).
 */
class FlinkWatermarkCheckTest {
  private static FlinkPipelineOptions flink(long checkpointing, Long bundleTime) {
    FlinkPipelineOptions options = PipelineRunners.flink("[local]", 2, false);
    options.setStreaming(true);
    options.setCheckpointingInterval(checkpointing);
    if (bundleTime != null) {
      options.setMaxBundleTimeMills(bundleTime);
    }
    return options;
  }

  @Test
  void checkpointsMoreOftenThanTheDefaultBundleTimeAreReported() {
    Optional<String> warning = FlinkWatermarkCheck.warning(flink(500, null));
    assertTrue(warning.isPresent());
    assertTrue(warning.get().contains("--checkpointingInterval=500"), warning.get());
    assertTrue(warning.get().contains("--maxBundleTimeMills=1000"), warning.get());
    assertTrue(warning.get().contains("at most 250"), warning.get());
  }

  @Test
  void anIntervalUnderTwiceTheBundleTimeIsReported() {
    assertTrue(FlinkWatermarkCheck.warning(flink(1500, 1000L)).isPresent());
  }

  @Test
  void aShortBundleTimeOrNoCheckpointsIsFine() {
    assertEquals(Optional.empty(), FlinkWatermarkCheck.warning(flink(500, 100L)));
    assertEquals(Optional.empty(), FlinkWatermarkCheck.warning(flink(10_000, null)));
    FlinkPipelineOptions noCheckpoints = PipelineRunners.flink("[local]", 2, false);
    assertEquals(Optional.empty(), FlinkWatermarkCheck.warning(noCheckpoints));
  }

  @Test
  void otherRunnersAreNotChecked() {
    FlinkPipelineOptions direct = PipelineOptionsFactory.as(FlinkPipelineOptions.class);
    direct.setRunner(PipelineRunners.direct(false, false).getRunner());
    direct.setCheckpointingInterval(500L);
    assertEquals(Optional.empty(), FlinkWatermarkCheck.warning(direct));
  }
}
