package dev.kafkaconnector.io.sql.expressions;

import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.DataContext;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.avatica.util.Casing;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.avatica.util.Quoting;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.linq4j.QueryProvider;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.RelNode;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.RelRoot;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.core.Filter;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.core.Project;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.core.TableScan;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.type.RelDataType;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexBuilder;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexExecutable;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexExecutorImpl;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexNode;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.schema.SchemaPlus;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.schema.impl.AbstractTable;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlIdentifier;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlNode;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlNodeList;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlSelect;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.parser.SqlParser;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.tools.FrameworkConfig;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.tools.Frameworks;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.tools.Planner;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A transform rule's {@code projection} and {@code filter} compiled by Calcite (the copy Beam SQL
 * vendors) for one input schema: {@code SELECT <projection> FROM t WHERE <filter>} is parsed,
 * validated against the columns, converted to relational expressions, and those are compiled to
 * Java code (Janino) once; {@link #evaluate} runs them on one row's values. {@code *} in the
 * projection stands for the physical columns (not the metadata columns). Besides Calcite's standard
 * functions, expressions call Flink's time functions ({@link FlinkFunctions}: TO_TIMESTAMP_LTZ,
 * TO_TIMESTAMP, FROM_UNIXTIME, UNIX_TIMESTAMP, DATE_FORMAT), in the time zone given to {@link
 * #compile}.
 */
public final class CalciteExpressions {
  private static final String TABLE = "__source__";

  private final Schema output;
  private final boolean hasFilter;
  private final RexExecutable executable;
  private final TimeZone zone;
  private Object @Nullable [] input;

  private CalciteExpressions(
      Schema output, boolean hasFilter, RexExecutable executable, TimeZone zone) {
    this.output = output;
    this.hasFilter = hasFilter;
    this.executable = executable;
    this.zone = zone;
    executable.setDataContext(new RowContext());
  }

  /**
   * Compiles.
   *
   * @param columns the input columns: the table's physical columns, then the metadata columns
   * @param physical how many of {@code columns} are physical ({@code *} stands for them)
   * @throws IllegalArgumentException when the expressions do not parse or validate, with Calcite's
   *     reason
   */
  public static CalciteExpressions compile(
      Schema columns,
      int physical,
      @Nullable String projection,
      @Nullable String filter,
      TimeZone zone) {
    JavaTypeFactory types = new JavaTypeFactoryImpl();
    RelDataType rowType = CalciteTypes.rowType(types, columns);
    FrameworkConfig config = config(columns);
    String sql =
        "SELECT "
            + (projection == null || projection.isBlank() ? "*" : projection)
            + " FROM `"
            + TABLE
            + "`"
            + (filter == null || filter.isBlank() ? "" : " WHERE " + filter);
    try (Planner planner = Frameworks.getPlanner(config)) {
      SqlNode parsed = planner.parse(sql);
      if (!(parsed instanceof SqlSelect select)) {
        throw new IllegalArgumentException("not a projection: " + projection);
      }
      select.setSelectList(expandStar(select.getSelectList(), columns, physical));
      RelRoot relRoot = planner.rel(planner.validate(select));
      RelNode rel = relRoot.project();
      List<RexNode> expressions = new ArrayList<>();
      RexNode condition = null;
      List<RexNode> projects = null;
      RelNode node = rel;
      RexBuilder rexBuilder = rel.getCluster().getRexBuilder();
      if (node instanceof Project project) {
        projects = project.getProjects();
        node = project.getInput();
      }
      if (node instanceof Filter f) {
        condition = f.getCondition();
        node = f.getInput();
      }
      if (!(node instanceof TableScan)) {
        throw new IllegalArgumentException(
            "only column expressions and a row filter are supported, not " + node.getRelTypeName());
      }
      if (projects == null) {
        projects = allColumns(node, rexBuilder);
      }
      if (condition != null) {
        expressions.add(condition);
      }
      expressions.addAll(projects);
      RexExecutable executable =
          RexExecutorImpl.getExecutable(
              rexBuilder, FlinkFunctions.implement(rexBuilder, expressions), node.getRowType());
      return new CalciteExpressions(
          outputSchema(relRoot, rel), condition != null, executable, zone);
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalArgumentException(firstLine(e.getMessage()), e);
    }
  }

  /** A planner configuration whose only table, {@link #TABLE}, has {@code columns}. */
  private static FrameworkConfig config(Schema columns) {
    SchemaPlus root = Frameworks.createRootSchema(true);
    root.add(
        TABLE,
        new AbstractTable() {
          @Override
          public RelDataType getRowType(RelDataTypeFactory factory) {
            return CalciteTypes.rowType(factory, columns);
          }
        });
    return Frameworks.newConfigBuilder()
        .defaultSchema(root)
        .parserConfig(parserConfig())
        .operatorTable(
            SqlOperatorTables.chain(FlinkFunctions.table(), SqlStdOperatorTable.instance()))
        .build();
  }

  /**
   * How expressions are read: case-sensitive names as written, back-quoted identifiers (Flink's and
   * Beam SQL's quoting), Calcite's lenient conformance.
   */
  public static SqlParser.Config parserConfig() {
    return SqlParser.config()
        .withCaseSensitive(true)
        .withQuoting(Quoting.BACK_TICK)
        .withUnquotedCasing(Casing.UNCHANGED)
        .withQuotedCasing(Casing.UNCHANGED)
        .withConformance(SqlConformanceEnum.LENIENT);
  }

  /** A reference to every column of {@code node}: the projection of {@code SELECT *}. */
  private static List<RexNode> allColumns(RelNode node, RexBuilder rexBuilder) {
    List<RexNode> projects = new ArrayList<>();
    for (int i = 0; i < node.getRowType().getFieldCount(); i++) {
      projects.add(rexBuilder.makeInputRef(node, i));
    }
    return projects;
  }

  /** The output columns: the names as validated, the types of the planned {@code rel}. */
  private static Schema outputSchema(RelRoot relRoot, RelNode rel) {
    Schema.Builder out = Schema.builder();
    List<RelDataTypeField> fields = rel.getRowType().getFieldList();
    for (int i = 0; i < fields.size(); i++) {
      out.addField(
          Field.of(
              relRoot.validatedRowType.getFieldList().get(i).getName(),
              CalciteTypes.beamType(fields.get(i).getType())));
    }
    return out.build();
  }

  private static SqlNodeList expandStar(SqlNodeList list, Schema columns, int physical) {
    SqlNodeList expanded = new SqlNodeList(SqlParserPos.ZERO);
    for (SqlNode item : list) {
      if (item instanceof SqlIdentifier id && id.isStar()) {
        for (int i = 0; i < physical; i++) {
          expanded.add(new SqlIdentifier(columns.getField(i).getName(), SqlParserPos.ZERO));
        }
      } else {
        expanded.add(item);
      }
    }
    return expanded;
  }

  private static String firstLine(@Nullable String message) {
    String text = String.valueOf(message).strip();
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }

  /** The schema of the projected rows. */
  public Schema output() {
    return output;
  }

  /** The names of the Flink functions expressions call besides Calcite's standard ones. */
  public static List<String> flinkFunctions() {
    return FlinkFunctions.names();
  }

  /** The values of every expression (filter first when there is one) on one input row. */
  public Object[] evaluate(Object[] values) {
    input = values;
    try {
      return executable.execute();
    } finally {
      input = null;
    }
  }

  /** Whether the filter accepts the row {@code result} was evaluated on. */
  public boolean passes(Object[] result) {
    return !hasFilter || Boolean.TRUE.equals(result[0]);
  }

  /** The projected values of {@code result} (Calcite's representation, see CalciteTypes). */
  public Object[] projected(Object[] result) {
    if (!hasFilter) {
      return result;
    }
    Object[] projected = new Object[result.length - 1];
    System.arraycopy(result, 1, projected, 0, projected.length);
    return projected;
  }

  /** What the compiled code reads: the row, and the time of the call in the job's time zone. */
  private final class RowContext implements DataContext {
    @Override
    public @Nullable SchemaPlus getRootSchema() {
      return null;
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
      return new JavaTypeFactoryImpl();
    }

    @Override
    public @Nullable QueryProvider getQueryProvider() {
      return null;
    }

    @Override
    public @Nullable Object get(String name) {
      if (name.equals("inputRecord")) {
        return input;
      }
      long now = System.currentTimeMillis();
      if (name.equals(Variable.CURRENT_TIMESTAMP.camelName)
          || name.equals(Variable.UTC_TIMESTAMP.camelName)) {
        return now;
      }
      if (name.equals(Variable.LOCAL_TIMESTAMP.camelName)) {
        return now + zone.getOffset(now);
      }
      if (name.equals(Variable.TIME_ZONE.camelName)) {
        return zone;
      }
      return null;
    }
  }
}
