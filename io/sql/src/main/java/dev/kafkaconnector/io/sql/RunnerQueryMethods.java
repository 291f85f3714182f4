package dev.kafkaconnector.io.sql;

import java.lang.reflect.Method;
import java.sql.ResultSet;
import java.util.Optional;

/**
 * Which {@link java.sql.Statement} methods of a {@code jdbc:kafkaconnector:} statement {@link
 * RunnerQueries} answers: {@code executeQuery(sql)} and {@code execute(sql)} of a query it runs
 * itself, and {@code getResultSet}, {@code getUpdateCount}, {@code getMoreResults} and {@code
 * cancel} after it.
 */
final class RunnerQueryMethods {
  private RunnerQueryMethods() {}

  /**
   * The result of {@code method} when {@code queries} answers it, or empty when Beam's statement
   * does.
   */
  static Optional<Object> invoke(RunnerQueries queries, Method method, Object[] args)
      throws Exception {
    String name = method.getName();
    int arity = args == null ? 0 : args.length;
    if ((name.equals("executeQuery") || name.equals("execute"))
        && arity == 1
        && args[0] instanceof String sql) {
      Optional<ResultSet> rows = queries.execute(sql);
      if (rows.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(name.equals("execute") ? Boolean.TRUE : rows.get());
    }
    if (name.startsWith("execute") || name.equals("addBatch")) {
      queries.clear();
      return Optional.empty();
    }
    ResultSet last = queries.last();
    switch (name) {
      case "cancel":
        queries.cancel();
        return Optional.empty();
      case "getResultSet":
        return last == null ? Optional.empty() : Optional.of(last);
      case "getUpdateCount":
        return last == null ? Optional.empty() : Optional.of(-1);
      case "getLargeUpdateCount":
        return last == null ? Optional.empty() : Optional.of(-1L);
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
}
