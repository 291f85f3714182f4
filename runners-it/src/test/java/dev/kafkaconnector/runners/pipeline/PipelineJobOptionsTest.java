package dev.kafkaconnector.runners.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.pipeline.PipelineJob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner options a YAML job's arguments give, with the runners on the class path. */
class PipelineJobOptionsTest {
  @TempDir static Path dir;
  private static String job;

  @BeforeAll
  static void writeJob() throws IOException {
    Path file = dir.resolve("job.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "source:",
            "  type: kafka",
            "  properties.bootstrap.servers: localhost:9092",
            "  topic: t",
            "  value.format: json",
            "sink:",
            "  type: kafka",
            "  properties.bootstrap.servers: localhost:9092",
            "pipeline:",
            "  name: options-test",
            "  parallelism: 3",
            ""));
    job = file.toString();
  }

  private static PipelineOptions options(String... runnerArgs) {
    String[] args = new String[runnerArgs.length + 1];
    args[0] = job;
    System.arraycopy(runnerArgs, 0, args, 1, runnerArgs.length);
    return PipelineJob.fromArgs(args).options();
  }

  @Test
  void flinkGetsFasterCopyAndThePipelineBlocksParallelism() {
    FlinkPipelineOptions flink = options("--runner=FlinkRunner").as(FlinkPipelineOptions.class);
    assertTrue(flink.getFasterCopy());
    assertEquals(3, flink.getParallelism());
    assertEquals("options-test", flink.getJobName());
  }

  @Test
  void anExplicitFasterCopyWins() {
    assertFalse(
        options("--runner=FlinkRunner", "--fasterCopy=false")
            .as(FlinkPipelineOptions.class)
            .getFasterCopy());
  }

  @Test
  void theDirectRunnerGetsItsTargetParallelismOnly() {
    PipelineOptions options = options("--runner=DirectRunner");
    assertEquals(3, options.as(DirectOptions.class).getTargetParallelism());
    assertFalse(options.as(FlinkPipelineOptions.class).getFasterCopy());
  }
}
