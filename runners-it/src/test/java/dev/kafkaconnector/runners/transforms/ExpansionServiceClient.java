package dev.kafkaconnector.runners.transforms;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.beam.model.expansion.v1.ExpansionApi;
import org.apache.beam.model.expansion.v1.ExpansionServiceGrpc;
import org.apache.beam.model.pipeline.v1.ExternalTransforms.ExpansionMethods;
import org.apache.beam.model.pipeline.v1.ExternalTransforms.SchemaTransformPayload;
import org.apache.beam.model.pipeline.v1.RunnerApi;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.SchemaTranslation;
import org.apache.beam.sdk.util.construction.BeamUrns;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.vendor.grpc.v1p69p0.com.google.protobuf.ByteString;
import org.apache.beam.vendor.grpc.v1p69p0.io.grpc.ManagedChannel;
import org.apache.beam.vendor.grpc.v1p69p0.io.grpc.ManagedChannelBuilder;

/**
 * What an SDK (Beam YAML, Python) does with a Java expansion service, in Java: lists its schema
 * transforms over gRPC ({@code DiscoverSchemaTransform}) and builds a schema transform's expansion
 * payload from the configuration schema the service reported.
 */
final class ExpansionServiceClient implements AutoCloseable {
  /** The URN of a schema-transform expansion payload. */
  static final String SCHEMA_TRANSFORM = BeamUrns.getUrn(ExpansionMethods.Enum.SCHEMA_TRANSFORM);

  private final ManagedChannel channel;
  private final ExpansionServiceGrpc.ExpansionServiceBlockingStub stub;

  ExpansionServiceClient(String endpoint) {
    this.channel = ManagedChannelBuilder.forTarget(endpoint).usePlaintext().build();
    this.stub = ExpansionServiceGrpc.newBlockingStub(channel);
  }

  /** The service's schema transforms by URN ({@code DiscoverSchemaTransform}). */
  Map<String, ExpansionApi.SchemaTransformConfig> discover() {
    ExpansionApi.DiscoverSchemaTransformResponse response =
        stub.discoverSchemaTransform(
            ExpansionApi.DiscoverSchemaTransformRequest.getDefaultInstance());
    if (!response.getError().isEmpty()) {
      throw new IllegalStateException("DiscoverSchemaTransform failed: " + response.getError());
    }
    return response.getSchemaTransformConfigsMap();
  }

  /** The configuration schema the service reported for {@code urn}. */
  static Schema configSchema(ExpansionApi.SchemaTransformConfig config) {
    return SchemaTranslation.schemaFromProto(config.getConfigSchema());
  }

  /**
   * The expansion payload of schema transform {@code urn} with {@code config}, a row of the schema
   * the service reported: the transform spec an SDK sends in its {@code ExpansionRequest}.
   */
  static RunnerApi.FunctionSpec spec(String urn, Row config) {
    ByteArrayOutputStream row = new ByteArrayOutputStream();
    try {
      RowCoder.of(config.getSchema()).encode(config, row);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    SchemaTransformPayload payload =
        SchemaTransformPayload.newBuilder()
            .setIdentifier(urn)
            .setConfigurationSchema(SchemaTranslation.schemaToProto(config.getSchema(), true))
            .setConfigurationRow(ByteString.copyFrom(row.toByteArray()))
            .build();
    return RunnerApi.FunctionSpec.newBuilder()
        .setUrn(SCHEMA_TRANSFORM)
        .setPayload(payload.toByteString())
        .build();
  }

  @Override
  public void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
  }
}
