package dev.kafkaconnector.io.sql;

import java.sql.Connection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.beam.sdk.extensions.sql.impl.CalciteQueryPlanner;
import org.apache.beam.sdk.extensions.sql.impl.JdbcConnection;
import org.apache.beam.sdk.extensions.sql.impl.QueryPlanner.QueryParameters;
import org.apache.beam.sdk.extensions.sql.impl.planner.BeamRuleSets;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamCalcRel;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamEnumerableConverter;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamIOSourceRel;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamRelNode;
import org.apache.beam.sdk.extensions.sql.impl.rel.BeamSortRel;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.values.PCollection.IsBounded;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.RelNode;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlKind;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlNode;

/**
 * A SELECT planned by Beam SQL's own planner on a {@code jdbc:beam:} connection, before Beam's JDBC
 * driver runs it: which runner the connection's {@code SET runner} chose, whether the rows end
 * (bounded) or the query takes the first {@code n} of them ({@code LIMIT n}), and the Kafka table
 * whose cluster can carry the rows back.
 *
 * @param node the planned query
 * @param options the connection's pipeline options ({@code SET key = value}), empty when the query
 *     reads no table
 * @param insert whether the statement is an {@code INSERT INTO} (its node writes the rows)
 */
record QueryPlan(BeamRelNode node, Map<String, String> options, boolean insert) {
  private static final String DIRECT_RUNNER = "DirectRunner";

  /**
   * The plan of {@code sql} on {@code beam}, or empty when {@code sql} is no query (DDL, SET, …,
   * and INSERT unless {@code inserts}), the connection is not Beam's, or Beam's planner refuses it
   * here (Beam's JDBC driver then runs it, or reports the error, as before).
   */
  static Optional<QueryPlan> of(Connection beam, String sql, boolean inserts) {
    if (!(beam instanceof JdbcConnection jdbc)) {
      return Optional.empty();
    }
    try {
      CalciteQueryPlanner planner = new CalciteQueryPlanner(jdbc, BeamRuleSets.getRuleSets());
      SqlNode parsed = planner.parse(sql);
      boolean insert = parsed.getKind() == SqlKind.INSERT;
      if (!parsed.getKind().belongsTo(SqlKind.QUERY) && !(insert && inserts)) {
        return Optional.empty();
      }
      BeamRelNode node = planner.convertToBeamRel(sql, QueryParameters.ofNone());
      Map<String, String> options = node.getPipelineOptions();
      return Optional.of(
          new QueryPlan(node, options == null ? Map.of() : Map.copyOf(options), insert));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * New pipeline options from the connection's; a statement over an unbounded table runs detached
   * on Flink ({@code attachedMode=false}), so that its job can be cancelled.
   */
  PipelineOptions pipelineOptions() {
    Map<String, String> all = new HashMap<>(options);
    if (runner().equals("FlinkRunner") && !bounded()) {
      all.put("attachedMode", "false");
    }
    return BeamEnumerableConverter.createPipelineOptions(all);
  }

  /** The runner's name as {@code SET runner} gave it, {@code DirectRunner} by default. */
  String runner() {
    String runner = options.getOrDefault("runner", DIRECT_RUNNER);
    return runner.substring(runner.lastIndexOf('.') + 1);
  }

  /** Whether the query runs on the DirectRunner, where Beam's JDBC driver collects its rows. */
  boolean direct() {
    return runner().equals(DIRECT_RUNNER);
  }

  /** Whether the query's rows end by themselves. */
  boolean bounded() {
    return node.isBounded() == IsBounded.BOUNDED;
  }

  /** The query's {@code LIMIT}, if its last step takes the first rows. */
  OptionalInt limit() {
    RelNode last = node;
    if (last instanceof BeamCalcRel calc && calc.getInput() instanceof BeamSortRel) {
      last = calc.getInput();
    }
    if (last instanceof BeamSortRel sort && sort.fetch != null) {
      return OptionalInt.of(sort.getCount());
    }
    return OptionalInt.empty();
  }

  /** The connector options of the first Kafka table the query reads, if any. */
  Optional<Map<String, String>> firstKafkaTable() {
    return firstKafkaTable(node);
  }

  private static Optional<Map<String, String>> firstKafkaTable(RelNode rel) {
    if (rel instanceof BeamIOSourceRel source
        && source.getBeamSqlTable() instanceof KafkaBackedTable table) {
      return Optional.of(table.connectorOptions());
    }
    for (RelNode input : rel.getInputs()) {
      Optional<Map<String, String>> found = firstKafkaTable(input);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }
}
