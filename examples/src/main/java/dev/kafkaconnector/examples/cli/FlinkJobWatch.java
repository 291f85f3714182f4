package dev.kafkaconnector.examples.cli;

import static dev.kafkaconnector.io.common.ConnectorMetricNames.NAMESPACE;
import static dev.kafkaconnector.io.common.ConnectorMetricNames.PENDING_RECORDS;

import dev.kafkaconnector.runners.flink.FlinkRestClient;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A Flink job seen through the REST API of its cluster (what the web UI shows): its id, found by
 * the job name among the jobs that were not there before it was submitted, and the connector's
 * operator metrics summed over the subtasks. Flink's metric query service names them {@code
 * <subtask>.<operator>.kafka-connector_<name>} ({@code .} and {@code :} in a name become {@code
 * _}), and refreshes them every few seconds.
 */
final class FlinkJobWatch {
  /** How the REST API spells the namespace's metrics: {@code kafka-connector_<name>}. */
  private static final String PREFIX = NAMESPACE + "_";

  private final URI address;
  private final FlinkRestClient rest;
  private final String jobName;
  private final Set<String> before;

  private FlinkJobWatch(URI address, String jobName, Set<String> before) {
    this.address = address;
    this.rest = new FlinkRestClient(address);
    this.jobName = jobName;
    this.before = before;
  }

  /**
   * A watch of the job {@code jobName} about to be submitted to the cluster at {@code address} (the
   * jobs it has now are not that job). A cluster that does not answer yet (an embedded one starts
   * with the job) has no jobs before.
   */
  static FlinkJobWatch before(URI address, String jobName) {
    Set<String> known;
    try {
      known =
          new FlinkRestClient(address)
              .jobs().stream().map(FlinkRestClient.Job::id).collect(Collectors.toSet());
    } catch (RuntimeException e) {
      known = Set.of();
    }
    return new FlinkJobWatch(address, jobName, known);
  }

  /** The REST address, e.g. {@code http://127.0.0.1:8081}. */
  URI address() {
    return address;
  }

  /** The id of the job, once the cluster lists it. */
  Optional<String> findJob() {
    try {
      for (FlinkRestClient.Job job : rest.jobs()) {
        if (job.name().equals(jobName) && !before.contains(job.id())) {
          return Optional.of(job.id());
        }
      }
    } catch (RuntimeException e) {
      // not up yet, or gone: nothing known
    }
    return Optional.empty();
  }

  /**
   * The connector's metrics of the job now; empty when the cluster does not answer, or when no task
   * has reported them yet: Beam's FlinkRunner hands a step's metrics to Flink when a bundle ends,
   * which in a streaming job is every second or so and in a batch job only at the step's end.
   */
  Optional<JobMetrics> metrics(String jobId) {
    try {
      Map<String, Long> counters = new TreeMap<>();
      Map<String, Long> lag = new TreeMap<>();
      boolean reported = false;
      for (FlinkRestClient.Vertex vertex : rest.vertices(jobId)) {
        List<String> ids = new ArrayList<>();
        for (String id : rest.vertexMetricIds(jobId, vertex.id())) {
          if (id.contains("." + PREFIX) && !id.contains(PREFIX + PENDING_RECORDS + "_")) {
            ids.add(id); // not the per-partition gauges pendingRecords_<topic>-<partition>
          }
        }
        if (ids.isEmpty()) {
          continue;
        }
        reported = true;
        rest.vertexMetrics(jobId, vertex.id(), ids)
            .forEach(
                (id, value) -> {
                  int at = id.lastIndexOf("." + PREFIX);
                  String name = id.substring(at + 1 + PREFIX.length());
                  long number = (long) Double.parseDouble(value);
                  if (name.equals(PENDING_RECORDS)) {
                    String operator = id.substring(id.indexOf('.') + 1, at);
                    lag.merge(JobMetrics.source(operator), number, Long::sum);
                  } else {
                    counters.merge(name, number, Long::sum);
                  }
                });
      }
      return reported ? Optional.of(JobMetrics.of(counters, lag)) : Optional.empty();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
