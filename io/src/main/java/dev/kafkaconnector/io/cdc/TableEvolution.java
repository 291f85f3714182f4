package dev.kafkaconnector.io.cdc;

import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.AlterColumnTypeEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.DropColumnEvent;
import dev.kafkaconnector.schema.change.RenameColumnEvent;
import dev.kafkaconnector.schema.change.RowConverter;
import dev.kafkaconnector.schema.change.SchemaChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import dev.kafkaconnector.schema.infer.SchemaMerging;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The schema-evolution rules for one table, without Beam state: given what is known of the table
 * and one incoming event, the events to send downstream and the new state.
 *
 * <p>Events from readers are proposals, not commands: the schema of a data change's rows, a
 * create-table, added columns and altered types are all merged into the table's schema with the
 * inference lattice ({@link SchemaMerging}), so readers that inferred different schemas in any
 * order converge to one schema and need no barrier; a proposal the table already holds is redundant
 * and dropped. A merge that widens the table is sent as add-column and alter-type events; dropped
 * and renamed columns, which only DDL can tell, follow the {@link SchemaChangeBehavior}. Rows are
 * converted to the table's schema after the change.
 */
final class TableEvolution {
  /** What the step counts, besides the events it emits. */
  interface Listener {
    /** A proposed change the table already held. */
    void redundant();

    /** A change not sent downstream (IGNORE, or a TRY_EVOLVE change that did not fit). */
    void skipped(TableId table, String reason);

    /** A data change dropped because its values do not fit the table's schema (IGNORE). */
    void dropped(DataChangeEvent event, String reason);
  }

  /** The outcome of one event. */
  record Step(@Nullable TableState state, List<ChangeEvent> output) {}

  private final SchemaChangeBehavior behavior;
  private final Listener listener;
  private final BiFunction<Schema, Schema, RowConverter> converters;

  /**
   * @param converters builds (or looks up) the converter from a row schema to the table's; the DoFn
   *     caches them
   */
  TableEvolution(
      SchemaChangeBehavior behavior,
      Listener listener,
      BiFunction<Schema, Schema, RowConverter> converters) {
    this.behavior = behavior;
    this.listener = listener;
    this.converters = converters;
  }

  /**
   * Applies one event.
   *
   * @param state the table's state, or null when the table was not seen yet
   * @throws IllegalStateException with EXCEPTION on a change, with EVOLVE on a change that does not
   *     fit; naming the table
   */
  Step apply(@Nullable TableState state, ChangeEvent event) {
    List<ChangeEvent> out = new ArrayList<>(2);
    TableId table = event.tableId();
    if (event instanceof DataChangeEvent data) {
      TableState current =
          propose(state, data.schema(), true, false, data.primaryKey(), table, out);
      convert(current, data, out);
      return new Step(current, out);
    }
    if (event instanceof CreateTableEvent create) {
      return new Step(
          propose(state, create.schema(), true, true, create.primaryKey(), table, out), out);
    }
    if (event instanceof AddColumnEvent add) {
      Schema columns = Schema.builder().addFields(add.columns()).build();
      return new Step(propose(state, columns, false, true, List.of(), table, out), out);
    }
    if (event instanceof AlterColumnTypeEvent alter) {
      Schema.Builder columns = Schema.builder();
      alter.newTypes().forEach(columns::addField);
      return new Step(propose(state, columns.build(), false, true, List.of(), table, out), out);
    }
    if (state != null && !state.created()) {
      // A drop or rename before any whole schema: nothing to drop from yet.
      listener.skipped(
          table, "a " + event.getClass().getSimpleName() + " of a table not created yet");
      return new Step(state, out);
    }
    return new Step(explicit(state, (SchemaChangeEvent) event, out), out);
  }

  /**
   * Merges a proposed schema into the table's; emits the create or the widening.
   *
   * @param whole whether {@code proposed} is a whole table schema (a row's, a create-table's), so
   *     that columns it lacks become nullable, or only some columns (added or altered ones)
   * @param change whether the proposal is a schema-change event (counted when redundant), not the
   *     schema of a data change's rows
   */
  private TableState propose(
      @Nullable TableState state,
      Schema proposed,
      boolean whole,
      boolean change,
      List<String> primaryKey,
      TableId table,
      List<ChangeEvent> out) {
    if (state != null
        && state.created()
        && state.primaryKey().isEmpty()
        && !primaryKey.isEmpty()
        && primaryKey.stream().allMatch(state.schema()::hasField)) {
      // A table created without known primary key learns it from the first event that has one
      // (a create-table with PRIMARY KEY, a Canal message's pkNames); not a schema change.
      state = new TableState(state.schema(), state.version(), primaryKey, true);
      if (SchemaMerging.merge(state.schema(), proposed).equals(state.schema())) {
        return state;
      }
    }
    if (state == null || !state.created()) {
      Schema known = state == null ? Schema.builder().build() : state.schema();
      if (!whole) {
        // Columns of a table no whole schema was seen for yet: kept, not sent (see TableState).
        return new TableState(
            withColumns(known, proposed),
            0,
            state == null ? primaryKey : state.primaryKey(),
            false);
      }
      Schema first = SchemaMerging.mergeColumns(proposed, known);
      out.add(new CreateTableEvent(table, first, primaryKey));
      return new TableState(first, 0, primaryKey);
    }
    Schema merged =
        whole
            ? SchemaMerging.merge(state.schema(), proposed)
            : SchemaMerging.mergeColumns(state.schema(), proposed);
    if (merged.equals(state.schema())) {
      if (change) {
        listener.redundant(); // a create-table or column change the table has already
      }
      return state;
    }
    return change(state, merged, diff(table, state.schema(), merged), out);
  }

