package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.JobListener;
import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamSqlRelUtils;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;

/**
 * Runs a SELECT on a runner other than the DirectRunner (Beam's JDBC driver collects rows only
 * there): the query's pipeline writes its rows to a {@link ResultTopic} on the cluster of the
 * query's first Kafka table, this class reads them back into a {@link ResultSet} and deletes the
 * topic. A bounded query ends by itself; a query with {@code LIMIT n} ends when {@code n} rows are
 * back (the job is cancelled then), so {@code LIMIT} works on unbounded tables too. On Flink the
 * job is submitted detached ({@code attachedMode=false}) so that it can be cancelled; {@link
 * #cancel} (JDBC's {@code Statement.cancel}, sqlline's Ctrl-C) cancels it.
 */
final class RunnerSelect {
  private final QueryPlan plan;
  private final SqlJob job;

  RunnerSelect(QueryPlan plan, JobListener listener) {
    this.plan = plan;
    this.job = new SqlJob(listener);
  }

  /**
   * Runs the query and returns its rows.
   *
   * @throws SQLException saying why: no Kafka table to carry the rows, the job failed or was
   *     cancelled
   */
  ResultSet run() throws SQLException {
    Map<String, String> cluster =
        plan.firstKafkaTable()
            .orElseThrow(
                () ->
                    new SQLException(
                        "A SELECT on "
                            + plan.runner()
                            + " brings its rows back through a temporary topic on the Kafka"
                            + " cluster of its first table, and this query reads no Kafka table:"
                            + " run it on the DirectRunner (SET runner = 'DirectRunner')"));
    int limit = plan.limit().orElse(Integer.MAX_VALUE);
    String failure = "failed";
    try (ResultTopic results = ResultTopic.create(cluster)) {
      Schema[] schema = new Schema[1];
      PipelineResult result =
          job.start(
              plan.pipelineOptions(),
              pipeline -> {
                PCollection<Row> rows = BeamSqlRelUtils.toPCollection(pipeline, plan.node());
                schema[0] = rows.getSchema();
                rows.apply("Rows to the client", results.writer(schema[0]));
              });
      List<Row> read;
      if (plan.bounded()) {
        // ends by itself (on an attached runner, run() returned at its end or threw its error)
        if (result.waitUntilFinish() == PipelineResult.State.FAILED) {
          throw new SQLException("The query's job failed on " + plan.runner());
        }
        read = results.read(schema[0], limit, () -> true);
      } else {
        read = results.read(schema[0], limit, () -> job.cancelled() || SqlJob.ended(result));
        SqlJob.cancelQuietly(result);
        if (read.size() < limit) {
          throw new SQLException(
              job.cancelled()
                  ? "The query was cancelled"
                  : "The query's job on "
                      + plan.runner()
                      + " ended after "
                      + read.size()
                      + " of its "
                      + limit
                      + " rows: it failed (its error is in the job's log, and on a Flink cluster"
                      + " in the web UI under Exceptions)");
        }
      }
      failure = null;
      return RowsResultSet.of(schema[0], new ArrayList<>(read));
    } catch (SQLException e) {
      failure = job.cancelled() ? JobListener.CANCELLED : e.getMessage();
      throw e;
    } catch (IOException | RuntimeException e) {
      failure = String.valueOf(e.getMessage());
      throw new SQLException(
          "Error while running the query on " + plan.runner() + ": " + e.getMessage(), e);
    } finally {
      job.end(failure);
    }
  }

  /** Cancels the query's job, if it runs. */
  void cancel() {
    job.cancel();
  }
}
