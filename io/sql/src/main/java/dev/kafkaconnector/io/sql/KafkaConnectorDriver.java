package dev.kafkaconnector.io.sql;

import com.google.auto.service.AutoService;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.logging.Logger;

/**
 * A JDBC driver for the URL {@code jdbc:kafkaconnector:} that is Beam's JDBC driver ({@code
 * jdbc:beam:}, the rest of the URL and the properties passed on) plus Flink DDL: every statement
 * that is a Flink {@code CREATE [TEMPORARY] TABLE … WITH (…)} is translated by {@link
 * FlinkDdl#toBeamSql} before Beam sees it; all others go to Beam unchanged. It is what the {@code
 * kafka-sql} shell connects to, and works with any JDBC tool:
 *
 * <pre>{@code
 * try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
 *     Statement s = c.createStatement()) {
 *   s.execute("CREATE TABLE t (id INT) WITH ('connector' = 'kafka', 'topic' = 't', ...)");
 *   s.execute("SET runner = 'FlinkRunner'");
 *   try (ResultSet rs = s.executeQuery("SELECT id FROM t")) { ... }
 * }
 * }</pre>
 *
 * A statement that cannot be translated fails with an {@link SQLException} whose message names the
 * construct and the table. Registered for {@link java.util.ServiceLoader} (and by its static
 * initializer, as JDBC asks).
 */
@AutoService(Driver.class)
public final class KafkaConnectorDriver implements Driver {
  /** The URL prefix this driver accepts. */
  public static final String URL_PREFIX = "jdbc:kafkaconnector:";

  private static final String BEAM_PREFIX = "jdbc:beam:";

  /** Statement methods whose first argument is SQL text. */
  private static final Set<String> SQL_METHODS =
      Set.of(
          "execute",
          "executeQuery",
          "executeUpdate",
          "executeLargeUpdate",
          "addBatch",
          "prepareStatement",
          "prepareCall",
          "nativeSQL");

  static {
    try {
      DriverManager.registerDriver(new KafkaConnectorDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Used by {@link java.util.ServiceLoader}. */
  public KafkaConnectorDriver() {}

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    Connection beam =
        DriverManager.getConnection(BEAM_PREFIX + url.substring(URL_PREFIX.length()), info);
    return wrap(Connection.class, beam, null, beam, new ConnectionJobs());
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(URL_PREFIX);
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

  /**
   * {@code sql} as Beam should see it.
   *
   * @throws SQLException when it is Flink DDL that cannot be translated
   */
  static String rewrite(String sql) throws SQLException {
    try {
      return FlinkDdl.rewrite(sql);
    } catch (IllegalArgumentException e) {
      throw new SQLException(e.getMessage(), "42000", e);
    }
  }

  /**
   * A proxy of {@code target} that rewrites the SQL argument of the statement methods and wraps the
   * statements it creates; {@code connection} is the proxy connection statements return, {@code
   * beam} Beam's connection underneath, {@code jobs} the connection's job listeners. The proxy
   * connection is also a {@link KafkaConnectorConnection}.
   */
  private static <T> T wrap(
      Class<T> type, T target, Connection connection, Connection beam, ConnectionJobs jobs) {
    Connection[] self = {connection};
    RunnerQueries queries = target instanceof Statement ? new RunnerQueries(beam, jobs) : null;
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (self[0] == null) {
            self[0] = (Connection) proxy;
          }
          if (queries == null) {
            Optional<Object> own = ConnectionMethods.invoke(proxy, jobs, method, args);
            if (own.isPresent()) {
              return own.get() == RunnerQueryMethods.NULL ? null : own.get();
            }
          }
          return invoke(target, method, args, self[0], beam, jobs, queries);
        };
    Class<?>[] types =
        type == Connection.class
            ? new Class<?>[] {Connection.class, KafkaConnectorConnection.class}
            : new Class<?>[] {type};
    return type.cast(
        Proxy.newProxyInstance(KafkaConnectorDriver.class.getClassLoader(), types, handler));
  }

  private static Object invoke(
      Object target,
      Method method,
      Object[] args,
      Connection connection,
      Connection beam,
      ConnectionJobs jobs,
      RunnerQueries queries)
      throws Throwable {
    boolean hinted = false;
    if (args != null
        && args.length > 0
        && args[0] instanceof String sql
        && SQL_METHODS.contains(method.getName())) {
      args[0] = rewrite(sql);
      hinted = !TableHints.find(sql).isEmpty();
    }
    if (method.getName().equals("getConnection") && target instanceof Statement) {
      return connection;
    }
    if (queries != null) {
      Optional<Object> own = RunnerQueryMethods.invoke(queries, method, args);
      if (own.isPresent()) {
        return own.get() == RunnerQueryMethods.NULL ? null : own.get();
      }
    }
    Object result;
    try {
      result = method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw hinted ? HintedTableNotFound.explain(e.getCause()) : e.getCause();
    }
    if (result instanceof CallableStatement s
        && method.getReturnType() == CallableStatement.class) {
      return wrap(CallableStatement.class, s, connection, beam, jobs);
    }
    if (result instanceof PreparedStatement s
        && method.getReturnType() == PreparedStatement.class) {
      return wrap(PreparedStatement.class, s, connection, beam, jobs);
    }
    if (result instanceof Statement s && method.getReturnType() == Statement.class) {
      return wrap(Statement.class, s, connection, beam, jobs);
    }
    return result;
  }
}
