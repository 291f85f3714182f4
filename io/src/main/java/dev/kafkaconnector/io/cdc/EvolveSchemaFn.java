package dev.kafkaconnector.io.cdc;

import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.RowConverter;
import dev.kafkaconnector.schema.change.TableId;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.KV;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keyed stateful step of {@link SchemaEvolution}: one key per table id, whose state is the
 * table's current schema ({@link TableState}); each event goes through {@link TableEvolution}. Row
 * converters are cached per instance (bounded) and dropped in {@code @Teardown}.
 */
final class EvolveSchemaFn extends DoFn<KV<String, ChangeEvent>, ChangeEvent> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(EvolveSchemaFn.class);
  static final String NAMESPACE = "kafka-connector";
  private static final int CONVERTER_LIMIT = 1024;

  @StateId("table")
  private final StateSpec<ValueState<TableState>> tableSpec =
      StateSpecs.value(new TableState.Coder());

  private final SchemaChangeBehavior behavior;
  private final Map<TableId, Schema> initialSchemas;

  private final Counter schemaChanges = Metrics.counter(NAMESPACE, "cdc-schema-changes");
  private final Counter redundant = Metrics.counter(NAMESPACE, "cdc-schema-changes-redundant");
  private final Counter skipped = Metrics.counter(NAMESPACE, "cdc-schema-changes-skipped");
  private final Counter dropped = Metrics.counter(NAMESPACE, "cdc-events-dropped");

  private transient @Nullable Map<List<Schema>, RowConverter> converters;
  private transient @Nullable Set<TableId> warned;
  private transient @Nullable TableEvolution evolution;

  EvolveSchemaFn(SchemaChangeBehavior behavior, Map<TableId, Schema> initialSchemas) {
    this.behavior = behavior;
    this.initialSchemas = Map.copyOf(initialSchemas);
  }

  @Setup
  public void setup() {
    converters = new HashMap<>();
    warned = new HashSet<>();
    evolution = new TableEvolution(behavior, listener(), this::converter);
  }

  @Teardown
  public void teardown() {
    converters = null;
    warned = null;
    evolution = null;
  }

  @ProcessElement
  public void process(
      @Element KV<String, ChangeEvent> element,
      @StateId("table") ValueState<TableState> table,
      OutputReceiver<ChangeEvent> out) {
    ChangeEvent event = element.getValue();
    TableState stored = table.read();
    TableState state = stored;
    if (state == null) {
      Schema initial = initialSchemas.get(event.tableId());
      if (initial != null) {
        state = new TableState(initial, 0, List.of());
        out.output(new CreateTableEvent(event.tableId(), initial));
      }
    }
    TableEvolution.Step step = evolution().apply(state, event);
    for (ChangeEvent e : step.output()) {
      if (!(e instanceof DataChangeEvent)) {
        schemaChanges.inc();
      }
      out.output(e);
    }
    if (step.state() != null && !step.state().equals(stored)) {
      table.write(step.state());
    }
  }

  private TableEvolution evolution() {
    if (evolution == null) {
      setup();
    }
    return evolution;
  }

  private RowConverter converter(Schema rows, Schema tableSchema) {
    Map<List<Schema>, RowConverter> cache = converters;
    List<Schema> key = List.of(rows, tableSchema);
    RowConverter converter = cache.get(key);
    if (converter == null) {
      converter =
          behavior == SchemaChangeBehavior.IGNORE
              ? RowConverter.projecting(rows, tableSchema)
              : RowConverter.between(rows, tableSchema);
      if (cache.size() >= CONVERTER_LIMIT) {
        cache.clear();
      }
      cache.put(key, converter);
    }
    return converter;
  }

  private TableEvolution.Listener listener() {
    return new TableEvolution.Listener() {
      @Override
      public void redundant() {
        redundant.inc();
      }

      @Override
      public void skipped(TableId table, String reason) {
        skipped.inc();
        warnOnce(table, "schema change not applied: " + reason);
      }

      @Override
      public void dropped(DataChangeEvent event, String reason) {
        dropped.inc();
        warnOnce(
            event.tableId(),
            "change dropped (counted in " + NAMESPACE + ":cdc-events-dropped): " + reason);
      }
    };
  }

  /** Logs the first problem of each table per instance; the counters count them all. */
  private void warnOnce(TableId table, String message) {
    if (warned.add(table)) {
      LOG.warn("Table {} (schema.change.behavior {}): {}", table, behavior, message);
    }
  }
}
