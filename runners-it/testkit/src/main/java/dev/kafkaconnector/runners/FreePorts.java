package dev.kafkaconnector.runners;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Distinct free ports on one address for the processes the tests start (brokers, session clusters).
 * All sockets stay open until every port is taken: a port just closed may be handed out again, and
 * one port given to two listeners keeps a process from starting.
 */
public final class FreePorts {
  private FreePorts() {}

  /** {@code count} distinct ports free on {@code host} at the time of the call. */
  public static int[] take(String host, int count) {
    ServerSocket[] sockets = new ServerSocket[count];
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        sockets[i] = new ServerSocket(0, 1, InetAddress.getByName(host));
        ports[i] = sockets[i].getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find free ports on " + host, e);
    } finally {
      for (ServerSocket socket : sockets) {
        if (socket != null) {
          try {
            socket.close();
          } catch (IOException e) {
            // the port is released anyway when this JVM ends
          }
        }
      }
    }
  }
}