  /**
   * The column changes of a table not created yet, accumulated: types merged, each column's
   * nullability as the changes give it (applied to the create-table's columns when it comes).
   */
  private static Schema withColumns(Schema known, Schema columns) {
    Schema.Builder out = Schema.builder();
    for (Schema.Field field : known.getFields()) {
      String name = field.getName();
      out.addField(
          columns.hasField(name)
              ? field.withType(
                  SchemaMerging.mergeTypes(field.getType(), columns.getField(name).getType()))
              : field);
    }
    columns.getFields().stream().filter(f -> !known.hasField(f.getName())).forEach(out::addField);
    return out.build();
  }

  /** Sends {@code events} (taking the table to {@code next}) as the behavior says. */
  private TableState change(
      TableState state, Schema next, List<SchemaChangeEvent> events, List<ChangeEvent> out) {
    TableId table = events.get(0).tableId();
    switch (behavior) {
      case EXCEPTION:
        throw new IllegalStateException(
            "Table "
                + table
                + " changes schema from "
                + state.schema()
                + " to "
                + next
                + ", and 'schema.change.behavior' is EXCEPTION (set it to LENIENT, EVOLVE,"
                + " TRY_EVOLVE or IGNORE to accept schema changes)");
      case IGNORE:
        listener.skipped(table, "schema.change.behavior is IGNORE");
        return state;
      default:
        out.addAll(events);
        return state.evolved(next);
    }
  }

  /** A drop or rename, which only DDL can tell and which merging cannot derive. */
  private @Nullable TableState explicit(
      @Nullable TableState state, SchemaChangeEvent event, List<ChangeEvent> out) {
    TableId table = event.tableId();
    Schema current = state == null ? null : state.schema();
    Schema next;
    try {
      next = event.applyTo(current);
    } catch (IllegalArgumentException e) {
      if (behavior == SchemaChangeBehavior.EVOLVE || behavior == SchemaChangeBehavior.EXCEPTION) {
        throw new IllegalStateException(e.getMessage(), e);
      }
      listener.skipped(table, e.getMessage());
      return state;
    }
    if (state == null) {
      listener.skipped(table, "a " + event.getClass().getSimpleName() + " of an unknown table");
      return null;
    }
    if (behavior != SchemaChangeBehavior.LENIENT) {
      return change(state, next, List.of(event), out);
    }
    // LENIENT: keep every column; a dropped or renamed one becomes nullable, a new name is added.
    Map<String, FieldType> nullable = new LinkedHashMap<>();
    List<Field> added = new ArrayList<>();
    if (event instanceof DropColumnEvent drop) {
      drop.columns().forEach(c -> nullable.put(c, state.schema().getField(c).getType()));
    } else if (event instanceof RenameColumnEvent rename) {
      rename
          .renames()
          .forEach(
              (from, to) -> {
                FieldType type = state.schema().getField(from).getType().withNullable(true);
                nullable.put(from, type);
                added.add(Field.of(to, type));
              });
    }
    Schema.Builder proposal = Schema.builder();
    nullable.forEach((name, type) -> proposal.addField(name, type.withNullable(true)));
    added.forEach(proposal::addField);
    return propose(state, proposal.build(), false, true, List.of(), table, out);
  }

  /** The add-column and alter-type events from one schema to a merged wider one. */
  static List<SchemaChangeEvent> diff(TableId table, Schema from, Schema to) {
    return dev.kafkaconnector.schema.change.SchemaDiff.between(table, from, to);
  }

  private void convert(TableState state, DataChangeEvent data, List<ChangeEvent> out) {
    Schema rows = data.schema();
    List<String> key = key(state, data);
    if (rows.equals(state.schema())) {
      out.add(data.withImages(data.before(), data.after(), state.version()).withPrimaryKey(key));
      return;
    }
    RowConverter converter;
    try {
      converter = converters.apply(rows, state.schema());
    } catch (IllegalArgumentException e) {
      // Only with IGNORE (or after a dropped column): the table's schema does not hold the rows.
      listener.dropped(data, e.getMessage());
      return;
    }
    out.add(
        data.withImages(
                converter.convert(data.before()), converter.convert(data.after()), state.version())
            .withPrimaryKey(key));
  }

  /**
   * The primary key the step attaches to a data change: the table's, when all its columns are still
   * in the table's schema (an EVOLVE drop may have removed one), else the event's own.
   */
  private static List<String> key(TableState state, DataChangeEvent data) {
    List<String> key = state.primaryKey();
    if (!key.isEmpty() && key.stream().allMatch(state.schema()::hasField)) {
      return key;
    }
    return data.primaryKey().stream().allMatch(state.schema()::hasField)
        ? data.primaryKey()
        : List.of();
  }
}
