package dev.kafkaconnector.examples.sql;

import dev.kafkaconnector.io.common.JobListener;
import dev.kafkaconnector.io.sql.KafkaConnectorConnection;
import dev.kafkaconnector.io.sql.KafkaConnectorDriver;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * The shell's JDBC URL {@code jdbc:kafkaconnector-shell:}: a {@code jdbc:kafkaconnector:}
 * connection (Beam's JDBC driver with Flink DDL) on which the shell's start-up statements (the
 * sample table of the embedded broker) have run, and whose jobs are shown to the user (a {@link
 * JobListener} per job: its id, progress and summary). Registered by the shell for its own JVM
 * only.
 */
final class InitializingDriver implements Driver {
  static final String URL = "jdbc:kafkaconnector-shell:";

  private final List<String> statements;
  private final Supplier<? extends JobListener> jobs;

  private InitializingDriver(List<String> statements, Supplier<? extends JobListener> jobs) {
    this.statements = List.copyOf(statements);
    this.jobs = jobs;
  }

  /**
   * Registers a driver that runs {@code statements} on every new connection, and tells a new
   * listener from {@code jobs} of each job the connection's statements run.
   */
  static void register(List<String> statements, Supplier<? extends JobListener> jobs)
      throws SQLException {
    DriverManager.registerDriver(new InitializingDriver(statements, jobs));
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    Connection c =
        DriverManager.getConnection(
            KafkaConnectorDriver.URL_PREFIX + url.substring(URL.length()), info);
    c.unwrap(KafkaConnectorConnection.class).setJobListeners(jobs);
    try (Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return c;
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(URL);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    return new DriverPropertyInfo[0];
  }

  @Override
  public int getMajorVersion() {
    return 0;
  }

  @Override
  public int getMinorVersion() {
    return 1;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no java.util.logging");
  }
}
