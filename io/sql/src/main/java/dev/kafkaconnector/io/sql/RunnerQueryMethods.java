package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.sql.RunnerQueries.Expects;
import dev.kafkaconnector.io.sql.RunnerQueries.Outcome;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Which {@link java.sql.Statement} methods of a {@code jdbc:kafkaconnector:} statement {@link
 * RunnerQueries} answers: {@code executeQuery(sql)}, {@code executeUpdate(sql)}, {@code
 * executeLargeUpdate(sql)} and {@code execute(sql)} of a statement it runs itself, and {@code
 * getResultSet}, {@code getUpdateCount}, {@code getMoreResults} and {@code cancel} after it.
 */
final class RunnerQueryMethods {
  /** The answer {@code null} (an {@code Optional} cannot hold it). */
  static final Object NULL = new Object();

  private RunnerQueryMethods() {}

  /**
   * The result of {@code method} when {@code queries} answers it, or empty when Beam's statement
   * does.
   */
  static Optional<Object> invoke(RunnerQueries queries, Method method, Object[] args)
      throws Exception {
    String name = method.getName();
    int arity = args == null ? 0 : args.length;
    Expects expects = expects(name);
    if (expects != null && arity == 1 && args[0] instanceof String sql) {
      Optional<Outcome> outcome = queries.execute(sql, expects);
      if (outcome.isEmpty()) {
        return Optional.empty();
      }
      Outcome done = outcome.get();
      return Optional.of(
          switch (name) {
            case "execute" -> done.rows() != null;
            case "executeQuery" -> done.rows();
            case "executeUpdate" -> (int) done.updateCount();
            default -> done.updateCount();
          });
    }
    if (name.startsWith("execute") || name.equals("addBatch")) {
      queries.clear();
      return Optional.empty();
    }
    Outcome last = queries.last();
    switch (name) {
      case "cancel":
        queries.cancel();
        return Optional.empty();
      case "getResultSet":
        if (last == null) {
          return Optional.empty();
        }
        return Optional.of(last.rows() == null ? NULL : last.rows());
      case "getUpdateCount":
        return last == null ? Optional.empty() : Optional.of((int) last.updateCount());
      case "getLargeUpdateCount":
        return last == null ? Optional.empty() : Optional.of(last.updateCount());
      case "getMoreResults":
        if (last == null) {
          return Optional.empty();
        }
        queries.clear();
        return Optional.of(Boolean.FALSE);
      default:
        return Optional.empty();
    }
  }

  private static Expects expects(String method) {
    return switch (method) {
      case "executeQuery" -> Expects.ROWS;
      case "executeUpdate", "executeLargeUpdate" -> Expects.COUNT;
      case "execute" -> Expects.EITHER;
      default -> null;
    };
  }
}
