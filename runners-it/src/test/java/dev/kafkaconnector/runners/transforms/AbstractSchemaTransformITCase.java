package dev.kafkaconnector.runners.transforms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.read.CollectingSink;
import dev.kafkaconnector.runners.read.TestProducer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.beam.model.expansion.v1.ExpansionApi;
import org.apache.beam.model.pipeline.v1.RunnerApi;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.expansion.service.ExpansionServiceSchemaTransformProvider;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.util.construction.External;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.junit.jupiter.api.Test;

/**
 * The schema transforms {@code kafka_write} and {@code kafka_read} the way Beam YAML and Python
 * reach Java I/O: Beam's Java expansion service runs in this JVM on a real gRPC port with the
 * connector on its class path; a client lists its schema transforms ({@code
 * DiscoverSchemaTransform}), builds each configuration row from the schema the service reported,
 * and has the service expand it ({@code Expand}, through Beam's {@link External} client). The same
 * expansion payloads are then turned into transforms by the service's own schema-transform lookup
 * ({@link ExpansionServiceSchemaTransformProvider}) and run on this class's runner against the real
 * broker: rows written by {@code kafka_write} come back from a bounded {@code kafka_read}, a row
 * over {@code max.request.size} comes out on the write's {@code errors} output, and an invalid JSON
 * record on the read's {@code errors} output with its topic, partition and offset.
 */
abstract class AbstractSchemaTransformITCase extends ExpansionServiceITSupport {

  static final String READ = "beam:schematransform:dev.kafkaconnector:kafka_read:v1";
  static final String WRITE = "beam:schematransform:dev.kafkaconnector:kafka_write:v1";

  static final Schema ORDER =
      Schema.builder()
          .addInt64Field("id")
          .addStringField("product")
          .addDoubleField("price")
          .build();

  @Test
  void serviceListsTheConnectorsSchemaTransforms() {
    Map<String, ExpansionApi.SchemaTransformConfig> listed = client.discover();
    assertTrue(listed.containsKey(READ), () -> "not listed: " + READ + " in " + listed.keySet());
    assertTrue(listed.containsKey(WRITE), () -> "not listed: " + WRITE + " in " + listed.keySet());
    assertEquals(List.of(), listed.get(READ).getInputPcollectionNamesList());
    assertEquals(List.of("output", "errors"), listed.get(READ).getOutputPcollectionNamesList());
    assertEquals(List.of("input"), listed.get(WRITE).getInputPcollectionNamesList());
    Schema read = ExpansionServiceClient.configSchema(listed.get(READ));
    for (String field :
        List.of("topic", "bootstrap_servers", "format", "schema", "scan_bounded_mode", "options")) {
      assertTrue(read.hasField(field), () -> field + " not in " + read);
    }
  }

