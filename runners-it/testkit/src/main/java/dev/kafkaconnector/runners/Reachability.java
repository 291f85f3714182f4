package dev.kafkaconnector.runners;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.Node;

/**
 * Quick checks that a Kafka cluster and a Flink JobManager answer, made before a job starts
 * anything: without them an unreachable broker costs the Kafka clients' 60 s timeouts (with a
 * warning per reconnect) and an unreachable Flink master costs Flink's submission retries.
 *
 * <p>Each check either returns or throws {@link UnreachableException} with a one-line message that
 * names the address and the reason.
 */
public final class Reachability {

  /** A bound that a reachable service on a LAN meets easily and a user does not mind waiting. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  /** Flink's default REST port ({@code rest.port}), used when the master has no port. */
  static final int FLINK_DEFAULT_REST_PORT = 8081;

  private Reachability() {}

  /**
   * Checks that {@code bootstrapServers} leads to a Kafka cluster that answers {@code
   * DescribeCluster} within {@code timeout}. Client settings such as security ones can be passed in
   * {@code clientProperties} (the keys of {@link AdminClientConfig}).
   *
   * @return the cluster's nodes
   * @throws UnreachableException when the servers cannot be resolved or do not answer in time
   */
  public static Collection<Node> checkKafka(
      String bootstrapServers, Map<String, Object> clientProperties, Duration timeout) {
    int millis = (int) Math.max(1, timeout.toMillis());
    Map<String, Object> config = new HashMap<>(clientProperties);
    config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.putIfAbsent(AdminClientConfig.CLIENT_ID_CONFIG, "kafka-connector-reachability-check");
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
    Admin admin;
    try {
      admin = Admin.create(config);
    } catch (KafkaException e) {
      throw new UnreachableException(
          "Kafka at '" + bootstrapServers + "' cannot be used: " + rootMessage(e), e);
    }
    try {
      Collection<Node> nodes =
          admin
              .describeCluster(new DescribeClusterOptions().timeoutMs(millis))
              .nodes()
              .get(millis + 1_000L, TimeUnit.MILLISECONDS);
      if (nodes.isEmpty()) {
        throw new UnreachableException(
            "Kafka at '" + bootstrapServers + "' answered but reported no broker");
      }
      return nodes;
    } catch (ExecutionException | TimeoutException e) {
      throw new UnreachableException(
          "Kafka at '"
              + bootstrapServers
              + "' is not reachable: no answer to DescribeCluster within "
              + describe(timeout)
              + " ("
              + rootMessage(e)
              + ")",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UnreachableException("Interrupted while checking Kafka at " + bootstrapServers, e);
    } finally {
      admin.close(Duration.ZERO);
    }
  }

  /** {@link #checkKafka(String, Map, Duration)} without extra client properties. */
  public static Collection<Node> checkKafka(String bootstrapServers, Duration timeout) {
    return checkKafka(bootstrapServers, Map.of(), timeout);
  }

  /**
   * Whether {@code flinkMaster} (the FlinkRunner's {@code --flinkMaster}) names an environment the
   * runner creates itself ({@code [local]}, {@code [auto]}, {@code [collection]}, or empty) rather
   * than a JobManager to connect to.
   */
  public static boolean isEmbeddedFlinkMaster(String flinkMaster) {
    String master = flinkMaster == null ? "" : flinkMaster.trim();
    return master.isEmpty()
        || master.equals("[local]")
        || master.equals("[auto]")
        || master.equals("[collection]");
  }

  /**
   * Checks that {@code flinkMaster} ({@code host[:port]}, optionally with {@code http://} or {@code
   * https://}, as the FlinkRunner accepts it) is a Flink JobManager: its REST endpoint answers
   * {@code GET /config} with HTTP 200 within {@code timeout}. Does nothing for the embedded masters
   * ({@link #isEmbeddedFlinkMaster}).
   *
   * @throws UnreachableException when nothing listens there, or something that is not Flink's REST
   *     endpoint answers
   */
  public static void checkFlinkMaster(String flinkMaster, Duration timeout) {
    if (isEmbeddedFlinkMaster(flinkMaster)) {
      return;
    }
    URI base = flinkRestUri(flinkMaster);
    String where = "Flink master '" + flinkMaster.trim() + "'";
    connect(base, where, timeout);
    URI config = base.resolve("/config");
    HttpResponse<String> response = get(config, where, timeout);
    if (response.statusCode() != 200 || !response.body().contains("flink-version")) {
      throw new UnreachableException(
          where
              + " is not a Flink JobManager's REST endpoint: GET "
              + config
              + " answered HTTP "
              + response.statusCode()
              + (response.statusCode() == 200 ? " without a flink-version" : "")
              + " (use the REST port, rest.port, default 8081)");
    }
  }

  /** Checks that something listens at {@code base}'s host and port, within {@code timeout}. */
  private static void connect(URI base, String where, Duration timeout) {
    int millis = (int) Math.max(1, timeout.toMillis());
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), millis);
    } catch (UnknownHostException e) {
      throw new UnreachableException(
          where + " is not reachable: unknown host " + base.getHost(), e);
    } catch (IOException e) {
      throw new UnreachableException(
          where
              + " is not reachable: cannot connect to "
              + base.getHost()
              + ":"
              + base.getPort()
              + " ("
              + connectProblem(e, timeout)
              + ")",
          e);
    }
  }

  /**
   * {@code GET config}, within {@code timeout}; a failure says that {@code where} accepts
   * connections but does not answer as a REST endpoint.
   */
  private static HttpResponse<String> get(URI config, String where, Duration timeout) {
    HttpClient client =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    HttpRequest request = HttpRequest.newBuilder(config).timeout(timeout).GET().build();
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (HttpTimeoutException e) {
      throw new UnreachableException(
          where
              + " accepts connections but its REST endpoint "
              + config
              + " did not answer within "
              + describe(timeout),
          e);
    } catch (IOException e) {
      throw new UnreachableException(
          where
              + " accepts connections but "
              + config
              + " failed: "
              + rootMessage(e)
              + " (is it the JobManager's REST port, rest.port, default 8081?)",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UnreachableException("Interrupted while checking " + where, e);
    }
  }

  /** The base URI of the REST endpoint of {@code flinkMaster}, as the FlinkRunner parses it. */
  static URI flinkRestUri(String flinkMaster) {
    String master = flinkMaster.trim();
    String scheme = "http";
    String lower = master.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://")) {
      master = master.substring("http://".length());
    } else if (lower.startsWith("https://")) {
      scheme = "https";
      master = master.substring("https://".length());
    }
    int slash = master.indexOf('/');
    if (slash >= 0) {
      master = master.substring(0, slash);
    }
    URI parsed;
    try {
      parsed = new URI(scheme + "://" + master);
    } catch (URISyntaxException e) {
      throw new UnreachableException(
          "Flink master '" + flinkMaster + "' is not host:port: " + e.getMessage(), e);
    }
    if (parsed.getHost() == null) {
      throw new UnreachableException("Flink master '" + flinkMaster + "' is not host:port");
    }
    int port = parsed.getPort() < 0 ? FLINK_DEFAULT_REST_PORT : parsed.getPort();
    return URI.create(scheme + "://" + parsed.getHost() + ":" + port);
  }

  private static String connectProblem(IOException e, Duration timeout) {
    if (e instanceof ConnectException) {
      return "connection refused";
    }
    if (e instanceof SocketTimeoutException) {
      return "no answer within " + describe(timeout);
    }
    return rootMessage(e);
  }

  private static String rootMessage(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    String message = cause.getMessage();
    String name = cause.getClass().getSimpleName();
    return message == null || message.isBlank() ? name : name + ": " + message;
  }

  private static String describe(Duration timeout) {
    long millis = timeout.toMillis();
    return millis % 1000 == 0 ? (millis / 1000) + " s" : millis + " ms";
  }
}
