package dev.kafkaconnector.runners.kafka;

import java.time.Duration;

/** Runs the broker process of an {@link EmbeddedKafkaCluster}: in this JVM or as a child JVM. */
interface BrokerRunner {

  /**
   * Formats the storage if needed and launches the broker; returns once it is launched, before it
   * is ready (the cluster polls readiness).
   */
  void start();

  /** Shuts the broker down gracefully, waiting at most {@code timeout}; no-op when not running. */
  void stop(Duration timeout);

  /**
   * Asks the broker to shut down without waiting, so that several nodes shut down together; {@link
   * #stop(Duration)} then waits. Does nothing by default.
   */
  default void beginStop() {}

  /**
   * Ends the broker abruptly, like {@code kill -9}, and waits for it to be gone.
   *
   * @throws UnsupportedOperationException when the broker cannot be killed (in-JVM mode)
   */
  void kill(Duration timeout);

  /** Whether the broker was launched and has not ended. */
  boolean isAlive();

  /** What is known about the broker's state for an error message (exit code, log tail). */
  String diagnostics();

  /**
   * Whether the last {@link #start()} (or the broker it launched) failed because a port was taken.
   */
  boolean portWasTaken(Throwable startFailure);
}
