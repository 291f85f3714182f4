package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.util.Map;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The session cluster of child JVMs: a finite streaming job submitted with {@code --flinkMaster}
 * (its classes staged as a jar) runs on its TaskManagers, not in this JVM, and finishes, its
 * exactly-once output complete; a killed TaskManager is replaced by a new one.
 */
class FlinkSessionClusterIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = new FlinkClusterExtension();

  @Test
  void jobSubmittedToTheClusterFinishesAndATaskManagerCanBeReplaced() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    String topic = KAFKA.newTopicName("session");
    KAFKA.createTopic(topic, 2);
    String jobName = "session-smoke-" + System.nanoTime();
    FlinkPipelineOptions options = CopyJob.options(cluster.flinkMaster(), jobName);
    options.setCheckpointingInterval(500L);
    options.setShutdownSourcesAfterIdleMs(0L);
    Pipeline pipeline = Pipeline.create(options);
    Schema schema = Schema.builder().addStringField("line").build();
    pipeline
        .apply(GenerateSequence.from(0).to(1000))
        .apply(MapElements.into(TypeDescriptors.rows())
            .via(i -> Row.withSchema(schema).addValue("r" + i).build()))
        .setRowSchema(schema)
        .apply(KafkaConnectorIO.write().withOptions(Map.of(
            "properties.bootstrap.servers", KAFKA.bootstrapServers(),
            "topic", topic,
            "format", "raw",
            "sink.delivery-guarantee", "exactly-once",
            "sink.transactional-id-prefix", jobName)));
    long start = System.nanoTime();
    pipeline.run();
    System.out.printf("submitted in %d ms%n", (System.nanoTime() - start) / 1_000_000);
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    assertEquals("FINISHED", FaultJobs.awaitEnd(cluster, jobId, java.time.Duration.ofMinutes(2)));
    System.out.printf("finished in %d ms%n", (System.nanoTime() - start) / 1_000_000);
    assertEquals(1000, FaultJobs.readCommitted(
        KAFKA.bootstrapServers(), topic, 1000, java.time.Duration.ofMinutes(1)).size());

    String killed = cluster.killTaskManager(0);
    assertEquals(1, cluster.liveTaskManagers());
    String replacement = cluster.startTaskManager();
    assertFalse(killed.equals(replacement));
    assertEquals(2, cluster.liveTaskManagers());
    assertTrue(cluster.rest().taskManagerIds().contains(replacement));
  }
}
