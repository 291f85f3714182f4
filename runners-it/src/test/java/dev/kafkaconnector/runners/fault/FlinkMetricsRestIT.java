package dev.kafkaconnector.runners.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.flink.FlinkClusterExtension;
import dev.kafkaconnector.runners.flink.FlinkRestClient;
import dev.kafkaconnector.runners.flink.FlinkSessionCluster;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The connector's FLIP-33 metrics as a Flink user sees them: a continuous copy job ({@link
 * CopyJob}, parallelism 2) on the session cluster of child JVMs reads records written before it
 * started, and Flink's REST API ({@code /jobs/<id>/vertices/<vid>/metrics}, what the web UI shows)
 * gives the Beam metrics as operator metrics named {@code
 * <subtask>.<operator>.kafka-connector.<name>}: {@code numRecordsIn} summed over the subtasks
 * reaches the records written, {@code pendingRecords} comes down to 0 once they are read, and the
 * sink's {@code numRecordsOut} counts them too.
 */
class FlinkMetricsRestIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();
  @RegisterExtension static final FlinkClusterExtension FLINK = FlinkClusterExtension.shared();

  private static final int RECORDS = 200;
  private static final Duration WAIT = Duration.ofSeconds(60);

  /**
   * How the REST API names the Beam namespace {@code kafka-connector}: Flink's metric query service
   * replaces the {@code .} and {@code :} inside a metric's name with {@code _}.
   */
  private static final String PREFIX = "kafka-connector_";

  @Test
  void numRecordsInAndPendingRecordsAreOperatorMetricsInFlinksRestApi() throws Exception {
    FlinkSessionCluster cluster = FLINK.cluster();
    FlinkRestClient rest = cluster.rest();
    String in = KAFKA.newTopicName("metrics-in");
    String out = KAFKA.newTopicName("metrics-out");
    KAFKA.createTopic(in, 2);
    KAFKA.createTopic(out, 2);
    CopyJob.produce(KAFKA.bootstrapServers(), in, 0, RECORDS, 100_000, 2).close();
    String jobName = "metrics-" + in;
    CopyJob.pipeline(
            CopyJob.options(cluster.flinkMaster(), jobName),
            KAFKA.bootstrapServers(),
            in,
            out,
            Map.of("sink.delivery-guarantee", "at-least-once"))
        .run();
    String jobId = FaultJobs.awaitJob(cluster, jobName);
    try {
      FaultJobs.awaitRunning(cluster, jobId, WAIT);
      long deadline = System.nanoTime() + WAIT.toNanos();
      Map<String, Long> sums = Map.of();
      while (System.nanoTime() < deadline) {
        sums = sums(rest, jobId, List.of("numRecordsIn", "pendingRecords", "numRecordsOut"));
        if (sums.getOrDefault("numRecordsIn", -1L) == RECORDS
            && sums.getOrDefault("pendingRecords", -1L) == 0
            && sums.getOrDefault("numRecordsOut", -1L) == RECORDS) {
          break;
        }
        Thread.sleep(500);
      }
      String seen = sums + "; metric ids: " + connectorMetricIds(rest, jobId);
      assertEquals(RECORDS, sums.getOrDefault("numRecordsIn", -1L), seen);
      assertEquals(0L, sums.getOrDefault("pendingRecords", -1L), seen);
      assertEquals(RECORDS, sums.getOrDefault("numRecordsOut", -1L), seen);
      assertTrue(
          connectorMetricIds(rest, jobId).stream()
              .anyMatch(id -> id.endsWith("." + PREFIX + "pendingRecords_" + in + "-0")),
          seen);
    } finally {
      rest.cancel(jobId);
      FaultJobs.awaitEnd(cluster, jobId, WAIT);
    }
  }

  /**
   * For each of {@code names}, the sum over every vertex and subtask of the operator metric {@code
   * kafka-connector_<name>}; a name no vertex has yet is left out.
   */
  private static Map<String, Long> sums(FlinkRestClient rest, String jobId, List<String> names) {
    Map<String, Long> sums = new java.util.TreeMap<>();
    for (FlinkRestClient.Vertex vertex : rest.vertices(jobId)) {
      List<String> wanted = new ArrayList<>();
      for (String id : rest.vertexMetricIds(jobId, vertex.id())) {
        if (names.stream().anyMatch(n -> id.endsWith("." + PREFIX + n))) {
          wanted.add(id);
        }
      }
      rest.vertexMetrics(jobId, vertex.id(), wanted)
          .forEach(
              (id, value) -> {
                String name = id.substring(id.lastIndexOf(PREFIX) + PREFIX.length());
                sums.merge(name, (long) Double.parseDouble(value), Long::sum);
              });
    }
    return sums;
  }

  private static List<String> connectorMetricIds(FlinkRestClient rest, String jobId) {
    List<String> ids = new ArrayList<>();
    for (FlinkRestClient.Vertex vertex : rest.vertices(jobId)) {
      for (String id : rest.vertexMetricIds(jobId, vertex.id())) {
        if (id.contains(PREFIX)) {
          ids.add(id);
        }
      }
    }
    return ids;
  }
}
