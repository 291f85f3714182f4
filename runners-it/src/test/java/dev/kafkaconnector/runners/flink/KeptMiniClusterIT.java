package dev.kafkaconnector.runners.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.PipelineRunners;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.Sum;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Beam jobs with {@code [auto]} run on the kept cluster, batch and streaming, one after another.
 */
class KeptMiniClusterIT {
  private static KeptMiniCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = KeptMiniCluster.start(2);
  }

  @AfterAll
  static void stop() throws Exception {
    cluster.close();
  }

  @Test
  void batchAndStreamingJobsRunOnTheKeptCluster() throws Exception {
    int before = cluster.jobs().size();
    runSum(PipelineRunners.flink("[auto]", 2, true), 1_000);
    runSum(PipelineRunners.flink("[auto]", 2, true), 2_000);
    FlinkPipelineOptions streaming = PipelineRunners.flinkStreamingEndingWithSources();
    streaming.setFlinkMaster("[auto]");
    runSum(streaming, 3_000);

    List<JobStatusMessage> jobs = List.copyOf(cluster.jobs());
    assertEquals(before + 3, jobs.size(), "jobs on the kept cluster: " + jobs);
    assertTrue(
        jobs.stream().allMatch(j -> j.getJobState() == JobStatus.FINISHED),
        () ->
            jobs.stream()
                .map(j -> j.getJobName() + "=" + j.getJobState())
                .collect(Collectors.joining(", ")));
  }

  @Test
  void aFailingJobFailsItsRunAndLeavesTheClusterUsable() throws Exception {
    Pipeline pipeline = Pipeline.create(PipelineRunners.flink("[auto]", 2, true));
    PAssert.that(pipeline.apply(Create.of(1L, 2L)).apply(Sum.longsGlobally()))
        .containsInAnyOrder(4L);
    assertThrows(Exception.class, () -> pipeline.run().waitUntilFinish());

    runSum(PipelineRunners.flink("[auto]", 2, true), 10);
  }

  private static void runSum(FlinkPipelineOptions options, long n) {
    Pipeline pipeline = Pipeline.create(options);
    List<Long> values = LongStream.rangeClosed(1, n).boxed().toList();
    PAssert.that(pipeline.apply(Create.of(values)).apply(Sum.longsGlobally()))
        .containsInAnyOrder(n * (n + 1) / 2);
    pipeline.run().waitUntilFinish();
  }
}
