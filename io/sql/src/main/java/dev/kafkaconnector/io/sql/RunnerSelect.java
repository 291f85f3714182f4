package dev.kafkaconnector.io.sql;

import java.io.IOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamEnumerableConverter;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamSqlRelUtils;
import org.apache.beam.sdk.options.PipelineOptions;
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
  private final AtomicReference<PipelineResult> job = new AtomicReference<>();
  private volatile boolean cancelled;

  RunnerSelect(QueryPlan plan) {
    this.plan = plan;
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
    try (ResultTopic results = ResultTopic.create(cluster)) {
      Pipeline pipeline = Pipeline.create(options());
      PCollection<Row> rows = BeamSqlRelUtils.toPCollection(pipeline, plan.node());
      Schema schema = rows.getSchema();
      rows.apply("Rows to the client", results.writer(schema));
      PipelineResult result = pipeline.run();
      job.set(result);
      List<Row> read;
      if (plan.bounded()) {
        // ends by itself: run() returned at its end (or threw its error)
        if (result.waitUntilFinish() == PipelineResult.State.FAILED) {
          throw new SQLException("The query's job failed on " + plan.runner());
        }
        read = results.read(schema, limit, () -> true);
      } else {
        if (cancelled) {
          cancelQuietly(result);
        }
        read = results.read(schema, limit, () -> cancelled || ended(result));
        cancelQuietly(result);
        if (read.size() < limit) {
          throw new SQLException(
              cancelled
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
      return RowsResultSet.of(schema, new ArrayList<>(read));
    } catch (IOException | RuntimeException e) {
      throw new SQLException(
          "Error while running the query on " + plan.runner() + ": " + e.getMessage(), e);
    }
  }

  /** Cancels the query's job, if it runs. */
  void cancel() {
    cancelled = true;
    PipelineResult result = job.get();
    if (result != null) {
      cancelQuietly(result);
    }
  }

  /**
   * Whether the job ended; a job whose state cannot be had has ended (a detached job on an embedded
   * Flink cluster: the cluster is gone once its job ended).
   */
  private static boolean ended(PipelineResult result) {
    try {
      return result.getState().isTerminal();
    } catch (RuntimeException e) {
      return true;
    }
  }

  private static void cancelQuietly(PipelineResult result) {
    try {
      if (!ended(result)) {
        result.cancel();
      }
    } catch (IOException | RuntimeException e) {
      // the job may have ended meanwhile; its rows are read
    }
  }

  /**
   * The connection's pipeline options; an unbounded query runs detached on Flink, so that its job
   * can be cancelled once its rows are back.
   */
  private PipelineOptions options() {
    Map<String, String> options = new HashMap<>(plan.options());
    if (plan.runner().equals("FlinkRunner") && !plan.bounded()) {
      options.put("attachedMode", "false");
    }
    return BeamEnumerableConverter.createPipelineOptions(options);
  }
}
