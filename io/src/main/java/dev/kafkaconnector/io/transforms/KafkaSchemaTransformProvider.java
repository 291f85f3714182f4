package dev.kafkaconnector.io.transforms;

import java.util.List;
import org.apache.beam.sdk.schemas.transforms.TypedSchemaTransformProvider;

/**
 * What the connector's schema-transform providers share: the URN, the description and the names of
 * the inputs and outputs that a discovery client (Beam YAML's provider listing, an expansion
 * service) asks for, fixed when the provider is made. Each subclass adds its configuration and the
 * transform it builds.
 *
 * @param <C> the configuration row's class
 */
abstract class KafkaSchemaTransformProvider<C> extends TypedSchemaTransformProvider<C> {
  private final String identifier;
  private final String description;
  private final List<String> inputs;
  private final List<String> outputs;

  KafkaSchemaTransformProvider(
      String identifier, String description, List<String> inputs, List<String> outputs) {
    this.identifier = identifier;
    this.description = description;
    this.inputs = List.copyOf(inputs);
    this.outputs = List.copyOf(outputs);
  }

  @Override
  public final String identifier() {
    return identifier;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final List<String> inputCollectionNames() {
    return inputs;
  }

  @Override
  public final List<String> outputCollectionNames() {
    return outputs;
  }
}
