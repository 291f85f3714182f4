package dev.kafkaconnector.runners;

import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptionsFactory;

/** Pipeline options for the runners the project is tested on, shared by tests and examples. */
public final class PipelineRunners {
  private PipelineRunners() {}

  /**
   * DirectRunner options.
   *
   * @param blockOnRun whether {@code run()} waits for the end (false for unbounded jobs that a
   *     caller cancels)
   * @param checks whether the immutability and encodability checks run (on in correctness tests,
   *     off in benchmarks: they double time and memory)
   */
  public static DirectOptions direct(boolean blockOnRun, boolean checks) {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setRunner(DirectRunner.class);
    options.setBlockOnRun(blockOnRun);
    options.setEnforceImmutability(checks);
    options.setEnforceEncodability(checks);
    return options;
  }

  /**
   * FlinkRunner options for an embedded cluster ({@code [local]}) or a real one.
   *
   * @param master {@code [local]} or {@code host:port} of a JobManager
   * @param parallelism the job's parallelism
   * @param attached whether {@code run()} waits for the end (false for unbounded jobs that a caller
   *     cancels)
   */
  public static FlinkPipelineOptions flink(String master, int parallelism, boolean attached) {
    FlinkPipelineOptions options = PipelineOptionsFactory.as(FlinkPipelineOptions.class);
    options.setRunner(FlinkRunner.class);
    options.setFlinkMaster(master);
    options.setParallelism(parallelism);
    options.setAttachedMode(attached);
    return options;
  }

  /**
   * An unbounded job on embedded Flink, parallelism 2, in streaming mode with a checkpoint every
   * 500 ms; {@code run()} returns at once. Bundles end within 100 ms: below half the checkpoint
   * interval, or the runner never sends the source's watermark downstream and event-time windows do
   * not fire (see the source's FlinkWatermarkCheck).
   */
  public static FlinkPipelineOptions flinkStreaming() {
    FlinkPipelineOptions options = flink("[local]", 2, false);
    options.setStreaming(true);
    options.setCheckpointingInterval(500L);
    options.setMaxBundleTimeMills(100L);
    return options;
  }

  /**
   * {@link #flinkStreaming()} for a job whose sources are bounded: {@code run()} waits, and the job
   * ends once its sources finished (a streaming Flink job otherwise keeps running).
   */
  public static FlinkPipelineOptions flinkStreamingEndingWithSources() {
    FlinkPipelineOptions options = flinkStreaming();
    options.setAttachedMode(true);
    options.setShutdownSourcesAfterIdleMs(0L);
    return options;
  }

  /**
   * {@link #flinkStreamingEndingWithSources()} on the cluster {@code master} names ({@code [auto]}:
   * a kept cluster installed as the context environment).
   */
  public static FlinkPipelineOptions flinkStreamingEndingWithSources(String master) {
    FlinkPipelineOptions options = flinkStreamingEndingWithSources();
    options.setFlinkMaster(master);
    return options;
  }
}
