package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.sql.expressions.CalciteExpressions;
import dev.kafkaconnector.io.sql.expressions.CalciteTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.EquivalenceNullablePolicy;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The computed columns of a table (Flink's {@code name AS expression}, TBLPROPERTIES key {@code
 * "computed"}) evaluated on the rows its source reads. The expressions are compiled by Calcite as
 * Beam SQL ships it ({@link CalciteExpressions}) over the source's columns whose types expressions
 * read (all but ARRAY, MAP and ROW), once per DoFn instance; the output rows are the source's
 * columns followed by the computed ones. Expressions run in UTC, as Beam SQL does. An expression
 * that fails on a row (a CAST of text that is no number, say) fails the job, naming the table, the
 * column and the expression.
 */
final class ComputedColumns extends PTransform<PCollection<Row>, PCollection<Row>> {
  private static final long serialVersionUID = 1L;
  private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

  private final String table;
  private final Schema readable;
  private final int[] positions;
  private final String projection;
  private final Schema output;

  private ComputedColumns(
      String table, Schema readable, int[] positions, String projection, Schema output) {
    this.table = table;
    this.readable = readable;
    this.positions = positions;
    this.projection = projection;
    this.output = output;
  }

  /**
   * The types of the computed columns over {@code columns}: what each expression gives.
   *
   * @throws IllegalArgumentException naming the column and the expression, with Calcite's reason
   */
  static Schema types(Schema columns, Map<String, String> expressions) {
    Schema readable = readable(columns);
    Schema.Builder out = Schema.builder();
    expressions.forEach(
        (name, expression) -> {
          try {
            CalciteExpressions compiled =
                CalciteExpressions.compile(
                    readable, readable.getFieldCount(), item(name, expression), null, UTC);
            out.addField(name, compiled.output().getField(0).getType());
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                "computed column '"
                    + name
                    + "' AS "
                    + expression
                    + ": "
                    + reason(e.getMessage())
                    + unreadable(columns, readable),
                e);
          }
        });
    return out.build();
  }

  /**
   * The transform appending the computed columns to rows of {@code input}.
   *
   * @param declared the table's columns: a computed column's declared type must be its expression's
   *     (nullability aside)
   * @throws IllegalArgumentException naming the column when an expression does not compile or its
   *     type is not the declared one
   */
  static ComputedColumns of(
      String table, Schema input, Map<String, String> expressions, Schema declared) {
    Schema types = types(input, expressions);
    Schema.Builder output = Schema.builder().addFields(input.getFields());
    List<String> items = new ArrayList<>();
    for (Field computed : types.getFields()) {
      Field column = declared.getField(computed.getName());
      if (!agrees(column.getType(), computed.getType())) {
        throw new IllegalArgumentException(
            "computed column '"
                + computed.getName()
                + "' AS "
                + expressions.get(computed.getName())
                + " is declared "
                + column.getType()
                + " but the expression gives "
                + computed.getType()
                + " (declare the column with the expression's type, or CAST the expression)");
      }
      output.addField(column.withNullable(true));
      items.add(item(computed.getName(), expressions.get(computed.getName())));
    }
    Schema readable = readable(input);
    int[] positions = positions(input, readable);
    return new ComputedColumns(
        table, readable, positions, String.join(", ", items), output.build());
  }

  /**
   * The event time of a watermark on computed column {@code column}, evaluated by the source on the
   * rows it reads ({@code input}).
   *
   * @throws IllegalArgumentException naming the column when its expression does not compile or does
   *     not give a TIMESTAMP or TIMESTAMP_LTZ
   */
  static ComputedEventTime eventTime(String table, Schema input, String column, String expression) {
    Schema type = types(input, Map.of(column, expression));
    FieldType given = type.getField(0).getType();
    boolean timestamp =
        given.getTypeName() == TypeName.DATETIME
            || (given.getTypeName() == TypeName.LOGICAL_TYPE
                && given
                    .getLogicalType()
                    .getIdentifier()
                    .equals(SqlTypes.DATETIME.getIdentifier()));
    if (!timestamp) {
      throw new IllegalArgumentException(
          "WATERMARK FOR "
              + column
              + ": computed column '"
              + column
              + "' AS "
              + expression
              + " gives "
              + given
              + ", but the event time must be a TIMESTAMP or TIMESTAMP_LTZ");
    }
    Schema readable = readable(input);
    int[] positions = positions(input, readable);
    return new ComputedEventTime(
        table, column, expression, readable, positions, item(column, expression));
  }

  /** The schema of the output rows: the input columns, then the computed ones. */
  Schema output() {
    return output;
  }

  @Override
  public PCollection<Row> expand(PCollection<Row> input) {
    return input.apply("Evaluate", ParDo.of(new EvaluateFn(this))).setRowSchema(output);
  }

  /**
   * Whether a column declared {@code declared} can hold what the expression gives: the same type
   * (nullability aside), or a TIMESTAMP expression in a Beam SQL TIMESTAMP column (an instant; the
   * expression's timestamp is read as UTC, as Beam SQL does).
   */
  private static boolean agrees(FieldType declared, FieldType computed) {
    if (declared.equivalent(computed, EquivalenceNullablePolicy.IGNORE)) {
      return true;
    }
    return declared.getTypeName() == TypeName.DATETIME
        && computed.getTypeName() == TypeName.LOGICAL_TYPE
        && computed.getLogicalType().getIdentifier().equals(SqlTypes.DATETIME.getIdentifier());
  }

  /**
   * One select item: {@code (expression) AS `name`}. Flink's {@code PROCTIME()} (the processing
   * time) becomes {@code CURRENT_TIMESTAMP}, the time the row is evaluated.
   */
  private static String item(String name, String expression) {
    String sql = PROCTIME.matcher(expression).replaceAll("CURRENT_TIMESTAMP");
    return "(" + sql + ") AS `" + name.replace("`", "``") + "`";
  }

  private static final Pattern PROCTIME =
      Pattern.compile("\\bPROCTIME\\s*\\(\\s*\\)", Pattern.CASE_INSENSITIVE);

  /** Calcite's reason, naming the function when it is one expressions do not know. */
  private static String reason(String message) {
    Matcher unknown = UNKNOWN_FUNCTION.matcher(String.valueOf(message));
    if (!unknown.find()) {
      return message;
    }
    return "function "
        + unknown.group(1)
        + " is not supported here ("
        + message
        + "); computed columns call Calcite's standard functions, PROCTIME() and Flink's "
        + String.join(", ", CalciteExpressions.flinkFunctions());
  }

  private static final Pattern UNKNOWN_FUNCTION =
      Pattern.compile("No match found for function signature ([^(\\s]+)\\(");

  /** Where each column of {@code readable} is in {@code input}. */
  private static int[] positions(Schema input, Schema readable) {
    int[] positions = new int[readable.getFieldCount()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = input.indexOf(readable.getField(i).getName());
    }
    return positions;
  }

  /** The columns expressions can read. */
  private static Schema readable(Schema columns) {
    Schema.Builder b = Schema.builder();
    columns.getFields().stream().filter(CalciteTypes::supported).forEach(b::addField);
    return b.build();
  }

  private static String unreadable(Schema columns, Schema readable) {
    List<String> left = new ArrayList<>(columns.getFieldNames());
    left.removeAll(readable.getFieldNames());
    return left.isEmpty()
        ? ""
        : " (columns of types expressions do not read, ARRAY, MAP or ROW: " + left + ")";
  }

  private static final class EvaluateFn extends DoFn<Row, Row> {
    private static final long serialVersionUID = 1L;
    private final ComputedColumns spec;
    private transient @Nullable CalciteExpressions compiled;

    EvaluateFn(ComputedColumns spec) {
      this.spec = spec;
    }

    @Setup
    public void setup() {
      compiled =
          CalciteExpressions.compile(
              spec.readable, spec.readable.getFieldCount(), spec.projection, null, UTC);
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) {
      Object[] values = new Object[spec.positions.length];
      for (int i = 0; i < values.length; i++) {
        values[i] = CalciteTypes.toCalcite(row.getValue(spec.positions[i]));
      }
      Object[] result;
      try {
        result = compiled.evaluate(values);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "Table '"
                + spec.table
                + "': computed columns ("
                + spec.projection
                + ") failed on a row: "
                + e,
            e);
      }
      int n = row.getFieldCount();
      List<Object> fields = new ArrayList<>(n + result.length);
      fields.addAll(row.getValues());
      for (int i = 0; i < result.length; i++) {
        fields.add(CalciteTypes.toBeam(result[i], spec.output.getField(n + i).getType()));
      }
      out.output(Row.withSchema(spec.output).attachValues(fields));
    }
  }
}
