package dev.kafkaconnector.io.transforms;

import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
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
 * Turns changelog rows of one table (its columns plus a change-kind column) into the change events
 * {@code writeChanges()} writes, as Flink's debezium-json and canal-json serializers treat a
 * changelog: {@code +I} an insert, {@code +U} an update without before image (written as an insert
 * of its row), {@code -U} and {@code -D} a delete of their row. A row whose kind is not one of the
 * four symbols goes to {@link #ERRORS} as a row of {@code ErrorHandling.errorSchema(input)}, or
 * fails the job when there is no error output.
 */
final class ChangesOfRows extends PTransform<PCollection<Row>, PCollectionTuple> {
  private static final long serialVersionUID = 1L;

  /** The change events. */
  static final TupleTag<ChangeEvent> CHANGES = new TupleTag<ChangeEvent>("changes") {};

  /** The rows whose kind is not a change kind. */
  static final TupleTag<Row> ERRORS = new TupleTag<Row>("bad-kinds") {};

  private final Layout layout;
  private final boolean routeErrors;

  ChangesOfRows(Layout layout, boolean routeErrors) {
    this.layout = layout;
    this.routeErrors = routeErrors;
  }

  /**
   * Where the kind is in the input rows, the table, its primary key, and the rows' schema without
   * the kind (the changes' images).
   */
  static final class Layout implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Schema input;
    private final int kindIndex;
    private final Schema image;
    private final TableId table;
    private final List<String> primaryKey;

    Layout(Schema input, String kindColumn, TableId table, List<String> primaryKey) {
      this.input = input;
      this.kindIndex = input.indexOf(kindColumn);
      Schema.Builder image = Schema.builder();
      for (int i = 0; i < input.getFieldCount(); i++) {
        if (i != kindIndex) {
          image.addField(input.getField(i));
        }
      }
      this.image = image.build();
      this.table = table;
      this.primaryKey = List.copyOf(primaryKey);
    }

    Schema image() {
      return image;
    }

    /** The change of input row {@code row}, or null when its kind is not a change kind. */
    @Nullable DataChangeEvent change(Row row) {
      Object symbol = row.getValue(kindIndex);
      RowKind kind = symbol instanceof String ? RowKind.ofSymbol((String) symbol) : null;
      if (kind == null) {
        return null;
      }
      List<Object> values = new ArrayList<>(row.getValues());
      values.remove(kindIndex);
      Row image = Row.withSchema(this.image).attachValues(values);
      DataChangeEvent.Op op =
          switch (kind) {
            case INSERT -> DataChangeEvent.Op.INSERT;
            case UPDATE_AFTER -> DataChangeEvent.Op.UPDATE;
            case UPDATE_BEFORE, DELETE -> DataChangeEvent.Op.DELETE;
          };
      boolean after = op != DataChangeEvent.Op.DELETE;
      return new DataChangeEvent(
          table, op, after ? null : image, after ? image : null, 0, primaryKey);
    }

    /** The input row of a change this layout made (-U and -D both come back as -D). */
    Row inputRow(ChangeEvent event) {
      DataChangeEvent change = (DataChangeEvent) event;
      Row image = change.after() != null ? change.after() : change.before();
      RowKind kind =
          switch (change.op()) {
            case INSERT -> RowKind.INSERT;
            case UPDATE -> RowKind.UPDATE_AFTER;
            case DELETE -> RowKind.DELETE;
          };
      List<Object> values = new ArrayList<>(image.getValues());
      values.add(kindIndex, kind.symbol());
      return Row.withSchema(input).attachValues(values);
    }
  }

  @Override
  public PCollectionTuple expand(PCollection<Row> rows) {
    PCollectionTuple out =
        rows.apply(
            "ToChanges",
            ParDo.of(new ToChangesFn(layout, routeErrors))
                .withOutputTags(CHANGES, TupleTagList.of(ERRORS)));
    out.get(CHANGES).setCoder(ChangeEventCoder.of(List.of(layout.image())));
    out.get(ERRORS).setRowSchema(ErrorHandling.errorSchema(rows.getSchema()));
    return out;
  }

  private static final class ToChangesFn extends DoFn<Row, ChangeEvent> {
    private static final long serialVersionUID = 1L;
    private final Layout layout;
    private final boolean routeErrors;

    ToChangesFn(Layout layout, boolean routeErrors) {
      this.layout = layout;
      this.routeErrors = routeErrors;
    }

    @ProcessElement
    public void process(@Element Row row, MultiOutputReceiver out) {
      DataChangeEvent change = layout.change(row);
      if (change != null) {
        out.get(CHANGES).output(change);
        return;
      }
      String message =
          "Row of table "
              + layout.table
              + ": column '"
              + row.getSchema().getField(layout.kindIndex).getName()
              + "' (the change kind) is '"
              + row.getValue(layout.kindIndex)
              + "', expected one of +I, -U, +U, -D";
      if (!routeErrors) {
        throw new IllegalArgumentException(message);
      }
      Schema errors = ErrorHandling.errorSchema(row.getSchema());
      out.get(ERRORS)
          .output(
              Row.withSchema(errors)
                  .withFieldValue("failed_row", row)
                  .withFieldValue("error_message", message)
                  .build());
    }
  }
}
