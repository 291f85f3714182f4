package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.JobListener;
import java.util.function.Supplier;

/**
 * What a {@code jdbc:kafkaconnector:} connection offers beyond JDBC, reached with {@code
 * connection.unwrap(KafkaConnectorConnection.class)}: a tool that runs statements for a user (the
 * {@code kafka-sql} shell) learns of the jobs they start, to show their job id, progress and a
 * summary.
 *
 * <pre>{@code
 * Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
 * c.unwrap(KafkaConnectorConnection.class).setJobListeners(() -> new MyProgress(System.err));
 * }</pre>
 */
public interface KafkaConnectorConnection {
  /**
   * From now on, each job a statement of this connection runs gets a new listener from {@code
   * listeners}, told when it starts, runs and ends. With listeners, the driver runs the jobs itself
   * (an {@code INSERT INTO} on every runner, a SELECT on a runner other than the DirectRunner), so
   * that it can tell them; a SELECT on the DirectRunner stays with Beam's JDBC driver and is not
   * told. An {@code INSERT INTO} over an unbounded table then runs until its job fails or the
   * statement is cancelled ({@code Statement.cancel}, Ctrl-C in sqlline).
   *
   * @param listeners makes one listener per job; null stops telling
   */
  void setJobListeners(Supplier<? extends JobListener> listeners);
}
