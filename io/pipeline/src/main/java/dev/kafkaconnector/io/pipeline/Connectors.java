package dev.kafkaconnector.io.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds the connector a block's {@code type} names; an unknown type lists the known ones. */
final class Connectors {
  private Connectors() {}

  static PipelineSourceFactory source(ConnectorDefinition block) {
    List<String> known = new ArrayList<>();
    for (PipelineSourceFactory factory : ServiceLoader.load(PipelineSourceFactory.class)) {
      if (factory.type().equals(block.type())) {
        return factory;
      }
      known.add(factory.type());
    }
    throw unknown(block, known);
  }

  static PipelineSinkFactory sink(ConnectorDefinition block) {
    List<String> known = new ArrayList<>();
    for (PipelineSinkFactory factory : ServiceLoader.load(PipelineSinkFactory.class)) {
      if (factory.type().equals(block.type()) || factory.aliases().contains(block.type())) {
        return factory;
      }
      known.add(factory.type());
      known.addAll(factory.aliases());
    }
    throw unknown(block, known);
  }

  private static PipelineDefinitionException unknown(
      ConnectorDefinition block, List<String> known) {
    return new PipelineDefinitionException(
        block.path() + ".type",
        "no "
            + block.path()
            + " connector of type '"
            + block.type()
            + "'; the types on the class"
            + " path are "
            + String.join(", ", new TreeSet<>(known)));
  }
}
