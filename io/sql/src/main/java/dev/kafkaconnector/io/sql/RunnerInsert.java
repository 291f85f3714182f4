package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.JobListener;
import java.sql.SQLException;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamSqlRelUtils;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;

/**
 * Runs an {@code INSERT INTO} of a connection whose jobs someone listens to ({@link
 * KafkaConnectorConnection#setJobListeners}), as Beam's JDBC driver would (the rows written are
 * counted with a Beam counter and are the statement's update count), but telling the listener when
 * the job starts, runs and ends. An INSERT over bounded tables runs to its end. One over an
 * unbounded table runs until its job fails or the statement is cancelled ({@code Statement.cancel},
 * sqlline's Ctrl-C); on Flink it is submitted detached ({@code attachedMode=false}) so that it can
 * be cancelled. (Beam's own driver waits for such a job without a way to stop it.)
 */
final class RunnerInsert {
  private static final String ROWS = "rows";

  private final QueryPlan plan;
  private final SqlJob job;

  RunnerInsert(QueryPlan plan, JobListener listener) {
    this.plan = plan;
    this.job = new SqlJob(listener);
  }

  /**
   * Runs the INSERT.
   *
   * @return the number of rows written (as the runner's metrics tell it)
   * @throws SQLException when the job failed or was cancelled
   */
  long run() throws SQLException {
    String failure = null;
    try {
      return runJob();
    } catch (SQLException e) {
      failure = job.cancelled() ? JobListener.CANCELLED : e.getMessage();
      throw e;
    } finally {
      job.end(failure);
    }
  }

  private long runJob() throws SQLException {
    try {
      PipelineResult result =
          job.start(
              plan.pipelineOptions(),
              pipeline ->
                  BeamSqlRelUtils.toPCollection(pipeline, plan.node())
                      .apply("Count the rows written", ParDo.of(new CountRows())));
      if (!plan.bounded()) {
        awaitEndOfUnbounded(result);
      }
      if (result.waitUntilFinish() == PipelineResult.State.FAILED) {
        throw new SQLException("The INSERT's job failed on " + plan.runner());
      }
      return rowsWritten(result);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      job.cancel();
      throw new SQLException("Interrupted while the INSERT ran; its job was cancelled", e);
    } catch (RuntimeException e) {
      throw new SQLException(
          "Error while running the INSERT on " + plan.runner() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Waits until an INSERT over an unbounded table ends: it does only when cancelled or failed, so
   * this always throws.
   */
  private void awaitEndOfUnbounded(PipelineResult result)
      throws SQLException, InterruptedException {
    while (!job.cancelled() && !SqlJob.ended(result)) {
      Thread.sleep(200);
    }
    SqlJob.cancelQuietly(result);
    if (job.cancelled()) {
      throw new SQLException(
          "The INSERT was cancelled (it reads an unbounded table: it runs until cancelled)");
    }
    throw new SQLException(
        "The INSERT's job on "
            + plan.runner()
            + " ended, and it reads an unbounded table: it failed or was cancelled from"
            + " outside (its error is in the job's log, and on a Flink cluster in the web UI"
            + " under Exceptions)");
  }

  /** Cancels the INSERT's job, if it runs. */
  void cancel() {
    job.cancel();
  }

  private static long rowsWritten(PipelineResult result) {
    try {
      for (MetricResult<Long> counter :
          result
              .metrics()
              .queryMetrics(
                  MetricsFilter.builder()
                      .addNameFilter(MetricNameFilter.named(RunnerInsert.class, ROWS))
                      .build())
              .getCounters()) {
        return counter.getAttempted();
      }
    } catch (RuntimeException e) {
      // a runner whose result has no metrics (a detached Flink job): the count is not known
    }
    return 0;
  }

  /** Counts the rows that reach the table's writer. */
  private static final class CountRows extends DoFn<Row, Void> {
    private final Counter rows = Metrics.counter(RunnerInsert.class, ROWS);

    @ProcessElement
    public void process() {
      rows.inc();
    }
  }
}
