package dev.kafkaconnector.runners;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The reachability checks against addresses where nothing, or something that is not Flink, is. */
class ReachabilityTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private HttpServer server;

  @AfterEach
  void stopServer() {
    if (server != null) {
      server.stop(0);
    }
  }

  @Test
  void unreachableKafkaFailsWithinTheBoundWithOneLine() {
    String servers = "127.0.0.1:" + freePort();
    long start = System.nanoTime();
    UnreachableException e =
        assertThrows(UnreachableException.class, () -> Reachability.checkKafka(servers, TIMEOUT));
    long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
    assertTrue(seconds < 10, "took " + seconds + " s");
    assertTrue(
        e.getMessage().startsWith("Kafka at '" + servers + "' is not reachable"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void unresolvableKafkaHostFailsAtOnce() {
    UnreachableException e =
        assertThrows(
            UnreachableException.class,
            () -> Reachability.checkKafka("no-such-host.invalid:9092", TIMEOUT));
    assertTrue(e.getMessage().contains("no-such-host.invalid:9092"), e.getMessage());
  }

  @Test
  void embeddedFlinkMastersNeedNoCheck() {
    for (String master : new String[] {"[local]", "[auto]", "[collection]", "", " "}) {
      assertTrue(Reachability.isEmbeddedFlinkMaster(master), master);
      assertDoesNotThrow(() -> Reachability.checkFlinkMaster(master, TIMEOUT));
    }
    assertFalse(Reachability.isEmbeddedFlinkMaster("localhost:8081"));
  }

  @Test
  void flinkMasterAddressesAreParsedAsTheFlinkRunnerDoes() {
    assertEquals("http://jm:8081", Reachability.flinkRestUri("jm").toString());
    assertEquals("http://jm:9000", Reachability.flinkRestUri("jm:9000").toString());
    assertEquals("http://jm:9000", Reachability.flinkRestUri("http://jm:9000/").toString());
    assertEquals("https://jm:8081", Reachability.flinkRestUri("https://jm").toString());
  }

  @Test
  void unreachableFlinkMasterFailsWithOneLine() {
    String master = "127.0.0.1:" + freePort();
    UnreachableException e =
        assertThrows(
            UnreachableException.class, () -> Reachability.checkFlinkMaster(master, TIMEOUT));
    assertEquals(
        "Flink master '"
            + master
            + "' is not reachable: cannot connect to "
            + master
            + " (connection refused)",
        e.getMessage());
  }

  @Test
  void aFlinkRestEndpointPasses() throws IOException {
    String master = serve(200, "{\"refresh-interval\":3000,\"flink-version\":\"1.19.0\"}");
    assertDoesNotThrow(() -> Reachability.checkFlinkMaster(master, TIMEOUT));
    assertDoesNotThrow(() -> Reachability.checkFlinkMaster("http://" + master, TIMEOUT));
  }

  @Test
  void somethingElseThanFlinkFails() throws IOException {
    String master = serve(404, "not found");
    UnreachableException e =
        assertThrows(
            UnreachableException.class, () -> Reachability.checkFlinkMaster(master, TIMEOUT));
    assertTrue(
        e.getMessage().contains("is not a Flink JobManager's REST endpoint"), e.getMessage());
    assertTrue(e.getMessage().contains("HTTP 404"), e.getMessage());
  }

  /** Starts an HTTP server that answers GET /config; returns its host:port. */
  private String serve(int status, String body) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/config",
        exchange -> {
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
    return "127.0.0.1:" + server.getAddress().getPort();
  }

  /** A port nothing listens on (free a moment ago). */
  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
