package dev.kafkaconnector.io.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The queries of one statement of {@code jdbc:kafkaconnector:} that the driver runs itself rather
 * than Beam's JDBC driver: a SELECT on a runner other than the DirectRunner ({@link RunnerSelect}),
 * and the refusal of a SELECT over an unbounded table without {@code LIMIT}, which would never end
 * (said before anything starts). Keeps the statement's last such result for {@code getResultSet()}.
 */
final class RunnerQueries {
  private final Connection beam;
  private volatile RunnerSelect running;
  private ResultSet last;

  RunnerQueries(Connection beam) {
    this.beam = beam;
  }

  /**
   * Runs {@code sql} when it is a query this driver runs itself.
   *
   * @return its rows, or empty when Beam's JDBC driver runs {@code sql}
   * @throws SQLException when the query would never end, or its job failed
   */
  Optional<ResultSet> execute(String sql) throws SQLException {
    last = null;
    Optional<QueryPlan> planned = QueryPlan.of(beam, sql);
    if (planned.isEmpty()) {
      return Optional.empty();
    }
    QueryPlan plan = planned.get();
    if (!plan.bounded() && plan.limit().isEmpty()) {
      throw new SQLException(
          "This SELECT reads an unbounded table and would never end: add LIMIT n to take the"
              + " first n rows, or bound the table's read with 'scan.bounded.mode' (for example"
              + " 'latest-offset')",
          "42000");
    }
    if (plan.direct()) {
      return Optional.empty();
    }
    RunnerSelect select = new RunnerSelect(plan);
    running = select;
    try {
      last = select.run();
    } finally {
      running = null;
    }
    return Optional.of(last);
  }

  /** The result of the last query run here, or null. */
  ResultSet last() {
    return last;
  }

  /** Forgets the last result ({@code getMoreResults}). */
  void clear() {
    last = null;
  }

  /** Cancels the query running here, if any. */
  void cancel() {
    RunnerSelect select = running;
    if (select != null) {
      select.cancel();
    }
  }
}
