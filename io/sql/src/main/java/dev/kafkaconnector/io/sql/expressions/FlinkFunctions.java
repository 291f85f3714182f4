package dev.kafkaconnector.io.sql.expressions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.adapter.enumerable.NullPolicy;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.linq4j.tree.Expression;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.linq4j.tree.Expressions;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.type.RelDataType;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexBuilder;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexCall;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexNode;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.rex.RexShuttle;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.schema.FunctionParameter;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.schema.ImplementableFunction;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.schema.ScalarFunction;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlFunction;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlIdentifier;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlKind;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.SqlOperatorTable;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.OperandTypes;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.ReturnTypes;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.SqlTypeName;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.beam.vendor.calcite.v1_40_0.org.apache.calcite.util.BuiltInMethod;

/**
 * Flink's time functions that computed columns and watermarks of Kafka tables use, for {@link
 * CalciteExpressions}: {@code TO_TIMESTAMP_LTZ(numeric, precision)} (TIMESTAMP_LTZ(3)), {@code
 * TO_TIMESTAMP(string[, format])} (TIMESTAMP(3)), {@code FROM_UNIXTIME(numeric[, format])} and
 * {@code DATE_FORMAT(timestamp|string, format)} (STRING), {@code UNIX_TIMESTAMP([string[,
 * format]])} (BIGINT), with Flink's results ({@link FlinkTimeFunctions}). Calcite validates and
 * types the calls with the {@link #table() operator table}; {@link #implement} then swaps each call
 * for one Calcite's code generator can compile, which calls {@link FlinkTimeFunctions} with the
 * values as they are (epoch milliseconds, never {@code java.sql.Timestamp}, which Calcite would
 * convert in the JVM's time zone) and the session time zone of the expressions.
 */
final class FlinkFunctions {
  /** One function: its name, argument types, result type and the method each call runs. */
  private record Definition(
      String name,
      SqlOperandTypeChecker operands,
      SqlReturnTypeInference returns,
      Function<RexCall, Target> target) {}

  /** The {@link FlinkTimeFunctions} method a call runs, and whether it takes the time zone. */
  private record Target(String method, boolean zone) {}

