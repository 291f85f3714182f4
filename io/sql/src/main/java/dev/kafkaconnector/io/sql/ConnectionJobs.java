package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.JobListener;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The job listeners of one {@code jdbc:kafkaconnector:} connection ({@link
 * KafkaConnectorConnection#setJobListeners}), shared by its statements.
 */
final class ConnectionJobs {
  private volatile Supplier<? extends JobListener> listeners;

  void setListeners(Supplier<? extends JobListener> listeners) {
    this.listeners = listeners;
  }

  /** A new listener for the next job, when someone listens. */
  Optional<JobListener> listener() {
    Supplier<? extends JobListener> current = listeners;
    return current == null ? Optional.empty() : Optional.of(current.get());
  }

  /** Whether someone listens: the driver then runs the INSERTs itself. */
  boolean watched() {
    return listeners != null;
  }
}
