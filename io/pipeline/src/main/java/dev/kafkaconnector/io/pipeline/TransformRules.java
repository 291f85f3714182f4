package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.sql.expressions.CalciteExpressions;
import dev.kafkaconnector.io.sql.expressions.CalciteTypes;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.SchemaChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.io.Serializable;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The {@code transform} block applied to change events: the first rule whose {@code source-table}
 * matches a table projects and filters its rows with expressions compiled once per (table, schema)
 * ({@link CalciteExpressions}), with the metadata columns {@code __namespace_name__}, {@code
 * __schema_name__}, {@code __table_name__} and {@code __data_event_type__} ({@code +I}, {@code -U},
 * {@code +U}, {@code -D}). A create-table gets the projected schema and the rule's primary keys;
 * the other schema changes of a transformed table are dropped here, because the schema-evolution
 * step after this one derives them from the projected rows. Tables no rule matches pass unchanged.
 */
final class TransformRules implements Serializable {
  private static final long serialVersionUID = 1L;
  static final List<String> METADATA_COLUMNS =
      List.of("__namespace_name__", "__schema_name__", "__table_name__", "__data_event_type__");

  private record Rule(TransformDefinition definition, List<Pattern> sources)
      implements Serializable {}

  private final List<Rule> rules;
  private final String zone;

  private TransformRules(List<Rule> rules, String zone) {
    this.rules = rules;
    this.zone = zone;
  }

  static TransformRules of(List<TransformDefinition> transforms, @Nullable ZoneId zone) {
    List<Rule> rules = new ArrayList<>();
    for (TransformDefinition t : transforms) {
      List<Pattern> sources = new ArrayList<>();
      for (String selector : t.sourceTable().split(",")) {
        if (!selector.isBlank()) {
          sources.add(Pattern.compile(RouteRules.toRegex(selector.trim())));
        }
      }
      rules.add(new Rule(t, sources));
    }
    return new TransformRules(rules, (zone == null ? ZoneId.systemDefault() : zone).getId());
  }

  boolean isEmpty() {
    return rules.isEmpty();
  }

  @Nullable TransformDefinition ruleFor(TableId table) {
    String id = table.identifier();
    for (Rule rule : rules) {
      if (rule.sources().stream().anyMatch(p -> p.matcher(id).matches())) {
        return rule.definition();
      }
    }
    return null;
  }

  /** The input columns of a table's expressions: its columns, then the metadata columns. */
  static Schema inputColumns(Schema physical) {
    Schema.Builder builder = Schema.builder().addFields(physical.getFields());
    for (String column : METADATA_COLUMNS) {
      if (!physical.hasField(column)) {
        builder.addNullableField(column, FieldType.STRING);
      }
    }
    return builder.build();
  }

  /** The DoFn applying the rules, compiling per table and schema on first use. */
  DoFn<ChangeEvent, ChangeEvent> fn() {
    return new TransformFn(this);
  }

  private static final class TransformFn extends DoFn<ChangeEvent, ChangeEvent> {
    private static final long serialVersionUID = 1L;
    private final TransformRules rules;
    private transient @Nullable Map<TableId, Map<Schema, CalciteExpressions>> compiled;

    TransformFn(TransformRules rules) {
      this.rules = rules;
    }

    @Setup
    public void setup() {
      compiled = new HashMap<>();
    }

    @Teardown
    public void teardown() {
      compiled = null;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event, OutputReceiver<ChangeEvent> out) {
      TransformDefinition rule = rules.ruleFor(event.tableId());
      if (rule == null) {
        out.output(event);
      } else if (event instanceof CreateTableEvent create) {
        CalciteExpressions e = expressions(rule, create.tableId(), create.schema());
        for (String column : rule.primaryKeys()) {
          if (!e.output().hasField(column)) {
            throw new IllegalArgumentException(
                rule.path()
                    + ".primary-keys on table "
                    + create.tableId()
                    + ": '"
                    + column
                    + "' is not a column of the projection "
                    + e.output().getFieldNames());
          }
        }
        List<String> key =
            !rule.primaryKeys().isEmpty()
                ? rule.primaryKeys()
                : create.primaryKey().stream().allMatch(e.output()::hasField)
                    ? create.primaryKey()
                    : List.of();
        out.output(new CreateTableEvent(create.tableId(), e.output(), key));
      } else if (event instanceof SchemaChangeEvent) {
        // derived again, from the projected rows, by the evolution step that follows
      } else {
        DataChangeEvent data = (DataChangeEvent) event;
        CalciteExpressions e = expressions(rule, data.tableId(), data.schema());
        DataChangeEvent projected = project(e, data);
        if (projected != null) {
          out.output(projected);
        }
      }
    }

    private @Nullable DataChangeEvent project(CalciteExpressions e, DataChangeEvent data) {
      Row filtered = data.op() == DataChangeEvent.Op.DELETE ? data.before() : data.after();
      String type =
          switch (data.op()) {
            case INSERT -> "+I";
            case UPDATE -> "+U";
            case DELETE -> "-D";
          };
      Object[] result = e.evaluate(values(data.tableId(), filtered, type));
      if (!e.passes(result)) {
        return null;
      }
      Row main = row(e, result);
      Row before = null;
      if (data.op() == DataChangeEvent.Op.UPDATE && data.before() != null) {
        before = row(e, e.evaluate(values(data.tableId(), data.before(), "-U")));
      }
      return switch (data.op()) {
        case INSERT ->
            new DataChangeEvent(data.tableId(), data.op(), null, main, data.schemaVersion());
        case UPDATE ->
            new DataChangeEvent(data.tableId(), data.op(), before, main, data.schemaVersion());
        case DELETE ->
            new DataChangeEvent(data.tableId(), data.op(), main, null, data.schemaVersion());
      };
    }

    private static Object[] values(TableId table, Row row, String eventType) {
      int n = row.getFieldCount();
      Object[] values = new Object[n + METADATA_COLUMNS.size()];
      for (int i = 0; i < n; i++) {
        values[i] = CalciteTypes.toCalcite(row.getValue(i));
      }
      values[n] = table.namespace();
      values[n + 1] = table.schemaName();
      values[n + 2] = table.tableName();
      values[n + 3] = eventType;
      return values;
    }

    private static Row row(CalciteExpressions e, Object[] result) {
      Schema schema = e.output();
      Row.Builder builder = Row.withSchema(schema);
      Object[] projected = e.projected(result);
      for (int i = 0; i < projected.length; i++) {
        builder.addValue(CalciteTypes.toBeam(projected[i], schema.getField(i).getType()));
      }
      return builder.build();
    }

    private CalciteExpressions expressions(TransformDefinition rule, TableId table, Schema schema) {
      return compiled
          .computeIfAbsent(table, t -> new HashMap<>())
          .computeIfAbsent(schema, s -> compile(rule, table, s));
    }

    private CalciteExpressions compile(TransformDefinition rule, TableId table, Schema schema) {
      Schema columns = inputColumns(schema);
      try {
        return CalciteExpressions.compile(
            columns,
            schema.getFieldCount(),
            rule.projection(),
            rule.filter(),
            TimeZone.getTimeZone(rules.zone));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            rule.path() + " on table " + table + ": " + e.getMessage(), e);
      }
    }
  }
}
