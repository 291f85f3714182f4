package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.cdc.SchemaEvolution;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.POutput;

/**
 * Applies a {@link PipelineDefinition} to a Beam pipeline: the source connector, the transforms
 * (rows projected and filtered), the routes (table ids renamed), then a second schema-evolution
 * step keyed by the final ids, which derives the schema changes of the projected rows and merges
 * the schemas of tables routed to one, and the sink connector. Both connectors are built, and so
 * their options validated, before anything is applied; their errors carry the YAML path.
 */
public final class PipelineTranslator {
  private PipelineTranslator() {}

  /** Applies {@code definition} to {@code pipeline}. */
  public static void apply(Pipeline pipeline, PipelineDefinition definition) {
    PTransform<PBegin, PCollection<ChangeEvent>> source =
        build(
            definition,
            definition.source(),
            ctx -> Connectors.source(definition.source()).createSource(ctx));
    PTransform<PCollection<ChangeEvent>, ? extends POutput> sink =
        build(
            definition,
            definition.sink(),
            ctx -> Connectors.sink(definition.sink()).createSink(ctx));
    PCollection<ChangeEvent> changes =
        pipeline.apply("Source: " + label(definition.source()), source);
    TransformRules transforms =
        TransformRules.of(definition.transforms(), definition.pipeline().localTimeZone());
    if (!transforms.isEmpty()) {
      changes =
          changes.apply("Transform", ParDo.of(transforms.fn())).setCoder(ChangeEventCoder.of());
    }
    RouteRules routes = RouteRules.of(definition.routes());
    if (!routes.isEmpty()) {
      changes =
          changes.apply("Route", ParDo.of(new RouteFn(routes))).setCoder(ChangeEventCoder.of());
    }
    if (!transforms.isEmpty() || !routes.isEmpty()) {
      changes =
          changes.apply(
              "EvolveSchemas", SchemaEvolution.of(definition.pipeline().schemaChangeBehavior()));
    }
    changes.apply("Sink: " + label(definition.sink()), sink);
  }

  private interface Builder<T> {
    T build(ConnectorContext context);
  }

  private static <T> T build(
      PipelineDefinition definition, ConnectorDefinition block, Builder<T> builder) {
    try {
      return builder.build(new ConnectorContext(block, definition.pipeline()));
    } catch (PipelineDefinitionException e) {
      // a connector's own error about one of its options (the print sink's print.target, ...)
      throw e.masked(definition.secretValues());
    } catch (IllegalArgumentException e) {
      String message = definition.mask(String.valueOf(e.getMessage()));
      throw new PipelineDefinitionException(pathOf(block, message), message, e)
          .masked(definition.secretValues());
    }
  }

  /**
   * The YAML path of the option a connector's message names ({@code source.topicx} for "unknown
   * option 'topicx'"), else the block's path.
   */
  static String pathOf(ConnectorDefinition block, String message) {
    List<String> keys = new ArrayList<>(block.options().keySet());
    keys.sort(Comparator.comparingInt(String::length).reversed());
    for (String key : keys) {
      if (message.contains("'" + key + "'") || message.contains("`" + key + "`")) {
        return block.path() + "." + key;
      }
    }
    return block.path();
  }

  private static String label(ConnectorDefinition block) {
    return block.name() != null ? block.name() : block.type();
  }

  /** Gives each event the table ids its routes name. */
  private static final class RouteFn extends DoFn<ChangeEvent, ChangeEvent> {
    private static final long serialVersionUID = 1L;
    private final RouteRules routes;

    RouteFn(RouteRules routes) {
      this.routes = routes;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event, OutputReceiver<ChangeEvent> out) {
      for (TableId target : routes.route(event.tableId())) {
        out.output(RouteRules.withTable(event, target));
      }
    }
  }
}
