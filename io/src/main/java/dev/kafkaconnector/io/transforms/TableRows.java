package dev.kafkaconnector.io.transforms;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.RowConverter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns change events into changelog rows per table, as Flink's changelog streams: an insert is one
 * {@code +I} row, an update a {@code -U} row (when the before image is known) and a {@code +U} row,
 * a delete a {@code -D} row of its before image. Each configured table has its own output of its
 * own schema (columns fixed at expansion, then the change-kind column); changes of other tables and
 * schema-change events are not emitted (other tables counted in {@code
 * kafka-connector:schema-transform-changes-of-other-tables}). A change whose row does not fit its
 * table's output schema (a value in a column the schema lacks, a type it cannot hold, a null in a
 * NOT NULL column) goes to {@link #ERRORS} as a row of {@link BadRecordRows#READ_ERRORS}, or fails
 * the job when there is no error output.
 */
final class TableRows extends PTransform<PCollection<ChangeEvent>, PCollectionTuple> {
  private static final long serialVersionUID = 1L;

  /** The output of the changes that do not fit. */
  static final TupleTag<Row> ERRORS = new TupleTag<Row>("kafka-read-changes-errors") {};

  private final ChangeTables tables;
  private final boolean routeErrors;

  TableRows(ChangeTables tables, boolean routeErrors) {
    this.tables = tables;
    this.routeErrors = routeErrors;
  }

  /** The tag of table {@code table}'s output. */
  static TupleTag<Row> tag(ChangeTables.Table table) {
    return new TupleTag<>(table.output());
  }

  @Override
  public PCollectionTuple expand(PCollection<ChangeEvent> changes) {
    List<TupleTag<?>> others = new ArrayList<>();
    for (ChangeTables.Table table : tables.tables()) {
      others.add(tag(table));
    }
    PCollectionTuple out =
        changes.apply(
            "ToTableRows",
            ParDo.of(new ToRowsFn(tables, routeErrors))
                .withOutputTags(ERRORS, TupleTagList.of(others)));
    out.get(ERRORS).setRowSchema(BadRecordRows.READ_ERRORS);
    for (ChangeTables.Table table : tables.tables()) {
      out.get(tag(table)).setRowSchema(table.rows());
    }
    return out;
  }

  private static final class ToRowsFn extends DoFn<ChangeEvent, Row> {
    private static final long serialVersionUID = 1L;
    private final Counter otherTables =
        Metrics.counter("kafka-connector", "schema-transform-changes-of-other-tables");
    private final Map<String, ChangeTables.Table> byId = new LinkedHashMap<>();
    private final boolean routeErrors;

    /** Per table id and schema of the changes' rows: how they become output rows. */
    private transient @Nullable Map<String, Map<Schema, Plan>> plans;

    ToRowsFn(ChangeTables tables, boolean routeErrors) {
      for (ChangeTables.Table table : tables.tables()) {
        byId.put(table.id(), table);
      }
      this.routeErrors = routeErrors;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event, MultiOutputReceiver out) {
      if (!(event instanceof DataChangeEvent change)) {
        return; // schema changes show in the rows that follow them
      }
      ChangeTables.Table table = byId.get(change.tableId().identifier());
      if (table == null) {
        otherTables.inc();
        return;
      }
      if (plans == null) {
        plans = new HashMap<>();
      }
      Plan plan =
          plans
              .computeIfAbsent(table.id(), id -> new HashMap<>())
              .computeIfAbsent(change.schema(), schema -> new Plan(table, schema));
      switch (change.op()) {
        case INSERT:
          emit(out, table, plan, change.after(), RowKind.INSERT);
          break;
        case UPDATE:
          if (change.before() != null) {
            emit(out, table, plan, change.before(), RowKind.UPDATE_BEFORE);
          }
          emit(out, table, plan, change.after(), RowKind.UPDATE_AFTER);
          break;
        case DELETE:
          emit(out, table, plan, change.before(), RowKind.DELETE);
          break;
        default:
          throw new IllegalStateException(change.op().name());
      }
    }

    private void emit(
        MultiOutputReceiver out, ChangeTables.Table table, Plan plan, Row image, RowKind kind) {
      String problem = plan.problem(image);
      if (problem == null) {
        out.get(tag(table)).output(plan.convert(image, kind));
        return;
      }
      String message =
          "Change of table '"
              + table.id()
              + "' does not fit its output schema "
              + table.rows()
              + ": "
              + problem
              + " (declare the table's columns in field 'schemas' of kafka_read_changes)";
      if (!routeErrors) {
        throw new IllegalStateException(message);
      }
      out.get(ERRORS)
          .output(
              Row.withSchema(BadRecordRows.READ_ERRORS)
                  .withFieldValue("error_message", message)
                  .withFieldValue("failed_row", plan.json(image))
                  .build());
    }
  }

  /** How rows of one schema become rows of a table's output, or why they cannot. */
  private static final class Plan {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Schema rows;
    private final @Nullable RowConverter converter;
    private final @Nullable String unconvertible;
    private final List<Field> extra = new ArrayList<>();
    private final Schema source;

    Plan(ChangeTables.Table table, Schema source) {
      this.rows = table.rows();
      this.source = source;
      Schema.Builder nullable = Schema.builder();
      for (int i = 0; i < rows.getFieldCount() - 1; i++) {
        Field field = rows.getField(i);
        nullable.addField(field.withType(field.getType().withNullable(true)));
      }
      Schema target = nullable.build();
      RowConverter built = null;
      String reason = null;
      try {
        built = RowConverter.projecting(source, target);
      } catch (IllegalArgumentException e) {
        reason = e.getMessage();
      }
      this.converter = built;
      this.unconvertible = reason;
      for (Field field : source.getFields()) {
        if (!target.hasField(field.getName())) {
          extra.add(field);
        }
      }
    }

    /** Why {@code image} cannot be a row of the output, or null when it can. */
    @Nullable String problem(Row image) {
      if (unconvertible != null) {
        return unconvertible;
      }
      for (Field field : extra) {
        if (image.getValue(field.getName()) != null) {
          return "column '" + field.getName() + "' (" + field.getType() + ") is not in it";
        }
      }
      for (int i = 0; i < rows.getFieldCount() - 1; i++) {
        Field field = rows.getField(i);
        if (!Boolean.TRUE.equals(field.getType().getNullable())
            && (!source.hasField(field.getName()) || image.getValue(field.getName()) == null)) {
          return "column '" + field.getName() + "' is NOT NULL but the change has no value";
        }
      }
      return null;
    }

    Row convert(Row image, RowKind kind) {
      Row converted = converter.convert(image);
      List<Object> values = new ArrayList<>(converted.getValues());
      values.add(kind.symbol());
      return Row.withSchema(rows).attachValues(values);
    }

    /** The row as a JSON object: numbers, booleans and strings as such, other values as text. */
    byte[] json(Row image) {
      Map<String, Object> members = new LinkedHashMap<>();
      for (Field field : source.getFields()) {
        Object value = image.getValue(field.getName());
        boolean plain =
            value == null
                || value instanceof Number
                || value instanceof Boolean
                || value instanceof String;
        members.put(field.getName(), plain ? value : String.valueOf(value));
      }
      try {
        return JSON.writeValueAsBytes(members);
      } catch (JsonProcessingException e) {
        return image.toString().getBytes(StandardCharsets.UTF_8);
      }
    }
  }
}
