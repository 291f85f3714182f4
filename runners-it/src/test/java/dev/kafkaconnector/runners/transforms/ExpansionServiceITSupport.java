package dev.kafkaconnector.runners.transforms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.FreePorts;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.beam.model.expansion.v1.ExpansionApi;
import org.apache.beam.model.pipeline.v1.RunnerApi;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.expansion.service.ExpansionServer;
import org.apache.beam.sdk.expansion.service.ExpansionService;
import org.apache.beam.sdk.expansion.service.ExpansionServiceSchemaTransformProvider;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.util.construction.External;
import org.apache.beam.sdk.util.construction.PipelineTranslation;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the schema-transform ITs share: the broker, Beam's Java expansion service in this JVM on a
 * real gRPC port with its client, configuration rows built from the schemas the service reported,
 * remote expansion through Beam's {@link External} client, and the service's own transform lookup
 * ({@link ExpansionServiceSchemaTransformProvider}) to run the same payloads on the runner.
 */
abstract class ExpansionServiceITSupport {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  private static ExpansionServer server;
  static ExpansionServiceClient client;

  /** Options of a job whose sources are bounded and whose run() blocks until the end. */
  protected abstract PipelineOptions options();

  @BeforeAll
  static void startExpansionService() throws Exception {
    int port = FreePorts.take("localhost", 1)[0];
    server = ExpansionServer.create(new ExpansionService(), "localhost", port);
    client = new ExpansionServiceClient(server.getHost() + ":" + server.getPort());
  }

  @AfterAll
  static void stopExpansionService() throws Exception {
    client.close();
    server.close();
  }

  static String endpoint() {
    return server.getHost() + ":" + server.getPort();
  }

  /** A configuration row of {@code config}'s schema with {@code values}; nested maps are rows. */
  static Row configRow(ExpansionApi.SchemaTransformConfig config, Map<String, Object> values) {
    Schema schema = ExpansionServiceClient.configSchema(config);
    Row.FieldValueBuilder row = Row.withSchema(schema).withFieldValues(Map.of());
    for (Map.Entry<String, Object> value : values.entrySet()) {
      Schema.FieldType type = schema.getField(value.getKey()).getType();
      Object v = value.getValue();
      if (type.getTypeName() == Schema.TypeName.ROW) {
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = (Map<String, Object>) v;
        v = Row.withSchema(type.getRowSchema()).withFieldValues(fields).build();
      }
      row = row.withFieldValue(value.getKey(), v);
    }
    return row.build();
  }

  /**
   * Sends {@code spec} to the expansion service over gRPC in a client pipeline, as an SDK does, and
   * returns the outputs of the expanded transform.
   */
  static PCollectionTuple expandRemotely(RunnerApi.FunctionSpec spec, List<Row> input) {
    Pipeline sdk = Pipeline.create(PipelineOptionsFactory.create());
    External.MultiOutputExpandableTransform<PCollectionRowTuple> external =
        External.<PCollectionRowTuple, Row>of(
                spec.getUrn(), spec.getPayload().toByteArray(), endpoint())
            .withMultiOutputs();
    PCollectionRowTuple in =
        input == null
            ? PCollectionRowTuple.empty(sdk)
            : PCollectionRowTuple.of(
                "input", sdk.apply(Create.of(input).withRowSchema(input.get(0).getSchema())));
    PCollectionTuple out = in.apply("Expanded", external);
    // the whole pipeline, with the service's expansion inside, translates for a portable runner
    RunnerApi.Pipeline proto = PipelineTranslation.toProto(sdk);
    List<String> names =
        proto.getComponents().getTransformsMap().values().stream()
            .map(RunnerApi.PTransform::getUniqueName)
            .sorted()
            .toList();
    assertTrue(
        names.stream().anyMatch(n -> n.contains("KafkaWrite") || n.contains("KafkaRead")),
        () -> "the service's expansion is not in the pipeline: " + names);
    return out;
  }

  static Set<String> tags(PCollectionTuple outputs) {
    return outputs.getAll().keySet().stream().map(TupleTag::getId).collect(Collectors.toSet());
  }

  /** The transform the expansion service builds from {@code spec}, for this class's runner. */
  @SuppressWarnings("unchecked")
  PTransform<PCollectionRowTuple, PCollectionRowTuple> transform(RunnerApi.FunctionSpec spec) {
    return ExpansionServiceSchemaTransformProvider.of().getTransform(spec, options());
  }
}
