package dev.kafkaconnector.runners.pipeline;

import dev.kafkaconnector.io.pipeline.ConnectorContext;
import dev.kafkaconnector.io.pipeline.PipelineSinkFactory;
import dev.kafkaconnector.schema.change.ChangeEvent;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;

/**
 * A stand-in for the spec's {@code type: paimon} sink, which this project does not have, so that
 * the spec's YAML examples run as written: a test jar adds it through the SPI, and it collects the
 * events like {@link CollectingSink}, under the id its catalog's {@code properties.collect.id}
 * gives ({@code using.built-in-catalog} passes a catalog's {@code properties.*} to the block).
 */
public final class PaimonStandInSink implements PipelineSinkFactory {
  static final String ID = "properties.collect.id";

  @Override
  public String type() {
    return "paimon";
  }

  @Override
  public PTransform<PCollection<ChangeEvent>, PCollection<Void>> createSink(
      ConnectorContext context) {
    String id = context.options().get(ID);
    if (id == null || context.options().size() != 1) {
      throw context.invalid(
          ID, "the stand-in paimon sink takes one option, " + ID + " (from its catalog)");
    }
    return CollectingSink.collect(id);
  }
}
