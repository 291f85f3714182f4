package dev.kafkaconnector.runners.kafka;

import java.net.BindException;
import java.time.Duration;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs the broker as a {@link KafkaRaftServer} inside the current JVM. */
final class InJvmBrokerRunner implements BrokerRunner {

  private static final Logger LOG = LoggerFactory.getLogger(InJvmBrokerRunner.class);

  private final BrokerConfig config;
  private KafkaRaftServer server;

  InJvmBrokerRunner(BrokerConfig config) {
    this.config = config;
  }

  @Override
  public void start() {
    config.formatStorage();
    KafkaRaftServer candidate =
        new KafkaRaftServer(KafkaConfig.fromProps(config.properties(), false), Time.SYSTEM);
    try {
      candidate.startup();
    } catch (RuntimeException e) {
      shutDown(candidate);
      throw e;
    }
    server = candidate;
  }

  @Override
  public void stop(Duration timeout) {
    // KafkaRaftServer has no bounded shutdown; its single-node shutdown takes well under a second.
    KafkaRaftServer running = server;
    server = null;
    if (running != null) {
      shutDown(running);
    }
  }

  @Override
  public void kill(Duration timeout) {
    throw new UnsupportedOperationException(
        "kill() needs an EmbeddedKafkaCluster in CHILD_PROCESS mode; this one runs in the JVM");
  }

  @Override
  public boolean isAlive() {
    return server != null;
  }

  @Override
  public String diagnostics() {
    return "in-JVM broker "
        + (server == null ? "not running" : "running")
        + "; its log is this JVM's log";
  }

  @Override
  public boolean portWasTaken(Throwable startFailure) {
    for (Throwable t = startFailure; t != null; t = t.getCause()) {
      if (t instanceof BindException
          || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
        return true;
      }
    }
    return false;
  }

  private static void shutDown(KafkaRaftServer server) {
    try {
      server.shutdown();
      server.awaitShutdown();
    } catch (RuntimeException e) {
      LOG.warn("In-JVM Kafka broker did not shut down cleanly", e);
    }
  }
}
