package dev.kafkaconnector.runners.kafka;

import dev.kafkaconnector.runners.FreePorts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The nodes of an {@link EmbeddedKafkaCluster} and the runners that run them: one node, or several
 * child-process nodes that form a replicated KRaft cluster (every node a voter of the controller
 * quorum). Chooses their ports, launches nodes and waits until the cluster is ready, and ends them
 * (gracefully, all together, or like {@code kill -9}).
 *
 * <p>Node id {@code i + 1} is at index {@code i}. Not thread-safe: the cluster calls it under its
 * lock (except {@link #endAtJvmExit()}, which must not wait for it).
 */
final class ClusterNodes {

  /** The cluster's logger, so that logging settings for the cluster cover its nodes too. */
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafkaCluster.class);

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration KILL_TIMEOUT = Duration.ofSeconds(30);
  private static final int START_ATTEMPTS = 3;

  private final EmbeddedKafkaCluster.Mode mode;
  private final Duration startupTimeout;
  private final List<BrokerConfig> configs = new ArrayList<>();
  private final List<BrokerRunner> runners = new ArrayList<>();
  private boolean everReady;

  /**
   * The nodes that {@code builder} describes, in {@code directory} (a single node's files directly
   * in it, else each node's in {@code broker-<id>/}), on free ports.
   */
  ClusterNodes(EmbeddedKafkaClusterBuilder builder, Path directory) {
    this.mode = builder.mode;
    this.startupTimeout = builder.startupTimeout;
    if (builder.brokers == 1) {
      BrokerSecurity security =
          builder.secured ? new BrokerSecurity(directory, builder.saslUsers) : null;
      configs.add(
          new BrokerConfig(
              directory, builder.autoCreateTopics, builder.brokerProperties, security));
    } else {
      String clusterId = Uuid.randomUuid().toString();
      Supplier<String> voters =
          () -> configs.stream().map(BrokerConfig::voter).collect(Collectors.joining(","));
      for (int id = 1; id <= builder.brokers; id++) {
        configs.add(
            new BrokerConfig(
                directory.resolve("broker-" + id),
                clusterId,
                id,
                builder.brokers,
                voters,
                builder.autoCreateTopics,
                builder.brokerProperties,
                null));
      }
    }
    choosePorts();
    for (BrokerConfig config : configs) {
      runners.add(
          mode == EmbeddedKafkaCluster.Mode.IN_JVM
              ? new InJvmBrokerRunner(config)
              : new ChildProcessBrokerRunner(
                  config, builder.childClasspath, builder.childJvmOptions));
    }
  }

  /**
   * Chooses free ports for every node in one go, so that no two nodes get the same port. Called at
   * creation and again only when the first start found a port taken; after a node has run on them
   * the ports never change, so clients' bootstrap servers stay valid.
   */
  private void choosePorts() {
    int[] ports =
        FreePorts.take(BrokerConfig.HOST, configs.stream().mapToInt(BrokerConfig::portCount).sum());
    int from = 0;
    for (BrokerConfig config : configs) {
      config.usePorts(ports, from);
      from += config.portCount();
    }
  }

  List<Integer> ids() {
    return configs.stream().map(BrokerConfig::nodeId).toList();
  }

  /** The first node, the only one of a single-node cluster. */
  BrokerConfig first() {
    return configs.get(0);
  }

  /**
   * The node with id {@code id}.
   *
   * @throws IllegalArgumentException when there is no such node
   */
  BrokerConfig config(int id) {
    if (id < 1 || id > configs.size()) {
      throw new IllegalArgumentException(
          "No broker " + id + " in this cluster; its brokers are " + ids());
    }
    return configs.get(id - 1);
  }

  /** The PLAINTEXT bootstrap servers of every node, comma-separated. */
  String bootstrapServers() {
    return configs.stream().map(BrokerConfig::bootstrapServers).collect(Collectors.joining(","));
  }

  boolean isRunning(int id) {
    return runner(id).isAlive();
  }

  boolean allRunning() {
    return runners.stream().allMatch(BrokerRunner::isAlive);
  }

  /**
   * Launches every node that does not run (formatting its storage the first time) and waits until
   * the cluster is ready. When the first start of the cluster fails because a port was taken, the
   * nodes are ended, {@code beforeRetry} runs (the admin client knows the old ports) and the start
   * is tried again on other ports, {@value #START_ATTEMPTS} attempts in all.
   *
   * @param operations gives the admin operations (it creates the admin client on first use)
   * @throws EmbeddedKafkaException when the cluster is not ready within the startup timeout
   */
  void startAll(Supplier<AdminOperations> operations, Runnable beforeRetry) {
    for (int attempt = 1; ; attempt++) {
      try {
        launchAndAwaitReady(ids().stream().filter(id -> !isRunning(id)).toList(), operations);
        everReady = true;
        return;
      } catch (RuntimeException e) {
        boolean retry =
            !everReady
                && attempt < START_ATTEMPTS
                && runners.stream().anyMatch(r -> r.portWasTaken(e));
        endAfterFailedStart(ids());
        if (!retry) {
          throw e;
        }
        LOG.info("Port of the embedded Kafka broker was taken; retrying on other ports");
        beforeRetry.run();
        choosePorts();
      }
    }
  }

  /**
   * Launches one node that does not run on its ports and data and waits until the cluster is ready
   * again (see {@link AdminOperations#awaitBrokerReady}); a node that fails to is ended.
   *
   * @throws EmbeddedKafkaException when the node is not ready within the startup timeout
   */
  void startNode(int id, Supplier<AdminOperations> operations) {
    try {
      launchAndAwaitReady(List.of(id), operations);
    } catch (RuntimeException e) {
      endAfterFailedStart(List.of(id));
      throw e;
    }
  }

  /**
   * Launches the nodes {@code ids} and waits until the cluster is ready: the ports of the running
   * nodes accept connections, then {@link AdminOperations#awaitBrokerReady} with every running
   * node, then the SCRAM users of a secured node are created.
   *
   * @throws EmbeddedKafkaException when not ready within the startup timeout, with every launched
   *     node's diagnostics
   */
  private void launchAndAwaitReady(List<Integer> ids, Supplier<AdminOperations> operations) {
    Deadline deadline = Deadline.after(startupTimeout);
    long startNanos = System.nanoTime();
    List<BrokerRunner> launched = ids.stream().map(this::runner).toList();
    launched.forEach(BrokerRunner::start);
    Supplier<String> brokerEnded =
        () -> launched.stream().allMatch(BrokerRunner::isAlive) ? null : "the broker has ended";
    String problem = awaitPortsAccept(deadline, brokerEnded);
    if (problem == null) {
      Set<Integer> live = new TreeSet<>(ids().stream().filter(this::isRunning).toList());
      problem = operations.get().awaitBrokerReady(deadline, brokerEnded, live);
    }
    BrokerSecurity security = first().security();
    if (problem == null && security != null) {
      operations
          .get()
          .createScramUsers(
              security, first().bootstrapServers(SecuredListeners.SASL_PLAINTEXT), deadline);
    }
    if (problem != null) {
      throw new EmbeddedKafkaException(
          String.format(
              "Embedded Kafka broker (%s) at %s did not become ready (startup timeout %d s): %s%n%s",
              mode,
              bootstrapServers(),
              startupTimeout.toSeconds(),
              problem,
              launched.stream().map(BrokerRunner::diagnostics).collect(Collectors.joining("\n"))));
    }
    long tookMillis = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
    LOG.info("Kafka broker ({}) ready at {} in {} ms", mode, bootstrapServers(), tookMillis);
  }

  /** Kills one node like {@code kill -9} and waits until it has exited. */
  void kill(int id) {
    runner(id).kill(KILL_TIMEOUT);
  }

  /** Kills every node, one after the other. */
  void killAll() {
    for (BrokerRunner runner : runners) {
      runner.kill(KILL_TIMEOUT);
    }
  }

  /** Stops every node: all are asked at once, then each is awaited (killed after a timeout). */
  void stopAll() {
    runners.forEach(BrokerRunner::beginStop);
    for (BrokerRunner runner : runners) {
      runner.stop(STOP_TIMEOUT);
    }
  }

  /**
   * Ends the nodes for good before their directory is deleted: a single node is stopped gracefully;
   * the nodes of a replicated cluster are killed (their data goes with the directory, so no
   * controlled shutdown of every node is needed).
   */
  void endForClose() {
    if (runners.size() == 1) {
      runners.get(0).stop(STOP_TIMEOUT);
    } else {
      killAll();
    }
  }

  /**
   * Ends the nodes {@code ids} after a failed start (killed, or stopped in-JVM), logging errors.
   */
  private void endAfterFailedStart(List<Integer> ids) {
    for (int id : ids) {
      try {
        if (mode == EmbeddedKafkaCluster.Mode.CHILD_PROCESS) {
          kill(id);
        } else {
          runner(id).stop(STOP_TIMEOUT);
        }
      } catch (RuntimeException e) {
        LOG.warn("Could not end the Kafka broker after a failed start", e);
      }
    }
  }

  /** Shutdown hook: kills child nodes without waiting, stops an in-JVM broker. */
  void endAtJvmExit() {
    for (BrokerRunner runner : runners) {
      if (runner instanceof ChildProcessBrokerRunner child) {
        child.killNow();
      } else {
        runner.stop(STOP_TIMEOUT);
      }
    }
  }

  private String awaitPortsAccept(Deadline deadline, Supplier<String> brokerEnded) {
    while (!deadline.isExpired()) {
      String problem = brokerEnded.get();
      if (problem != null
          || configs.stream()
              .allMatch(config -> !isRunning(config.nodeId()) || config.brokerPortAccepts())) {
        return problem;
      }
      deadline.pauseBeforeNextPoll();
    }
    return "port of " + bootstrapServers() + " not accepting connections";
  }

  private BrokerRunner runner(int id) {
    config(id);
    return runners.get(id - 1);
  }
}
