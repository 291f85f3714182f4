package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.JobListener;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The statements of one {@code jdbc:kafkaconnector:} {@link java.sql.Statement} that the driver
 * runs itself rather than Beam's JDBC driver: a SELECT on a runner other than the DirectRunner
 * ({@link RunnerSelect}), an {@code INSERT INTO} when the connection's jobs are listened to ({@link
 * RunnerInsert}), and the refusal of a SELECT over an unbounded table without {@code LIMIT}, which
 * would never end (said before anything starts). Keeps the statement's last such result for {@code
 * getResultSet()} / {@code getUpdateCount()}.
 */
final class RunnerQueries {
  /** What a statement run here gave: rows, or the update count of an INSERT. */
  record Outcome(ResultSet rows, long updateCount) {
    static Outcome of(ResultSet rows) {
      return new Outcome(rows, -1);
    }

    static Outcome count(long updateCount) {
      return new Outcome(null, updateCount);
    }
  }

  /** What the JDBC method that runs a statement returns. */
  enum Expects {
    /** {@code executeQuery}: rows. */
    ROWS,
    /** {@code executeUpdate}, {@code executeLargeUpdate}: an update count. */
    COUNT,
    /** {@code execute}: either. */
    EITHER
  }

  private final Connection beam;
  private final ConnectionJobs jobs;
  private volatile Runnable cancel;
  private Outcome last;

  RunnerQueries(Connection beam, ConnectionJobs jobs) {
    this.beam = beam;
    this.jobs = jobs;
  }

  /**
   * Runs {@code sql} when it is a statement this driver runs itself.
   *
   * @return what it gave, or empty when Beam's JDBC driver runs {@code sql}
   * @throws SQLException when the query would never end, or its job failed
   */
  Optional<Outcome> execute(String sql, Expects expects) throws SQLException {
    last = null;
    Optional<QueryPlan> planned = QueryPlan.of(beam, sql, jobs.watched());
    if (planned.isEmpty()) {
      return Optional.empty();
    }
    QueryPlan plan = planned.get();
    if (plan.insert()) {
      if (expects == Expects.ROWS) {
        return Optional.empty();
      }
      RunnerInsert insert = new RunnerInsert(plan, listener());
      cancel = insert::cancel;
      try {
        last = Outcome.count(insert.run());
      } finally {
        cancel = null;
      }
      return Optional.of(last);
    }
    if (!plan.bounded() && plan.limit().isEmpty()) {
      throw new SQLException(
          "This SELECT reads an unbounded table and would never end: add LIMIT n to take the"
              + " first n rows, or bound the table's read with 'scan.bounded.mode' (for example"
              + " 'latest-offset')",
          "42000");
    }
    if (plan.direct() || expects == Expects.COUNT) {
      return Optional.empty();
    }
    RunnerSelect select = new RunnerSelect(plan, listener());
    cancel = select::cancel;
    try {
      last = Outcome.of(select.run());
    } finally {
      cancel = null;
    }
    return Optional.of(last);
  }

  private JobListener listener() {
    return jobs.listener().orElseGet(() -> new JobListener() {});
  }

  /** The result of the last statement run here, or null. */
  Outcome last() {
    return last;
  }

  /** Forgets the last result ({@code getMoreResults}). */
  void clear() {
    last = null;
  }

  /** Cancels the statement running here, if any. */
  void cancel() {
    Runnable running = cancel;
    if (running != null) {
      running.run();
    }
  }
}