  @Test
  void rowsWrittenByKafkaWriteComeBackFromKafkaReadAndBadRecordsOnErrors() throws Exception {
    String topic = "orders-" + UUID.randomUUID();
    KAFKA.createTopic(topic, 1);
    Map<String, ExpansionApi.SchemaTransformConfig> listed = client.discover();
    List<Row> orders =
        List.of(
            Row.withSchema(ORDER).addValues(1L, "toy", 9.5).build(),
            Row.withSchema(ORDER).addValues(2L, "book", 20.0).build(),
            Row.withSchema(ORDER).addValues(3L, "pen", 1.25).build());

    // kafka_write: the configuration row of the schema the service reported
    Row writeConfig =
        configRow(
            listed.get(WRITE),
            Map.of(
                "topic", topic,
                "bootstrap_servers", KAFKA.bootstrapServers(),
                "format", "json",
                "options",
                    Map.of("properties.linger.ms", "0", "properties.max.request.size", "1024"),
                // Java's External client wants at least one output: the rows that fail
                "error_handling", Map.of("output", "errors")));
    RunnerApi.FunctionSpec write = ExpansionServiceClient.spec(WRITE, writeConfig);
    PCollectionTuple writeOutputs = expandRemotely(write, orders);
    assertEquals(Set.of("errors"), tags(writeOutputs));
    assertEquals(
        List.of("failed_row", "error_message"),
        writeOutputs.get(new TupleTag<Row>("errors")).getSchema().getFieldNames());

    // a row whose record is over max.request.size comes out on the write's error output
    Row tooLarge = Row.withSchema(ORDER).addValues(5L, "x".repeat(4000), 1.0).build();
    List<Row> refused = runWith(write, orders, tooLarge);
    assertEquals(1, refused.size(), () -> "write errors: " + refused);
    assertEquals(5L, refused.get(0).getRow("failed_row").getInt64("id"));
    assertTrue(
        refused.get(0).getString("error_message").contains("max.request.size"),
        () -> "reason: " + refused.get(0).getString("error_message"));
    try (TestProducer producer = new TestProducer(KAFKA.bootstrapServers())) {
      producer.send(topic, 0, null, null, "{\"id\": 4, \"product\": "); // invalid JSON, offset 3
      producer.flush();
    }

    // kafka_read, bounded at the latest offsets, with the error output named "errors"
    Row readConfig =
        configRow(
            listed.get(READ),
            Map.of(
                "topic",
                topic,
                "bootstrap_servers",
                KAFKA.bootstrapServers(),
                "group_id",
                "st-" + UUID.randomUUID(),
                "format",
                "json",
                "schema",
                "id BIGINT NOT NULL, product STRING NOT NULL, price DOUBLE NOT NULL",
                "scan_startup_mode",
                "earliest-offset",
                "scan_bounded_mode",
                "latest-offset",
                "error_handling",
                Map.of("output", "errors")));
    RunnerApi.FunctionSpec read = ExpansionServiceClient.spec(READ, readConfig);
    PCollectionTuple readOutputs = expandRemotely(read, null);
    assertEquals(Set.of("output", "errors"), tags(readOutputs));
    Schema expanded = readOutputs.get(new TupleTag<Row>("output")).getSchema();
    assertTrue(ORDER.equivalent(expanded), () -> "output schema " + expanded);

    Pipeline pipeline = Pipeline.create(options());
    PCollectionRowTuple outputs =
        PCollectionRowTuple.empty(pipeline).apply("KafkaRead", transform(read));
    CollectingSink rows = new CollectingSink();
    CollectingSink errors = new CollectingSink();
    outputs.get("output").apply("CollectRows", rows);
    outputs.get("errors").apply("CollectErrors", errors);
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());

    Set<String> written =
        orders.stream().map(Row::toString).collect(Collectors.toCollection(TreeSet::new));
    Set<String> readBack =
        rows.rows().stream()
            .map(r -> Row.withSchema(ORDER).addValues(r.getValues()).build().toString())
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(written, readBack);
    assertEquals(1, errors.rows().size(), () -> "errors: " + errors.rows());
    Row error = errors.rows().get(0);
    assertEquals(topic, error.getString("topic"));
    assertEquals(0, error.getInt32("partition"));
    assertEquals(3L, error.getInt64("offset"));
    assertArrayEquals(
        "{\"id\": 4, \"product\": ".getBytes(StandardCharsets.UTF_8), error.getBytes("failed_row"));
    assertTrue(
        error.getString("error_message").contains("json"),
        () -> "reason: " + error.getString("error_message"));
  }

  /** Runs {@code write} over {@code orders} and {@code bad}; returns its error output's rows. */
  private List<Row> runWith(RunnerApi.FunctionSpec write, List<Row> orders, Row bad) {
    Pipeline pipeline = Pipeline.create(options());
    List<Row> all = new java.util.ArrayList<>(orders);
    all.add(bad);
    PCollection<Row> rows = pipeline.apply(Create.of(all).withRowSchema(ORDER));
    PCollectionRowTuple errors =
        PCollectionRowTuple.of("input", rows).apply("KafkaWrite", transform(write));
    CollectingSink failed = new CollectingSink();
    errors.get("errors").apply("CollectErrors", failed);
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    return failed.rows();
  }
}
