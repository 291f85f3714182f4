package dev.kafkaconnector.io.cdc;

import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.TypeDescriptor;
import org.apache.beam.sdk.values.TypeDescriptors;

/**
 * The schema-evolution step of a change stream: keyed by table id, it keeps each table's current
 * schema, merges the schemas that parallel readers send (in any order), drops redundant changes,
 * applies {@code schema.change.behavior} and converts every row to the table's schema. Its output
 * has, per table, one create-table event, then schema changes each followed by the rows that need
 * them (as far as the runner keeps the order of one key's elements, which Beam does not promise
 * across a shuffle: the schema version on each data change says which schema it follows).
 *
 * <p>The state is per key and window, so the input must be in the global window (apply windowing
 * after this step). See {@link SchemaChangeBehavior} and {@link TableEvolution}.
 */
public final class SchemaEvolution
    extends PTransform<PCollection<ChangeEvent>, PCollection<ChangeEvent>> {
  private static final long serialVersionUID = 1L;

  private final SchemaChangeBehavior behavior;
  private final Map<TableId, Schema> initialSchemas;

  private SchemaEvolution(SchemaChangeBehavior behavior, Map<TableId, Schema> initialSchemas) {
    this.behavior = behavior;
    this.initialSchemas = initialSchemas;
  }

  /** The step with {@code behavior} ({@link SchemaChangeBehavior#LENIENT} is the default). */
  public static SchemaEvolution of(SchemaChangeBehavior behavior) {
    return new SchemaEvolution(behavior, Map.of());
  }

  /**
   * With {@code schema.change.behavior} as text (EXCEPTION, EVOLVE, TRY_EVOLVE, LENIENT, IGNORE).
   */
  public static SchemaEvolution of(String behavior) {
    try {
      return of(SchemaChangeBehavior.valueOf(behavior.trim().toUpperCase(java.util.Locale.ROOT)));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid value '"
              + behavior
              + "' for option 'schema.change.behavior' (expected one of"
              + " EXCEPTION, EVOLVE, TRY_EVOLVE, LENIENT, IGNORE)",
          e);
    }
  }

  /**
   * Tables whose schema is known before any event (from {@code scan.value.initial-schemas.ddls}):
   * each starts with its schema here, and the events of that table merge into it.
   */
  public SchemaEvolution withInitialSchemas(Map<TableId, Schema> schemas) {
    Map<TableId, Schema> all = new LinkedHashMap<>(initialSchemas);
    all.putAll(schemas);
    return new SchemaEvolution(behavior, Map.copyOf(all));
  }

  /**
   * The initial schemas from {@code scan.value.initial-schemas.ddls} text (see {@link
   * InitialSchemas#parse}).
   *
   * @throws IllegalArgumentException naming the option key when the text cannot be read
   */
  public SchemaEvolution withInitialSchemas(String ddls) {
    return withInitialSchemas(InitialSchemas.parse(ddls));
  }

  @Override
  public PCollection<ChangeEvent> expand(PCollection<ChangeEvent> input) {
    if (!(input.getWindowingStrategy().getWindowFn() instanceof GlobalWindows)) {
      throw new IllegalArgumentException(
          "SchemaEvolution keeps each table's schema in per-window state, so its input must be in"
              + " the global window; apply windowing after it (input windowing: "
              + input.getWindowingStrategy().getWindowFn()
              + ")");
    }
    // The initial schemas are known when the pipeline is built: rows that follow them travel
    // with an index instead of their schema.
    List<Schema> known = new ArrayList<>();
    if (input.getCoder() instanceof ChangeEventCoder given) {
      known.addAll(given.knownSchemas());
    }
    initialSchemas.values().stream().filter(s -> !known.contains(s)).forEach(known::add);
    Coder<ChangeEvent> events = ChangeEventCoder.of(known);
    return input
        .apply(
            "KeyByTable",
            MapElements.into(
                    TypeDescriptors.kvs(
                        TypeDescriptors.strings(), TypeDescriptor.of(ChangeEvent.class)))
                .via(e -> KV.of(String.join("\u0000", e.tableId().parts()), e)))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), events))
        .apply("EvolveSchemas", ParDo.of(new EvolveSchemaFn(behavior, initialSchemas)))
        .setCoder(events);
  }
}
