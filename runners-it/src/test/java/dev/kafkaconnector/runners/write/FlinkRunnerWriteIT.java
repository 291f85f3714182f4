package dev.kafkaconnector.runners.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.KeptMiniClusterExtension;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The write cases on embedded Flink with parallelism 2. */
class FlinkRunnerWriteIT extends AbstractKafkaWriteITCase {
  @RegisterExtension
  static final KeptMiniClusterExtension KEPT_FLINK = new KeptMiniClusterExtension();

  @Override
  protected PipelineOptions options() {
    return PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
  }

  /**
   * A finite streaming job with checkpoints writes every record exactly once, including those that
   * arrived after the last checkpoint before the end of the input (they are written when the final
   * checkpoint completes).
   */
  @Test
  @Timeout(180)
  void exactlyOnceFiniteStreamingJobWritesEveryRecord() {
    int records = 30_000;
    String topic = newTopic("eos-finite", 4);
    FlinkPipelineOptions options = PipelineRunners.flink(KeptMiniClusterExtension.MASTER, 2, true);
    options.setStreaming(true);
    // Long checkpoint intervals and no idling: many records arrive after the last checkpoint
    // before the end of the input (without this option the finished source keeps the job alive).
    options.setCheckpointingInterval(2000L);
    options.setShutdownSourcesAfterIdleMs(0L);
    Pipeline pipeline = Pipeline.create(options);
    Schema schema = Schema.builder().addStringField("line").build();
    pipeline
        .apply(GenerateSequence.from(0).to(records))
        .apply(
            MapElements.into(TypeDescriptors.rows())
                .via(i -> Row.withSchema(schema).addValue("r" + i).build()))
        .setRowSchema(schema)
        .apply(
            sink(topic)
                .withOptions(
                    Map.of(
                        "format", "raw",
                        "sink.delivery-guarantee", "exactly-once",
                        "sink.transactional-id-prefix", "eos-finite-" + System.nanoTime())));
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish());
    Set<String> seen = new HashSet<>();
    long total = 0;
    for (var r : readBack(topic, records)) {
      seen.add(text(r.value()));
      total++;
    }
    assertEquals(records, seen.size(), "distinct records");
    assertEquals(records, total, "records (read_committed)");
  }
}
