package dev.kafkaconnector.runners.fault;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on loopback between clients and one server (a broker), for fault tests: it can pause
 * the traffic of every connection (bytes are held, connections stay open: a network stall), add a
 * delay to every chunk it forwards, and cut every open connection (clients see a reset and
 * reconnect). A broker behind it advertises the proxy's port, so that every client connection, also
 * the ones its metadata leads to, goes through it.
 *
 * <p>Its threads (one acceptor, two per connection) end with {@link #close()}.
 */
public final class TcpProxy implements AutoCloseable {
  private final ServerSocket server;
  private final Thread acceptor;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private final Object gate = new Object();
  private volatile InetSocketAddress target;
  private volatile boolean paused;
  private volatile long delayMillis;
  private volatile boolean closed;

  private TcpProxy() {
    try {
      server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the proxy's port", e);
    }
    acceptor = new Thread(this::accept, "tcp-proxy-accept-" + server.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Opens a proxy on a free loopback port; it forwards once {@link #target} is set. */
  public static TcpProxy open() {
    return new TcpProxy();
  }

  /** The port clients connect to. */
  public int port() {
    return server.getLocalPort();
  }

  /** Where connections go from now on ({@code host:port}). */
  public void target(String hostAndPort) {
    int colon = hostAndPort.lastIndexOf(':');
    target =
        new InetSocketAddress(
            hostAndPort.substring(0, colon), Integer.parseInt(hostAndPort.substring(colon + 1)));
  }

  /** Holds every byte in both directions until {@link #resume()}; connections stay open. */
  public void pause() {
    paused = true;
  }

  /** Forwards again after {@link #pause()}. */
  public void resume() {
    synchronized (gate) {
      paused = false;
      gate.notifyAll();
    }
  }

  /** Delays every forwarded chunk by {@code delay} (zero: none). */
  public void delay(Duration delay) {
    delayMillis = delay.toMillis();
  }

  /** Closes every open connection (new ones are accepted); returns how many were cut. */
  public int cut() {
    int cut = 0;
    for (Socket s : open) {
      closeQuietly(s);
      cut++;
    }
    open.clear();
    return cut;
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = server.accept();
      } catch (IOException e) {
        return; // closed
      }
      InetSocketAddress to = target;
      if (to == null) {
        closeQuietly(client);
        continue;
      }
      try {
        Socket upstream = new Socket();
        upstream.connect(to, 5_000);
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        open.add(client);
        open.add(upstream);
        pump(client, upstream);
        pump(upstream, client);
      } catch (IOException e) {
        closeQuietly(client); // the server is down: the client sees the connection refused
      }
    }
  }

  private void pump(Socket from, Socket to) throws IOException {
    InputStream in = from.getInputStream();
    OutputStream out = to.getOutputStream();
    Thread t =
        new Thread(
            () -> {
              byte[] buffer = new byte[64 * 1024];
              try {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                  awaitOpenGate();
                  long delay = delayMillis;
                  if (delay > 0) {
                    Thread.sleep(delay);
                  }
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException | InterruptedException e) {
                // cut, closed, or the other side went away
              } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
              }
            },
            "tcp-proxy-" + from.getPort() + "-" + to.getPort());
    t.setDaemon(true);
    t.start();
  }

  private void awaitOpenGate() throws InterruptedException {
    if (!paused) {
      return;
    }
    synchronized (gate) {
      while (paused && !closed) {
        gate.wait(100);
      }
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  /** Stops accepting, cuts every connection and ends the proxy's threads. */
  @Override
  public void close() {
    closed = true;
    resume();
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    cut();
    try {
      acceptor.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return "TcpProxy{127.0.0.1:" + port() + " -> " + target + (paused ? ", paused" : "") + "}";
  }
}