  private static final List<Definition> DEFINITIONS =
      List.of(
          new Definition(
              "TO_TIMESTAMP_LTZ",
              OperandTypes.family(SqlTypeFamily.NUMERIC, SqlTypeFamily.INTEGER),
              nullable(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE),
              call -> new Target("toTimestampLtz", false)),
          new Definition(
              "TO_TIMESTAMP",
              OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING),
              nullable(SqlTypeName.TIMESTAMP),
              call -> new Target("toTimestamp", false)),
          new Definition(
              "FROM_UNIXTIME",
              OperandTypes.or(
                  OperandTypes.NUMERIC,
                  OperandTypes.family(SqlTypeFamily.NUMERIC, SqlTypeFamily.STRING)),
              ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.FORCE_NULLABLE),
              call -> new Target("fromUnixtime", true)),
          new Definition(
              "UNIX_TIMESTAMP",
              OperandTypes.or(
                  OperandTypes.NILADIC, OperandTypes.STRING, OperandTypes.STRING_STRING),
              ReturnTypes.BIGINT_NULLABLE,
              call -> new Target("unixTimestamp", !call.getOperands().isEmpty())),
          new Definition(
              "DATE_FORMAT",
              OperandTypes.or(
                  OperandTypes.family(SqlTypeFamily.TIMESTAMP, SqlTypeFamily.STRING),
                  OperandTypes.STRING_STRING),
              ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.FORCE_NULLABLE),
              FlinkFunctions::dateFormat));

  private static final Map<String, SqlFunction> OPERATORS =
      DEFINITIONS.stream()
          .collect(Collectors.toUnmodifiableMap(Definition::name, FlinkFunctions::operator));

  private static final Map<String, SqlUserDefinedFunction> IMPLEMENTATIONS =
      DEFINITIONS.stream()
          .collect(Collectors.toUnmodifiableMap(Definition::name, FlinkFunctions::implementation));

  private FlinkFunctions() {}

  /** The names of the functions, for messages. */
  static List<String> names() {
    return DEFINITIONS.stream().map(Definition::name).toList();
  }

  /** The operators to validate expressions with, ahead of Calcite's standard ones. */
  static SqlOperatorTable table() {
    return SqlOperatorTables.of(OPERATORS.values());
  }

  /**
   * {@code expressions} with every call of a function here made one the code generator compiles.
   */
  static List<RexNode> implement(RexBuilder rexBuilder, List<RexNode> expressions) {
    RexShuttle shuttle =
        new RexShuttle() {
          @Override
          public RexNode visitCall(RexCall call) {
            RexCall visited = (RexCall) super.visitCall(call);
            SqlFunction operator = OPERATORS.get(call.getOperator().getName());
            if (operator == null || operator != call.getOperator()) {
              return visited;
            }
            return rexBuilder.makeCall(
                call.getType(), IMPLEMENTATIONS.get(operator.getName()), visited.getOperands());
          }
        };
    List<RexNode> out = new ArrayList<>();
    for (RexNode expression : expressions) {
      out.add(expression.accept(shuttle));
    }
    return out;
  }

  private static SqlReturnTypeInference nullable(SqlTypeName type) {
    return ReturnTypes.explicit(type, 3).andThen(SqlTypeTransforms.FORCE_NULLABLE);
  }

  private static Target dateFormat(RexCall call) {
    SqlTypeName first = call.getOperands().get(0).getType().getSqlTypeName();
    if (first == SqlTypeName.TIMESTAMP) {
      return new Target("dateFormatTimestamp", false);
    }
    return first == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
        ? new Target("dateFormatInstant", true)
        : new Target("dateFormatText", true);
  }

  private static SqlFunction operator(Definition definition) {
    boolean now = definition.name().equals("UNIX_TIMESTAMP");
    return new SqlFunction(
        definition.name(),
        SqlKind.OTHER_FUNCTION,
        definition.returns(),
        null,
        definition.operands(),
        SqlFunctionCategory.TIMEDATE) {
      @Override
      public boolean isDeterministic() {
        return !now;
      }

      @Override
      public boolean isDynamicFunction() {
        return now;
      }
    };
  }

  /** The same function as Calcite's code generator sees it: a call of its Java method. */
  private static SqlUserDefinedFunction implementation(Definition definition) {
    CallImplementor implementor =
        RexImpTable.createImplementor(
            (translator, call, operands) -> {
              Target target = definition.target().apply(call);
              List<Expression> arguments = new ArrayList<>();
              for (Expression operand : operands) {
                arguments.add(Expressions.convert_(Expressions.box(operand), Object.class));
              }
              if (target.zone()) {
                arguments.add(
                    Expressions.call(
                        translator.getRoot(),
                        BuiltInMethod.DATA_CONTEXT_GET.method,
                        Expressions.constant("timeZone")));
              }
              return Expressions.call(FlinkTimeFunctions.class, target.method(), arguments);
            },
            NullPolicy.NONE,
            false);
    return new SqlUserDefinedFunction(
        new SqlIdentifier(definition.name(), SqlParserPos.ZERO),
        SqlKind.OTHER_FUNCTION,
        definition.returns(),
        null,
        null,
        new Implementation(implementor));
  }

  /** A function whose code is {@code implementor}; its type comes from the call. */
  private record Implementation(CallImplementor implementor)
      implements ScalarFunction, ImplementableFunction {
    @Override
    public List<FunctionParameter> getParameters() {
      return List.of();
    }

    /**
     * Not used: the operator ({@link SqlUserDefinedFunction}) types each call with its own
     * return-type inference, which depends on the arguments; Calcite asks the function itself only
     * for functions registered in a schema, which these are not.
     */
    @Override
    public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
      throw new UnsupportedOperationException(
          "A Flink function's type comes from its call's operands (the operator's return-type"
              + " inference), not from the function alone");
    }

    @Override
    public CallImplementor getImplementor() {
      return implementor;
    }
  }
}
