package dev.kafkaconnector.runners.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The few calls of Flink's REST API that tests need: cluster overview, jobs and their states,
 * vertices and their metrics, checkpoint counts, savepoints, cancellation. Plain HTTP and JSON, as
 * any user's tooling would do it.
 */
public final class FlinkRestClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

  private final URI base;
  private final HttpClient http;

  /**
   * @param base the REST endpoint, e.g. {@code http://127.0.0.1:8081}
   */
  public FlinkRestClient(URI base) {
    this.base = base;
    this.http = HttpClient.newBuilder().connectTimeout(CALL_TIMEOUT).build();
  }

  private static final Set<String> ENDED_STATES = Set.of("FINISHED", "FAILED", "CANCELED");

  /** A job as the cluster lists it. */
  public record Job(String id, String name, String state) {
    /** Whether the job has ended. */
    public boolean ended() {
      return isEnded(state);
    }
  }

  /** Whether a job in {@code state} has ended (finished, failed or cancelled). */
  public static boolean isEnded(String state) {
    return ENDED_STATES.contains(state);
  }

  /** Checkpoint statistics of a job. */
  public record Checkpoints(long completed, long failed, long restored, String latestPath) {}

  /** The number of TaskManagers registered with the JobManager. */
  public int registeredTaskManagers() {
    return get("/overview").path("taskmanagers").asInt();
  }

  /** The resource ids of the TaskManagers registered with the JobManager. */
  public List<String> taskManagerIds() {
    List<String> ids = new ArrayList<>();
    for (JsonNode tm : get("/taskmanagers").path("taskmanagers")) {
      ids.add(tm.path("id").asText());
    }
    return ids;
  }

  /** The number of free task slots. */
  public int availableSlots() {
    return get("/overview").path("slots-available").asInt();
  }

  /** Every job the cluster knows, running or ended. */
  public List<Job> jobs() {
    List<Job> jobs = new ArrayList<>();
    for (JsonNode job : get("/jobs/overview").path("jobs")) {
      jobs.add(
          new Job(job.path("jid").asText(), job.path("name").asText(), job.path("state").asText()));
    }
    return jobs;
  }

  /** The job whose name is {@code name}, if the cluster has one. */
  public Optional<Job> jobNamed(String name) {
    return jobs().stream().filter(j -> j.name().equals(name)).findFirst();
  }

  /** The state of a job: {@code RUNNING}, {@code RESTARTING}, {@code FINISHED}, … */
  public String jobState(String jobId) {
    return get("/jobs/" + jobId).path("state").asText();
  }

  /** Whether every task of the job is running (a RUNNING job may still be deploying tasks). */
  public boolean allTasksRunning(String jobId) {
    JsonNode vertices = get("/jobs/" + jobId).path("vertices");
    if (!vertices.isArray() || vertices.isEmpty()) {
      return false;
    }
    for (JsonNode vertex : vertices) {
      String state = vertex.path("status").asText();
      if (!state.equals("RUNNING") && !state.equals("FINISHED")) {
        return false;
      }
    }
    return true;
  }

  /** Checkpoint counts of a job and the path of its latest completed checkpoint (or null). */
  public Checkpoints checkpoints(String jobId) {
    JsonNode node = get("/jobs/" + jobId + "/checkpoints");
    JsonNode counts = node.path("counts");
    JsonNode latest = node.path("latest").path("completed");
    return new Checkpoints(
        counts.path("completed").asLong(),
        counts.path("failed").asLong(),
        counts.path("restored").asLong(),
        latest.isMissingNode() || latest.isNull() ? null : latest.path("external_path").asText());
  }

  /** A vertex of a job's graph (a chain of operators). */
  public record Vertex(String id, String name) {}

  /** The vertices of a job. */
  public List<Vertex> vertices(String jobId) {
    List<Vertex> out = new ArrayList<>();
    for (JsonNode v : get("/jobs/" + jobId).path("vertices")) {
      out.add(new Vertex(v.path("id").asText(), v.path("name").asText()));
    }
    return out;
  }

  /**
   * The ids of the metrics a vertex has ({@code GET /jobs/<id>/vertices/<vid>/metrics}): {@code
   * <subtask>.<name>} for task metrics, {@code <subtask>.<operator>.<name>} for operator metrics.
   */
  public List<String> vertexMetricIds(String jobId, String vertexId) {
    List<String> ids = new ArrayList<>();
    for (JsonNode m : get("/jobs/" + jobId + "/vertices/" + vertexId + "/metrics")) {
      ids.add(m.path("id").asText());
    }
    return ids;
  }

  /** The current values of the metrics {@code ids} of a vertex ({@code ?get=a,b}), by id. */
  public Map<String, String> vertexMetrics(String jobId, String vertexId, Collection<String> ids) {
    Map<String, String> values = new LinkedHashMap<>();
    if (ids.isEmpty()) {
      return values;
    }
    String get =
        ids.stream()
            .map(id -> URLEncoder.encode(id, StandardCharsets.UTF_8))
            .collect(Collectors.joining(","));
    for (JsonNode m : get("/jobs/" + jobId + "/vertices/" + vertexId + "/metrics?get=" + get)) {
      values.put(m.path("id").asText(), m.path("value").asText());
    }
    return values;
  }

  /** The root exception of the job's latest failure, or an empty string. */
  public String rootException(String jobId) {
    return get("/jobs/" + jobId + "/exceptions").path("root-exception").asText("");
  }

  /** Asks the JobManager to cancel the job (returns once the request is accepted). */
  public void cancel(String jobId) {
    send(
        HttpRequest.newBuilder(base.resolve("/jobs/" + jobId + "?mode=cancel"))
            .method("PATCH", HttpRequest.BodyPublishers.noBody()));
  }

  /**
   * Triggers a savepoint of the running job into the cluster's {@code state.savepoints.dir} ({@code
   * POST /jobs/<id>/savepoints}) and waits until it completed.
   *
   * @param cancelJob whether the job is cancelled once the savepoint is taken
   * @param timeout how long to wait for it
   * @return the savepoint's path, to restore from
   */
  public String savepoint(String jobId, boolean cancelJob, Duration timeout) {
    return awaitSavepoint(
        jobId,
        post(
            "/jobs/" + jobId + "/savepoints",
            "{\"cancel-job\": " + cancelJob + ", \"formatType\": \"CANONICAL\"}"),
        timeout);
  }

  /**
   * Stops the job with a savepoint ({@code POST /jobs/<id>/stop}, what {@code flink stop} does) and
   * waits until the savepoint completed.
   *
   * @param drain whether the sources end the input first (MAX_WATERMARK: event-time timers fire and
   *     the job finishes), as {@code flink stop --drain}
   * @return the savepoint's path
   */
  public String stopWithSavepoint(String jobId, boolean drain, Duration timeout) {
    return awaitSavepoint(
        jobId, post("/jobs/" + jobId + "/stop", "{\"drain\": " + drain + "}"), timeout);
  }

  private JsonNode post(String path, String json) {
    return send(
        HttpRequest.newBuilder(base.resolve(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  private String awaitSavepoint(String jobId, JsonNode trigger, Duration timeout) {
    String request = trigger.path("request-id").asText();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      JsonNode status = get("/jobs/" + jobId + "/savepoints/" + request);
      if (status.path("status").path("id").asText().equals("COMPLETED")) {
        JsonNode operation = status.path("operation");
        if (operation.has("failure-cause")) {
          throw new FlinkClusterException(
              "Savepoint of job "
                  + jobId
                  + " failed: "
                  + operation.path("failure-cause").toString());
        }
        return operation.path("location").asText();
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FlinkClusterException("Interrupted waiting for a savepoint of " + jobId, e);
      }
    }
    throw new FlinkClusterException("Savepoint of job " + jobId + " not done within " + timeout);
  }

  private JsonNode get(String path) {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET());
  }

  private JsonNode send(HttpRequest.Builder request) {
    HttpRequest built = request.timeout(CALL_TIMEOUT).build();
    try {
      HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        throw new FlinkClusterException(
            built.method()
                + " "
                + built.uri()
                + " answered "
                + response.statusCode()
                + ": "
                + response.body());
      }
      String body = response.body();
      return body.isEmpty() ? JSON.createObjectNode() : JSON.readTree(body);
    } catch (IOException e) {
      throw new FlinkClusterException(built.method() + " " + built.uri() + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FlinkClusterException("Interrupted during " + built.uri(), e);
    }
  }
}
